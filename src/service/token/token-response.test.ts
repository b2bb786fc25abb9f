import { describe, expect, it } from 'vitest';
import { accepted, refusal } from '../../testing/results';
import { random } from '../../testing/seeded-random';
import {
  type DecodedToken,
  decodeTokenResponse,
  isBearerLike,
  SHORT_FORM_FIELDS,
  SPEC_TOKEN_FIELDS,
} from './token-response';

const RECEIVED_AT = Date.UTC(2025, 2, 14, 9, 30, 0, 250);
const ISSUED_AT = RECEIVED_AT - 180;
const ACCESS_TOKEN = 'kG7rPq2VbX0uYc9Lm3NaHs8Wd1Ze';
const CLIENT_ID = 'MXLeYTBwKhtZugZkoY0HNMIZ9XfdMr92';
const PRODUCTS = ['Partner API Sandbox', 'Partner Reports'];

/** The spec 5.3 response without the fields "present in the longer form". */
function shortForm(): Record<string, unknown> {
  return {
    access_token: ACCESS_TOKEN,
    token_type: 'Bearer',
    expires_in: 3599,
    issued_at: String(ISSUED_AT),
    client_id: CLIENT_ID,
    status: 'approved',
    refresh_token_expires_in: 0,
    api_product_list: '[Partner API Sandbox, Partner Reports]',
    organization_name: 'partner-org',
    'developer.email': 'dev@example.com',
  };
}

/** Every field of the spec 5.3 table. */
function longForm(): Record<string, unknown> {
  return {
    ...shortForm(),
    refresh_count: '0',
    scope: '',
    api_product_list_json: [...PRODUCTS],
    application_name: '5f0c3c1e-9a4b-4e0d-8c7a-2b6d1e9f4a37',
  };
}

function decode(body: unknown, receivedAt = RECEIVED_AT): DecodedToken {
  return accepted(
    decodeTokenResponse(typeof body === 'string' ? body : JSON.stringify(body), receivedAt),
  );
}

