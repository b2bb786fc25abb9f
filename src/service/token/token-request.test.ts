import { describe, expect, it } from 'vitest';
import { random } from '../../testing/seeded-random';
import {
  base64Utf8,
  basicCredentials,
  buildTokenRequest,
  formEncode,
  type PreparedTokenRequest,
  redactTokenRequest,
  type TokenRequestInput,
  tokenEndpoint,
} from './token-request';

const AUTH_URL = 'https://auth.partner.example';
const CLIENT_ID = 'MXLeYTBwKhtZugZkoY0HNMIZ9XfdMr92';
const CLIENT_SECRET = 'E7G6hm0JopDGWLgQq57ojyhTHojhwpHt';
const FORM = 'application/x-www-form-urlencoded';

function input(overrides: Partial<TokenRequestInput> = {}): TokenRequestInput {
  return {
    authUrl: AUTH_URL,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    variant: 'basic',
    formEncodeCredentials: false,
    ...overrides,
  };
}

function header(request: PreparedTokenRequest, name: string): string | undefined {
  return request.headers.find((item) => item.name.toLowerCase() === name.toLowerCase())?.value;
}

/** What a server reads out of the Basic header: the base64 decoded as UTF-8. */
function decodedBasic(request: PreparedTokenRequest): string {
  const value = header(request, 'Authorization') ?? '';
  expect(value).toMatch(/^Basic [A-Za-z0-9+/]+=*$/);
  return Buffer.from(value.slice('Basic '.length), 'base64').toString('utf8');
}

/** A small deterministic generator (mulberry32), so a failing case can be replayed. */
function randomText(next: () => number, alphabet: string[], min: number, max: number): string {
  const length = min + Math.floor(next() * (max - min + 1));
  let text = '';
  for (let i = 0; i < length; i++) text += alphabet[Math.floor(next() * alphabet.length)];
  return text;
}

describe('tokenEndpoint', () => {
  it('appends the token path of spec 4.1 to the Auth URL', () => {
    expect(tokenEndpoint(AUTH_URL)).toBe('https://auth.partner.example/o/oauth/accesstoken');
  });

  it('never writes a double slash when the Auth URL ends with one or more slashes', () => {
    expect(tokenEndpoint(`${AUTH_URL}/`)).toBe('https://auth.partner.example/o/oauth/accesstoken');
    expect(tokenEndpoint(`${AUTH_URL}///`)).toBe(
      'https://auth.partner.example/o/oauth/accesstoken',
    );
    expect(tokenEndpoint('http://127.0.0.1:8787/gw/')).toBe(
      'http://127.0.0.1:8787/gw/o/oauth/accesstoken',
    );
  });
});

