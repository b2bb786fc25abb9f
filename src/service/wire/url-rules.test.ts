import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { accepted, refusal } from '../../testing/results';
import {
  isLoopbackHost,
  originPatternsToRequest,
  originsOnlyUsedBy,
  parseServiceUrl,
  withoutTrailingSlash,
} from './url-rules';

describe('parseServiceUrl', () => {
  it('accepts an https address, with or without a base path', () => {
    expect(accepted(parseServiceUrl('https://api.example.com', 'Base URL')).href).toBe(
      'https://api.example.com/',
    );
    expect(accepted(parseServiceUrl('  https://api.example.com/sandbox  ', 'Base URL')).href).toBe(
      'https://api.example.com/sandbox',
    );
  });

  it.each(['http://localhost:8787', 'http://LOCALHOST:8787', 'http://127.0.0.1:8787'])(
    'accepts plain http to the loopback address %s (the sandbox)',
    (raw) => {
      expect(accepted(parseServiceUrl(raw, 'Base URL')).protocol).toBe('http:');
    },
  );

  it.each(['http://127.1.2.3', 'http://[::1]:8787', 'http://sandbox.localhost:8787'])(
    'refuses plain http to %s, a loopback name the extension is never granted, suggesting 127.0.0.1',
    (raw) => {
      const error = refusal(parseServiceUrl(raw, 'Base URL'), 'invalid_profile');
      expect(error.hint).toContain('http://127.0.0.1');
    },
  );

  it('refuses plain http to any other host, with a hint giving the https address', () => {
    const error = refusal(
      parseServiceUrl('http://api.example.com/sandbox', 'Base URL'),
      'invalid_profile',
    );
    expect(error.message).toContain('Base URL');
    expect(error.hint).toContain('https://api.example.com/sandbox');
  });

  it('refuses plain http to a host that only looks like loopback', () => {
    refusal(parseServiceUrl('http://127.0.0.1.evil.example', 'Base URL'), 'invalid_profile');
    refusal(parseServiceUrl('http://localhost.evil.example', 'Base URL'), 'invalid_profile');
    refusal(parseServiceUrl('http://10.0.0.1', 'Base URL'), 'invalid_profile');
  });

  it.each([
    ['an empty string', ''],
    ['blanks', '   '],
    ['garbage', 'not a url'],
    ['a host without a scheme', 'api.example.com'],
    ['ftp', 'ftp://files.example.com'],
    ['a file URL', 'file:///etc/passwd'],
    ['javascript', 'javascript:alert(1)'],
  ])('refuses %s', (_label, raw) => {
    refusal(parseServiceUrl(raw, 'Auth URL'), 'invalid_profile');
  });

  it('names the field in the message', () => {
    expect(refusal(parseServiceUrl('', 'Auth URL'), 'invalid_profile').message).toContain(
      'Auth URL',
    );
  });

  it('refuses credentials in the URL without repeating the password', () => {
    const error = refusal(
      parseServiceUrl('https://partner:hunter2secret@api.example.com', 'Base URL'),
      'invalid_profile',
    );
    expect(JSON.stringify(error)).not.toContain('hunter2secret');
    refusal(parseServiceUrl('https://partner@api.example.com', 'Base URL'), 'invalid_profile');
  });

  it('refuses a query or a fragment', () => {
    refusal(parseServiceUrl('https://api.example.com/?env=sandbox', 'Base URL'), 'invalid_profile');
    refusal(parseServiceUrl('https://api.example.com/#top', 'Base URL'), 'invalid_profile');
  });

  // Regression guard: a bare "?" or "#" has an empty search/hash, so it passes the check, and
  // withoutTrailingSlash keeps it: the stored Auth URL "https://auth.example.com/?" would make the
  // token endpoint `${authUrl}/o/oauth/accesstoken` a query string of https://auth.example.com/.
  it('never keeps a bare "?" or "#" in the stored address', () => {
    for (const raw of ['https://auth.example.com/?', 'https://auth.example.com/sandbox/#']) {
      const result = parseServiceUrl(raw, 'Auth URL');
      if (result.ok) expect(withoutTrailingSlash(result.value)).toMatch(/^[^?#]*$/);
    }
  });
});

describe('withoutTrailingSlash', () => {
  it('removes trailing slashes so that base + /v1/... never doubles a slash', () => {
    const url = (raw: string) => accepted(parseServiceUrl(raw, 'Base URL'));
    expect(withoutTrailingSlash(url('https://api.example.com/'))).toBe('https://api.example.com');
    expect(withoutTrailingSlash(url('https://api.example.com'))).toBe('https://api.example.com');
    expect(withoutTrailingSlash(url('https://api.example.com/sandbox/'))).toBe(
      'https://api.example.com/sandbox',
    );
    expect(withoutTrailingSlash(url('http://127.0.0.1:8787//'))).toBe('http://127.0.0.1:8787');
  });
});

describe('isLoopbackHost', () => {
  it('knows loopback names and addresses', () => {
    for (const host of ['localhost', 'sandbox.localhost', '127.0.0.1', '127.255.0.9', '[::1]']) {
      expect(isLoopbackHost(host)).toBe(true);
    }
    for (const host of ['example.com', '128.0.0.1', '127.0.0.1.example.com', '0.0.0.0', '::1x']) {
      expect(isLoopbackHost(host)).toBe(false);
    }
  });
});

describe('originPatternsToRequest', () => {
  it('asks for each remote https origin once, as an origin pattern', () => {
    expect(
      originPatternsToRequest([
        'https://auth.example.com/oauth',
        'https://api.example.com/sandbox',
        'https://api.example.com/other',
        'https://api.example.com:8443',
      ]),
      // Match patterns carry no port: one pattern covers every port of a host.
    ).toEqual(['https://auth.example.com/*', 'https://api.example.com/*']);
  });

  it('asks for nothing for the http sandbox on loopback, garbage or an empty list', () => {
    expect(
      originPatternsToRequest(['http://127.0.0.1:8787', 'http://localhost:8787', 'not a url', '']),
    ).toEqual([]);
    expect(originPatternsToRequest([])).toEqual([]);
  });

  it('never asks for plain http to a remote host (the profile refuses it anyway)', () => {
    expect(originPatternsToRequest(['http://api.example.com'])).toEqual([]);
  });

  // A profile whose address is neither granted at install nor asked for would save fine and then
  // fail every call with permission_missing.
  it('every address the rules accept is either granted at install or asked for', () => {
    const manifest = JSON.parse(readFileSync('manifest.json', 'utf8')) as {
      host_permissions: string[];
    };
    const granted = (url: URL) =>
      manifest.host_permissions.some((pattern) => {
        const match = /^(\w+):\/\/([^/]+)\//.exec(pattern);
        return match?.[1] === url.protocol.slice(0, -1) && match[2] === url.hostname;
      });
    for (const raw of [
      'http://127.0.0.1:8787',
      'http://localhost:8787',
      'https://localhost:8443',
      'https://api.example.com',
    ]) {
      const url = accepted(parseServiceUrl(raw, 'Base URL'));
      const asked = originPatternsToRequest([raw]).length > 0;
      expect({ raw, reachable: granted(url) || asked }).toEqual({ raw, reachable: true });
    }
  });
});

describe('originsOnlyUsedBy', () => {
  it('offers to revoke only the https origins no remaining profile uses', () => {
    const removed = { authUrl: 'https://auth.example.com', baseUrl: 'https://api.example.com/v2' };
    expect(originsOnlyUsedBy(removed, [])).toEqual([
      'https://auth.example.com/*',
      'https://api.example.com/*',
    ]);
    expect(
      originsOnlyUsedBy(removed, [{ authUrl: '', baseUrl: 'https://api.example.com:8443' }]),
    ).toEqual(['https://auth.example.com/*']);
    expect(originsOnlyUsedBy({ authUrl: '', baseUrl: 'http://127.0.0.1:8787' }, [])).toEqual([]);
  });
});
