import { describe, expect, it } from 'vitest';
import { accepted, refusal } from '../../testing/results';
import type { HttpMethod } from '../../vocabulary/terms';
import { buildV1Request, type CallAuth, type V1Call } from './v1-request';

const COMPANY = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';
const API_KEY = 'ak_9d8c7b6a5f4e3d2c1b0a';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.e30.c2ln';
const target = { baseUrl: 'https://api.example.com', companyId: COMPANY };
const apiKey: CallAuth = { kind: 'apiKey', apiKey: API_KEY };
const bearer: CallAuth = { kind: 'bearer', accessToken: TOKEN };

function call(overrides: Partial<V1Call> = {}): V1Call {
  return { method: 'GET', path: 'products', query: [], headers: [], body: '', ...overrides };
}

const urlOf = (path: string, baseUrl = target.baseUrl) =>
  accepted(buildV1Request({ ...target, baseUrl }, apiKey, call({ path }))).url;

describe('buildV1Request: the URL', () => {
  it('is {base}/v1/<path>', () => {
    expect(urlOf('products/42')).toBe('https://api.example.com/v1/products/42');
  });

  it('keeps a path prefix of the base address', () => {
    expect(urlOf('products', 'https://h.example.com/sandbox')).toBe(
      'https://h.example.com/sandbox/v1/products',
    );
    expect(urlOf('products', 'http://127.0.0.1:8787/sandbox/')).toBe(
      'http://127.0.0.1:8787/sandbox/v1/products',
    );
  });

  it('strips leading slashes and blanks around the path', () => {
    expect(urlOf('/products')).toBe('https://api.example.com/v1/products');
    expect(urlOf('  ///products/42 ')).toBe('https://api.example.com/v1/products/42');
    expect(urlOf('')).toBe('https://api.example.com/v1/');
  });

  it('encodes a % that starts no escape, and keeps every other escape, upper-cased', () => {
    expect(urlOf('notes/%22q%22/100%s/%zz?a=%s&b=%2F')).toBe(
      'https://api.example.com/v1/notes/%22q%22/100%25s/%25zz?a=%25s&b=%2F',
    );
    expect(urlOf('a%2fb/%E6%97%A5')).toBe('https://api.example.com/v1/a%2Fb/%E6%97%A5');
  });

  it('writes the path and query as Python requests, HTTPie and curl all send them', () => {
    // Raw in a WHATWG URL, encoded by urllib3: encoded here, so that every client sends the same.
    expect(urlOf('files/[draft]|v2^/x?f=[a]|{b}^`c`\\d')).toBe(
      'https://api.example.com/v1/files/%5Bdraft%5D%7Cv2%5E/x?f=%5Ba%5D%7C%7Bb%7D%5E%60c%60%5Cd',
    );
    // Escapes of unreserved characters, which requests decodes, are decoded here.
    expect(urlOf('a%41%7e%2D/%5F?q=%2e')).toBe('https://api.example.com/v1/aA~-/_?q=.');
    // What every client keeps raw stays raw.
    expect(urlOf("x/!$&'()*+,;=:@~-._?y=/?:@")).toBe(
      "https://api.example.com/v1/x/!$&'()*+,;=:@~-._?y=/?:@",
    );
  });

  it('allows ".." that stays inside /v1/', () => {
    expect(urlOf('products/../orders')).toBe('https://api.example.com/v1/orders');
  });

  it.each([
    '..',
    '../admin',
    'products/../../admin',
    '%2e%2e/admin',
    '%2E%2E/admin',
    '.%2e/admin',
    '..\\admin',
    'products\\..\\..\\admin',
    './../admin',
    '../v1-internal/keys',
  ])('refuses %j, which resolves outside /v1/', (path) => {
    const error = refusal(buildV1Request(target, apiKey, call({ path })), 'path_outside_v1');
    expect(error.message).toContain('/v1/');
  });

  it('refuses leaving /v1/ under a base path prefix, even into the prefix itself', () => {
    const sandbox = { ...target, baseUrl: 'https://h.example.com/sandbox' };
    refusal(buildV1Request(sandbox, apiKey, call({ path: '../admin' })), 'path_outside_v1');
    refusal(buildV1Request(sandbox, apiKey, call({ path: '../../v1/x' })), 'path_outside_v1');
  });

  it('never sends the call to another host', () => {
    for (const path of ['//evil.example/x', '\\\\evil.example\\x', 'https://evil.example/x']) {
      const result = buildV1Request(target, apiKey, call({ path }));
      if (result.ok) expect(new URL(result.value.url).origin).toBe('https://api.example.com');
    }
  });

  it('refuses "#" in the path', () => {
    expect(
      refusal(buildV1Request(target, apiKey, call({ path: 'products#top' })), 'invalid_request')
        .message,
    ).toContain('#');
  });
});