describe('buildTokenRequest, variant A (Basic header)', () => {
  it('sends POST, the form content type, Basic base64(id:secret) and only grant_type in the body', () => {
    const request = buildTokenRequest(input());

    expect(request.method).toBe('POST');
    expect(request.url).toBe('https://auth.partner.example/o/oauth/accesstoken');
    expect(header(request, 'Content-Type')).toBe(FORM);
    expect(decodedBasic(request)).toBe(`${CLIENT_ID}:${CLIENT_SECRET}`);
    expect(request.body).toBe('grant_type=client_credentials');
    expect(request.headers).toHaveLength(2);
  });

  it('encodes the UTF-8 bytes of a non-ASCII secret (where btoa alone would throw)', () => {
    const secret = 'sécrét-✓';
    expect(() => btoa(`${CLIENT_ID}:${secret}`)).toThrow();

    const request = buildTokenRequest(input({ clientSecret: secret }));

    expect(decodedBasic(request)).toBe(`${CLIENT_ID}:${secret}`);
    const bytes = Buffer.from((header(request, 'Authorization') ?? '').slice(6), 'base64');
    expect(bytes.equals(Buffer.from(`${CLIENT_ID}:${secret}`, 'utf8'))).toBe(true);
  });

  it('does not send Latin-1 text as single bytes (é is two UTF-8 bytes, not one)', () => {
    const encoded = base64Utf8('é');
    expect(Buffer.from(encoded, 'base64')).toEqual(Buffer.from([0xc3, 0xa9]));
    expect(encoded).not.toBe(btoa('é'));
  });

  it('joins id and secret raw when RFC 6749 form-encoding is off, as the spec and Apigee do', () => {
    const request = buildTokenRequest(
      input({ clientId: 'my id:1', clientSecret: 'p%s+w&rd x', formEncodeCredentials: false }),
    );
    expect(decodedBasic(request)).toBe('my id:1:p%s+w&rd x');
  });

  it('form-encodes id and secret before joining them when RFC 6749 encoding is on', () => {
    const request = buildTokenRequest(
      input({ clientId: 'my id:1', clientSecret: 'p%s+w&rd x', formEncodeCredentials: true }),
    );
    // space -> +, % -> %25, + -> %2B, : -> %3A, & -> %26; the joining colon stays a colon.
    expect(decodedBasic(request)).toBe('my+id%3A1:p%25s%2Bw%26rd+x');
    expect(request.body).toBe('grant_type=client_credentials');
  });

  it('form-encoding leaves plain letters and digits unchanged', () => {
    const encoded = buildTokenRequest(input({ formEncodeCredentials: true }));
    const raw = buildTokenRequest(input({ formEncodeCredentials: false }));
    expect(header(encoded, 'Authorization')).toBe(header(raw, 'Authorization'));
  });

  it('basicCredentials and formEncode agree with the request that is sent', () => {
    expect(formEncode('a b%+:&')).toBe('a+b%25%2B%3A%26');
    expect(formEncode('')).toBe('');
    expect(Buffer.from(basicCredentials('a:b', 'c d', true), 'base64').toString('utf8')).toBe(
      'a%3Ab:c+d',
    );
    expect(Buffer.from(basicCredentials('a:b', 'c d', false), 'base64').toString('utf8')).toBe(
      'a:b:c d',
    );
  });

  it('round-trips generated ids and secrets: a server that decodes the header gets them back', () => {
    const next = random(4711);
    const alphabet = [...'abcXYZ019 %+:&=/?#~!*._-éü€✓😀\t'];
    for (let i = 0; i < 300; i++) {
      const clientId = randomText(next, alphabet, 1, 20);
      const clientSecret = randomText(next, alphabet, 0, 40);
      const raw = decodedBasic(buildTokenRequest(input({ clientId, clientSecret })));
      expect(raw).toBe(`${clientId}:${clientSecret}`);

      const encoded = decodedBasic(
        buildTokenRequest(input({ clientId, clientSecret, formEncodeCredentials: true })),
      );
      // RFC 6749 2.3.1: the server splits at the first colon, then form-decodes each part.
      const colon = encoded.indexOf(':');
      const decode = (part: string) => new URLSearchParams(`x=${part}`).get('x');
      expect(decode(encoded.slice(0, colon))).toBe(clientId);
      expect(decode(encoded.slice(colon + 1))).toBe(clientSecret);
    }
  });
});

describe('buildTokenRequest, variant B (form body)', () => {
  it('sends grant_type, client_id and client_secret in the body and no Authorization header', () => {
    const request = buildTokenRequest(input({ variant: 'body' }));

    expect(request.method).toBe('POST');
    expect(request.url).toBe('https://auth.partner.example/o/oauth/accesstoken');
    expect(header(request, 'Content-Type')).toBe(FORM);
    expect(header(request, 'Authorization')).toBeUndefined();
    expect(request.headers).toHaveLength(1);
    expect(request.body).toBe(
      `grant_type=client_credentials&client_id=${CLIENT_ID}&client_secret=${CLIENT_SECRET}`,
    );
  });

  it('form-encodes reserved characters so the server reads the exact id and secret', () => {
    const request = buildTokenRequest(
      input({ variant: 'body', clientId: 'my id:1', clientSecret: 'p%s+w&rd x=✓' }),
    );
    expect(request.body).toBe(
      'grant_type=client_credentials&client_id=my+id%3A1&client_secret=p%25s%2Bw%26rd+x%3D%E2%9C%93',
    );
    const form = new URLSearchParams(request.body);
    expect(form.get('grant_type')).toBe('client_credentials');
    expect(form.get('client_id')).toBe('my id:1');
    expect(form.get('client_secret')).toBe('p%s+w&rd x=✓');
    expect([...form.keys()]).toEqual(['grant_type', 'client_id', 'client_secret']);
  });

  it('ignores the RFC 6749 switch, which is about the Basic header only', () => {
    const on = buildTokenRequest(input({ variant: 'body', formEncodeCredentials: true }));
    const off = buildTokenRequest(input({ variant: 'body', formEncodeCredentials: false }));
    expect(on).toEqual(off);
  });
});