function base64Url(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

function noteFor(token: DecodedToken, field: string): string {
  return token.notes
    .filter((item) => item.field === field)
    .map((item) => item.message)
    .join(' | ');
}

describe('decodeTokenResponse: the spec 5.3 forms', () => {
  it('lists the fields of the spec table, developer.email with its dot', () => {
    expect(SPEC_TOKEN_FIELDS).toEqual([
      'access_token',
      'token_type',
      'expires_in',
      'issued_at',
      'client_id',
      'status',
      'refresh_token_expires_in',
      'refresh_count',
      'scope',
      'api_product_list',
      'api_product_list_json',
      'organization_name',
      'application_name',
      'developer.email',
    ]);
    expect(new Set(SPEC_TOKEN_FIELDS)).toEqual(new Set(Object.keys(longForm())));
  });

  it('decodes the long form completely: no notes, nothing missing, nothing extra', () => {
    const token = decode(longForm());

    expect(token).toMatchObject({
      accessToken: ACCESS_TOKEN,
      tokenType: 'Bearer',
      expiresInSeconds: 3599,
      issuedAtMs: ISSUED_AT,
      expiresAtMs: ISSUED_AT + 3_599_000,
      expiresInLooksLikeMs: false,
      clientId: CLIENT_ID,
      status: 'approved',
      products: PRODUCTS,
      productsFrom: 'api_product_list_json',
      productListsDisagree: false,
      developerEmail: 'dev@example.com',
      missing: [],
      extraFields: [],
      notes: [],
      jwt: null,
    });
    expect(Object.keys(token.raw)).toEqual(Object.keys(longForm()));
  });

  it('decodes the short form, reading products from the bracket string with spaces kept', () => {
    const token = decode(shortForm());

    expect(token.products).toEqual(PRODUCTS);
    expect(token.productsFrom).toBe('api_product_list');
    expect(token.missing).toEqual([]);
    expect(token.notes).toEqual([]);
    expect(token.extraFields).toEqual([]);
    expect(token.developerEmail).toBe('dev@example.com');
  });

  it('lists each missing short-form field', () => {
    for (const name of SHORT_FORM_FIELDS) {
      const body = shortForm();
      delete body[name];
      expect(decode(body).missing, name).toEqual([name]);
    }
    expect(decode({}).missing).toEqual([...SHORT_FORM_FIELDS]);
  });

  // Spec deviation: SHORT_FORM_FIELDS leaves out refresh_token_expires_in ("Present"),
  // organization_name and developer.email, which the spec's table does not mark as long-form
  // only; a response without them is not flagged, although the short form carries them.
  it('lists refresh_token_expires_in, organization_name and developer.email when missing', () => {
    const body = shortForm();
    delete body.refresh_token_expires_in;
    delete body.organization_name;
    delete body['developer.email'];
    expect(decode(body).missing).toEqual([
      'refresh_token_expires_in',
      'organization_name',
      'developer.email',
    ]);
  });
});

describe('decodeTokenResponse: what real gateways send', () => {
  it('accepts Apigee numbers sent as strings and says so in a note', () => {
    const token = decode({ ...longForm(), expires_in: '3599', refresh_token_expires_in: '0' });

    expect(token.expiresInSeconds).toBe(3599);
    expect(token.expiresAtMs).toBe(ISSUED_AT + 3_599_000);
    expect(noteFor(token, 'expires_in')).toContain('string');
    expect(noteFor(token, 'refresh_token_expires_in')).toContain('string');
    // issued_at and refresh_count are strings in the spec itself: no note for them.
    expect(noteFor(token, 'issued_at')).toBe('');
    expect(noteFor(token, 'refresh_count')).toBe('');
  });

  it('reads issued_at digits as milliseconds since the epoch, and a number with a note', () => {
    expect(decode(longForm()).issuedAtMs).toBe(ISSUED_AT);
    const numeric = decode({ ...longForm(), issued_at: ISSUED_AT });
    expect(numeric.issuedAtMs).toBe(ISSUED_AT);
    expect(noteFor(numeric, 'issued_at')).toContain('string of digits');
  });

  it('detects issued_at in seconds, converts it and says so', () => {
    const seconds = Math.floor(ISSUED_AT / 1000);
    const token = decode({ ...longForm(), issued_at: String(seconds) });

    expect(token.issuedAtMs).toBe(seconds * 1000);
    expect(token.expiresAtMs).toBe(seconds * 1000 + 3_599_000);
    expect(noteFor(token, 'issued_at')).toContain('seconds');
  });

  it('derives the expiry as issued_at + expires_in × 1000 and explains it in seconds', () => {
    const token = decode(longForm());
    expect(token.expiresAtMs).toBe(ISSUED_AT + 3599 * 1000);
    expect(token.expiryExplanation).toContain('expires_in 3599');
    expect(token.expiryExplanation).toContain('seconds');
    expect(token.expiryExplanation).toContain('issued_at');
    expect(token.expiryExplanation).toContain(new Date(ISSUED_AT + 3_599_000).toISOString());
  });

  it('counts from the time of arrival when issued_at is more than a day away from it', () => {
    for (const issuedAt of [RECEIVED_AT - 2 * 86_400_000, RECEIVED_AT + 2 * 86_400_000]) {
      const token = decode({ ...longForm(), issued_at: String(issuedAt) });
      expect(token.issuedAtMs).toBe(issuedAt);
      expect(token.expiresAtMs).toBe(RECEIVED_AT + 3_599_000);
      expect(token.expiryExplanation).toContain('more than a day');
    }
  });

  it('counts from the time of arrival when issued_at is missing or unreadable', () => {
    for (const issued_at of [undefined, 'yesterday', '', { ms: 1 }]) {
      const token = decode({ ...longForm(), issued_at });
      expect(token.issuedAtMs).toBeNull();
      expect(token.expiresAtMs).toBe(RECEIVED_AT + 3_599_000);
      expect(token.expiryExplanation).toContain('arrived');
    }
  });

  it('flags an expires_in that only makes sense as milliseconds', () => {
    const token = decode({ ...longForm(), expires_in: 3_599_000 });
    expect(token.expiresInLooksLikeMs).toBe(true);
    expect(token.expiryExplanation).toContain('milliseconds');
    expect(token.expiryExplanation).toContain('60 minutes');

    expect(decode({ ...longForm(), expires_in: 86_400 }).expiresInLooksLikeMs).toBe(false);
    expect(decode({ ...longForm(), expires_in: 30 * 86_400 }).expiresInLooksLikeMs).toBe(false);
    // A year as seconds is long, but as milliseconds it would be under 9 hours: still flagged.
    expect(decode({ ...longForm(), expires_in: '31536000' }).expiresInLooksLikeMs).toBe(true);
  });

  it('says the expiry is unknown without a usable expires_in', () => {
    for (const expires_in of [undefined, 'soon', 1.5]) {
      const token = decode({ ...longForm(), expires_in });
      expect(token.expiresAtMs).toBeNull();
      expect(token.expiresInSeconds).toBeNull();
      expect(token.expiryExplanation).toContain('unknown');
    }
  });

  it('prefers api_product_list_json and notices when the two lists disagree', () => {
    const agree = decode({ ...longForm(), api_product_list_json: [...PRODUCTS].reverse() });
    expect(agree.productsFrom).toBe('api_product_list_json');
    expect(agree.products).toEqual([...PRODUCTS].reverse());
    expect(agree.productListsDisagree).toBe(false);

    const differ = decode({ ...longForm(), api_product_list_json: ['Partner Reports'] });
    expect(differ.products).toEqual(['Partner Reports']);
    expect(differ.productListsDisagree).toBe(true);
  });

  it('falls back to api_product_list when api_product_list_json is unusable, with a note', () => {
    const token = decode({ ...longForm(), api_product_list_json: 'Partner Reports' });
    expect(token.productsFrom).toBe('api_product_list');
    expect(token.products).toEqual(PRODUCTS);
    expect(token.productListsDisagree).toBe(false);
    expect(noteFor(token, 'api_product_list_json')).toContain('not an array of strings');
  });

  it('reports no product source when neither list is present', () => {
    const body = shortForm();
    delete body.api_product_list;
    const token = decode(body);
    expect(token.products).toEqual([]);
    expect(token.productsFrom).toBeNull();
  });

  it('keeps fields the spec does not list, with their JSON', () => {
    const token = decode({
      ...longForm(),
      'x-request-id': 'req-1',
      custom: { nested: [1, 'two', null] },
      flag: false,
    });
    expect(token.extraFields).toEqual([
      { name: 'x-request-id', json: '"req-1"' },
      { name: 'custom', json: '{"nested":[1,"two",null]}' },
      { name: 'flag', json: 'false' },
    ]);
  });

  it('decodes a JWT access token and leaves an opaque one undecoded', () => {
    const iat = Math.floor(ISSUED_AT / 1000);
    const accessToken = `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url({
      sub: CLIENT_ID,
      iat,
      exp: iat + 3599,
    })}.c2ln`;
    const token = decode({ ...longForm(), access_token: accessToken });

    expect(token.accessToken).toBe(accessToken);
    expect(token.jwt?.header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(token.jwt?.claims.sub).toBe(CLIENT_ID);
    expect(token.jwt?.times.map((time) => time.claim)).toEqual(['exp', 'iat']);
    expect(token.jwt?.times[0]?.iso).toBe(new Date((iat + 3599) * 1000).toISOString());

    expect(decode(longForm()).jwt).toBeNull();
  });
});

describe('isBearerLike', () => {
  it('takes Bearer and Apigee’s BearerToken, in any case, and nothing else', () => {
    for (const type of ['Bearer', 'bearer', 'BEARER', 'BearerToken', 'bearertoken', ' Bearer ']) {
      expect(isBearerLike(type), type).toBe(true);
    }
    for (const type of ['MAC', 'Basic', 'Bearer2', 'BearerTokens', 'Bear', '', null]) {
      expect(isBearerLike(type), String(type)).toBe(false);
    }
  });
});

describe('decodeTokenResponse: garbage never throws', () => {
  function refused(body: string) {
    return refusal(decodeTokenResponse(body, RECEIVED_AT), 'token_malformed');
  }

  it('refuses text that is not JSON with a hint about the Auth URL', () => {
    for (const body of ['', ' ', '<html><title>502</title></html>', '{', "{'a':1}", 'undefined']) {
      expect(refused(body).hint).toContain('Auth URL');
    }
  });

  it('refuses JSON that is not an object', () => {
    for (const body of ['null', '42', '"token"', 'true', '[]', '[{"access_token":"x"}]']) {
      expect(refused(body).message).toContain('not an object');
    }
  });

  it('refuses a body larger than 1 MB without parsing it', () => {
    const body = JSON.stringify({ access_token: 'x', pad: 'y'.repeat(1024 * 1024) });
    expect(refused(body).message).toContain('1 MB');
  });

  it('reads __proto__ and other Object.prototype names as plain fields and pollutes nothing', () => {
    const body =
      '{"__proto__":{"polluted":true,"access_token":"evil"},"constructor":{"prototype":{"polluted":true}},' +
      '"hasOwnProperty":1,"toString":"x","expires_in":3599}';
    const token = decode(body);

    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(token.accessToken).toBeNull();
    expect(token.missing).toContain('access_token');
    expect(token.extraFields.map((extra) => extra.name)).toEqual([
      '__proto__',
      'constructor',
      'hasOwnProperty',
      'toString',
    ]);
    expect(token.extraFields[0]?.json).toBe('{"polluted":true,"access_token":"evil"}');
  });

  it('survives weird values in every field', () => {
    const weird = [null, true, false, 0, -1, 1.5, 1e308, '', ' ', 'x', [], [null], {}, { a: {} }];
    for (const value of weird) {
      const body: Record<string, unknown> = {};
      for (const name of SPEC_TOKEN_FIELDS) body[name] = value;
      expect(() => decodeTokenResponse(JSON.stringify(body), RECEIVED_AT)).not.toThrow();
      expect(decodeTokenResponse(JSON.stringify(body), RECEIVED_AT).ok).toBe(true);
    }
    // 1e400 parses as Infinity.
    expect(decodeTokenResponse('{"expires_in":1e400,"issued_at":-1e400}', RECEIVED_AT).ok).toBe(
      true,
    );
  });

  it('survives moderately deep nesting in any field', () => {
    const deep = `${'['.repeat(1000)}${']'.repeat(1000)}`;
    for (const name of ['x', 'expires_in', 'access_token', 'api_product_list_json']) {
      expect(decodeTokenResponse(`{"${name}":${deep}}`, RECEIVED_AT).ok, name).toBe(true);
    }
  });

  // Regression guard: a 20 KB body nesting 10 000 arrays parses (JSON.parse copes), but the decoder then calls
  // the recursive JSON.stringify on it (extraFields for an unknown field, readInteger's note for
  // expires_in), which throws RangeError: Maximum call stack size exceeded. Seen from about 5 000
  // levels in Node 20.
  it('does not throw for deeply nested values (10 000 levels, 20 KB)', () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    for (const name of ['x', 'expires_in']) {
      const body = `{"access_token":"t","${name}":${deep}}`;
      expect(() => decodeTokenResponse(body, RECEIVED_AT), name).not.toThrow();
    }
  });

  /** Random JSON text in the shape of a token response, or broken text. */
  function generated(next: () => number): string {
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
    const keys = [...SPEC_TOKEN_FIELDS, '__proto__', 'constructor', 'x', '', 'developer'];
    const scalar = (): unknown =>
      pick([
        () => null,
        () => next() < 0.5,
        // Magnitudes stay below 1e12; beyond-any-date values have their own test below.
        () => Math.floor((next() - 0.5) * 2e12),
        () => (next() - 0.5) * 1e6,
        () => String(Math.floor(next() * 1e12)),
        () => pick(['', ' ', 'Bearer', 'BearerToken', '[a, b]', '[]', '[', 'approved', '✓😀']),
        () => '\u0000\u2028'.repeat(Math.floor(next() * 3)),
      ])();
    const value = (depth: number): unknown => {
      if (depth > 3 || next() < 0.6) return scalar();
      if (next() < 0.5)
        return Array.from({ length: Math.floor(next() * 4) }, () => value(depth + 1));
      const object: Record<string, unknown> = {};
      for (let i = Math.floor(next() * 4); i > 0; i--) object[pick(keys)] = value(depth + 1);
      return object;
    };
    const body: Record<string, unknown> = {};
    for (let i = Math.floor(next() * 16); i > 0; i--) body[pick(keys)] = value(0);
    let text = JSON.stringify(next() < 0.9 ? body : value(0));
    // Sometimes a real JSON __proto__ key (JSON.stringify cannot write one from an object).
    if (next() < 0.2) text = text.replace(/^\{/, '{"__proto__":{"polluted":1},').replace(',}', '}');
    // Sometimes a broken body: cut short or with a stray character.
    if (next() < 0.15) text = text.slice(0, Math.floor(next() * text.length));
    if (next() < 0.05) text = `${text}x`;
    return text;
  }

  it('gives a value or a typed error for 3000 generated bodies and never pollutes prototypes', () => {
    const next = random(2025);
    for (let i = 0; i < 3000; i++) {
      const text = generated(next);
      let result: ReturnType<typeof decodeTokenResponse> | undefined;
      expect(() => {
        result = decodeTokenResponse(text, RECEIVED_AT);
      }, text).not.toThrow();
      if (result?.ok === false) expect(result.error.code).toBe('token_malformed');
      if (result?.ok === true) {
        expect(Array.isArray(result.value.products)).toBe(true);
        expect(result.value.products.every((name) => typeof name === 'string')).toBe(true);
        expect(typeof result.value.expiryExplanation).toBe('string');
      }
    }
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  // Regression guard: an expires_in large enough that issued_at + expires_in × 1000 is past the largest Date
  // (8.64e15 ms) makes deriveExpiry call toISOString() on an invalid Date, which throws
  // RangeError: Invalid time value. Any expires_in from about 8.6e12 (number or Apigee string)
  // crashes the decoder instead of giving a value or a typed error.
  it('does not throw for an expires_in beyond the range of a Date', () => {
    for (const expires_in of [
      9_007_199_254_740_991,
      8_640_000_000_000,
      '9999999999999999',
      -1e13,
    ]) {
      const body = JSON.stringify({ ...longForm(), expires_in });
      expect(() => decodeTokenResponse(body, RECEIVED_AT)).not.toThrow();
    }
  });
});