describe('buildV1Request: query parameters', () => {
  it('appends them in order, encoded', () => {
    const { url } = accepted(
      buildV1Request(
        target,
        apiKey,
        call({
          query: [
            { name: 'q', value: 'a b&c=d' },
            { name: 'city', value: 'Zürich' },
            { name: 'tag', value: '1' },
            { name: 'tag', value: '2' },
          ],
        }),
      ),
    );
    const parsed = new URL(url);
    expect(parsed.pathname).toBe('/v1/products');
    expect([...parsed.searchParams]).toEqual([
      ['q', 'a b&c=d'],
      ['city', 'Zürich'],
      ['tag', '1'],
      ['tag', '2'],
    ]);
    expect(parsed.search).not.toContain(' ');
    expect(parsed.search).toContain('%26c%3Dd');
  });

  it('works with a query written inline in the path, and adds the others after it', () => {
    expect(urlOf('products?a=b')).toBe('https://api.example.com/v1/products?a=b');
    const { url } = accepted(
      buildV1Request(
        target,
        apiKey,
        call({ path: 'products?a=b', query: [{ name: 'c', value: 'd' }] }),
      ),
    );
    expect(url).toBe('https://api.example.com/v1/products?a=b&c=d');
  });

  it('skips an empty row and refuses a value without a name', () => {
    const { url } = accepted(
      buildV1Request(target, apiKey, call({ query: [{ name: '', value: '' }] })),
    );
    expect(url).toBe('https://api.example.com/v1/products');
    refusal(
      buildV1Request(target, apiKey, call({ query: [{ name: '', value: 'x' }] })),
      'invalid_request',
    );
  });
});

describe('buildV1Request: headers', () => {
  it('sends Content-Type, companyId and x-apikey, in that order, for an API-key profile', () => {
    expect(accepted(buildV1Request(target, apiKey, call())).headers).toEqual([
      { name: 'Content-Type', value: 'application/json' },
      { name: 'companyId', value: COMPANY },
      { name: 'x-apikey', value: API_KEY },
    ]);
  });

  it('sends Authorization: Bearer <token> instead of x-apikey for an OAuth profile', () => {
    expect(accepted(buildV1Request(target, bearer, call())).headers).toEqual([
      { name: 'Content-Type', value: 'application/json' },
      { name: 'companyId', value: COMPANY },
      { name: 'Authorization', value: `Bearer ${TOKEN}` },
    ]);
  });

  it('uses exactly one auth header, whatever the user adds', () => {
    for (const auth of [apiKey, bearer]) {
      const { headers } = accepted(
        buildV1Request(target, auth, call({ headers: [{ name: 'X-Request-Id', value: 'r-1' }] })),
      );
      const authHeaders = headers.filter((h) => /^(x-apikey|authorization)$/i.test(h.name));
      expect(authHeaders).toHaveLength(1);
    }
  });

  it('puts the user’s headers after the contract headers, skipping empty rows', () => {
    const { headers } = accepted(
      buildV1Request(
        target,
        apiKey,
        call({
          headers: [
            { name: 'X-Request-Id', value: 'r-1' },
            { name: ' ', value: '' },
            { name: 'Accept-Language', value: 'de' },
          ],
        }),
      ),
    );
    expect(headers.slice(3)).toEqual([
      { name: 'X-Request-Id', value: 'r-1' },
      { name: 'Accept-Language', value: 'de' },
    ]);
  });

  it.each(['content-type', 'CompanyId', 'X-APIKEY', 'authorization'])(
    'refuses a user header %j that would replace a contract header',
    (name) => {
      refusal(
        buildV1Request(target, apiKey, call({ headers: [{ name, value: 'x' }] })),
        'invalid_request',
      );
    },
  );

  it('refuses a user header value with a line break', () => {
    refusal(
      buildV1Request(
        target,
        apiKey,
        call({ headers: [{ name: 'X-Trace', value: '1\r\nx-apikey: other' }] }),
      ),
      'invalid_request',
    );
  });

  it('refuses a stored API key or token with CR/LF, without echoing it', () => {
    const key = 'ak_stored_secret_value';
    const keyError = refusal(
      buildV1Request(target, { kind: 'apiKey', apiKey: `${key}\r\nX-Evil: 1` }, call()),
      'invalid_request',
    );
    expect(JSON.stringify(keyError)).not.toContain(key);
    const tokenError = refusal(
      buildV1Request(target, { kind: 'bearer', accessToken: `${TOKEN}\n` }, call()),
      'invalid_request',
    );
    expect(JSON.stringify(tokenError)).not.toContain(TOKEN);
  });

  it('refuses a company ID with a line break', () => {
    refusal(
      buildV1Request({ ...target, companyId: `${COMPANY}\n` }, apiKey, call()),
      'invalid_request',
    );
  });
});

describe('buildV1Request: method and body', () => {
  it.each(['GET', 'HEAD'] as HttpMethod[])('refuses a %s request with a body', (method) => {
    expect(
      refusal(buildV1Request(target, apiKey, call({ method, body: '{"a":1}' })), 'invalid_request')
        .message,
    ).toContain(method);
  });

  it('sends no body for GET, even when the body field holds only blanks', () => {
    expect(accepted(buildV1Request(target, apiKey, call({ body: ' \n ' }))).body).toBeNull();
  });

  it('turns an empty body into no body', () => {
    expect(
      accepted(buildV1Request(target, apiKey, call({ method: 'POST', body: '' }))).body,
    ).toBeNull();
  });

  it('sends the body of POST, PUT, PATCH and DELETE exactly as typed', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as HttpMethod[]) {
      const prepared = accepted(
        buildV1Request(target, apiKey, call({ method, body: ' {"a": 1}\n' })),
      );
      expect(prepared).toMatchObject({ method, body: ' {"a": 1}\n' });
    }
  });
});