describe('redactTokenRequest', () => {
  it('hides the whole Basic value, so not even the tail of the base64 shows', () => {
    const request = buildTokenRequest(input());
    const shown = redactTokenRequest(request);

    expect(header(shown, 'Authorization')).toBe('Basic ••••');
    expect(header(shown, 'Content-Type')).toBe(FORM);
    expect(shown.body).toBe('grant_type=client_credentials');
    expect(shown.url).toBe(request.url);

    const text = JSON.stringify(shown);
    const base64 = base64Utf8(`${CLIENT_ID}:${CLIENT_SECRET}`);
    expect(text).not.toContain(CLIENT_SECRET);
    expect(text).not.toContain(base64);
    expect(text).not.toContain(base64.slice(-8));
  });

  it('does not change the request that is sent', () => {
    const request = buildTokenRequest(input());
    const before = JSON.stringify(request);
    redactTokenRequest(request);
    expect(JSON.stringify(request)).toBe(before);
    expect(decodedBasic(request)).toBe(`${CLIENT_ID}:${CLIENT_SECRET}`);
  });

  it('masks client_secret in a form body to •••• and at most its last 4 characters', () => {
    const shown = redactTokenRequest(buildTokenRequest(input({ variant: 'body' })));
    expect(shown.body).toBe(
      `grant_type=client_credentials&client_id=${CLIENT_ID}&client_secret=••••${CLIENT_SECRET.slice(-4)}`,
    );
    expect(JSON.stringify(shown)).not.toContain(CLIENT_SECRET);
  });

  it('shows fewer characters of a short secret, and none of a very short one', () => {
    const short = redactTokenRequest(
      buildTokenRequest(input({ variant: 'body', clientSecret: 'abcdefgh' })),
    );
    expect(new URLSearchParams(short.body).get('client_secret')).toBe('••••gh');
    const tiny = redactTokenRequest(
      buildTokenRequest(input({ variant: 'body', clientSecret: 'abc' })),
    );
    expect(tiny.body).toMatch(/client_secret=••••$/);
  });

  it('never shows a generated secret, raw or form-encoded, nor the Basic base64', () => {
    const next = random(20_240);
    const alphabet = [..."abcdefXYZ0123456789 %+:&=/?#~!*._-$`'éü€✓😀"];
    for (let i = 0; i < 300; i++) {
      const clientSecret = randomText(next, alphabet, 12, 48);
      for (const variant of ['basic', 'body'] as const) {
        for (const formEncodeCredentials of [false, true]) {
          const request = buildTokenRequest(
            input({ clientSecret, variant, formEncodeCredentials }),
          );
          const text = JSON.stringify(redactTokenRequest(request));
          expect(text).not.toContain(JSON.stringify(clientSecret).slice(1, -1));
          expect(text).not.toContain(formEncode(clientSecret));
          expect(text).not.toContain(base64Utf8(`${CLIENT_ID}:${clientSecret}`));
        }
      }
    }
  });

  // Regression guard: the mask is passed to String.prototype.replace as a replacement string, so a `$&` among
  // the last 4 characters of the secret is expanded to the matched text, i.e. the whole
  // form-encoded client_secret parameter. Actual body:
  // grant_type=client_credentials&client_id=…&client_secret=••••12&client_secret=abcdefghijkl12%24%26
  it('does not leak a secret whose last characters are $& into the shown body', () => {
    const clientSecret = 'abcdefghijkl12$&';
    const shown = redactTokenRequest(
      buildTokenRequest(input({ variant: 'body', clientSecret, clientId: 'id' })),
    );
    expect(shown.body).not.toContain(formEncode(clientSecret));
    expect(shown.body.match(/client_secret=/g)).toHaveLength(1);
    expect(shown.body).toBe('grant_type=client_credentials&client_id=id&client_secret=••••12$&');
  });
});
