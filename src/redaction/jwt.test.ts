import { describe, expect, it } from 'vitest';
import { random } from '../testing/seeded-random';
import { decodeJwt } from './jwt';

function base64Url(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return Buffer.from(text, 'utf8').toString('base64url');
}

function jwt(header: unknown, claims: unknown, signature = 'c2lnbmF0dXJl'): string {
  return `${base64Url(header)}.${base64Url(claims)}.${signature}`;
}

const HEADER = { alg: 'HS256', typ: 'JWT' };
const IAT = 1_700_000_000;
const EXP = IAT + 3599;

/** A small deterministic generator (mulberry32), so a failing case can be replayed. */
describe('decodeJwt', () => {
  it('shows header, claims and the exp/iat/nbf times of a JWT access token as dates', () => {
    const token = jwt(HEADER, { sub: 'client-1', iat: IAT, nbf: IAT, exp: EXP, scope: 'read' });
    const decoded = decodeJwt(token);

    expect(decoded?.header).toEqual(HEADER);
    expect(decoded?.claims).toMatchObject({ sub: 'client-1', scope: 'read', exp: EXP });
    expect(decoded?.times).toEqual([
      { claim: 'exp', epochSeconds: EXP, iso: new Date(EXP * 1000).toISOString() },
      { claim: 'iat', epochSeconds: IAT, iso: '2023-11-14T22:13:20.000Z' },
      { claim: 'nbf', epochSeconds: IAT, iso: '2023-11-14T22:13:20.000Z' },
    ]);
  });

  it('reads UTF-8 text in claims and base64url characters (- and _) in segments', () => {
    // "?>" and "~~~" encode to base64url with - and _ in them.
    const claims = { name: 'Zoë ✓ 😀', pad: '?>?>~~~' };
    const token = jwt(HEADER, claims);
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(decodeJwt(token)?.claims).toEqual(claims);
  });

  it('decodes segments whatever their padding needs (lengths mod 4 of 0, 2 and 3)', () => {
    for (const sub of ['a', 'ab', 'abc', 'abcd']) {
      expect(decodeJwt(jwt(HEADER, { sub }))?.claims).toEqual({ sub });
    }
  });

  it('decodes a JWT with an empty signature (alg none) but lists no time without a time claim', () => {
    const decoded = decodeJwt(`${base64Url({ alg: 'none' })}.${base64Url({ sub: 'x' })}.`);
    expect(decoded?.header).toEqual({ alg: 'none' });
    expect(decoded?.times).toEqual([]);
  });

  it('ignores time claims that are not numbers of seconds (strings, milliseconds, NaN-ish)', () => {
    const decoded = decodeJwt(
      jwt(HEADER, { exp: String(EXP), iat: IAT * 1000, nbf: null, other: 1 }),
    );
    expect(decoded?.times).toEqual([]);
    expect(decoded?.claims.exp).toBe(String(EXP));
  });

  it('answers null for Apigee-style opaque tokens', () => {
    expect(decodeJwt('kG7rPq2VbX0uYc9Lm3NaHs8Wd1Ze')).toBeNull();
    expect(decodeJwt('')).toBeNull();
    expect(decodeJwt('a.b')).toBeNull();
    expect(decodeJwt('a.b.c.d')).toBeNull();
  });

  it('answers null when a segment is not base64url JSON of an object, or alg is missing', () => {
    expect(decodeJwt(jwt({ typ: 'JWT' }, { sub: 'x' }))).toBeNull();
    expect(decodeJwt(jwt({ alg: 5 }, { sub: 'x' }))).toBeNull();
    expect(decodeJwt(jwt(HEADER, [1, 2]))).toBeNull();
    expect(decodeJwt(jwt(HEADER, 'null'))).toBeNull();
    expect(decodeJwt(jwt(HEADER, '42'))).toBeNull();
    expect(decodeJwt(jwt(HEADER, 'not json'))).toBeNull();
    expect(decodeJwt(`${base64Url(HEADER)}.ab+c/.sig`)).toBeNull();
    expect(decodeJwt(`${base64Url(HEADER)}.abc=.sig`)).toBeNull();
    expect(decodeJwt(`${base64Url(HEADER)}..sig`)).toBeNull();
    // One base64 character left over (length 4n+1) can never be valid.
    expect(decodeJwt(`${base64Url(HEADER)}.abcde.sig`)).toBeNull();
    // Bytes that are not UTF-8.
    const latin1 = Buffer.from('{"sub":"\xe9"}', 'latin1').toString('base64url');
    expect(decodeJwt(`${base64Url(HEADER)}.${latin1}.sig`)).toBeNull();
  });

  it('answers null for a token longer than 16 KiB instead of decoding it', () => {
    const token = jwt(HEADER, { pad: 'x'.repeat(20_000) });
    expect(token.length).toBeGreaterThan(16_384);
    expect(decodeJwt(token)).toBeNull();
  });

  it('keeps a __proto__ claim as data and does not pollute Object.prototype', () => {
    const token = `${base64Url(HEADER)}.${base64Url('{"__proto__":{"polluted":true},"sub":"x"}')}.s`;
    const decoded = decodeJwt(token);
    expect(Object.hasOwn(decoded?.claims ?? {}, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('never throws on generated garbage', () => {
    const next = random(99);
    const alphabet = [...'abcXYZ019-_.=+/ {}":,eyJ\u0000é✓'];
    for (let i = 0; i < 2000; i++) {
      let text = '';
      const length = Math.floor(next() * 60);
      for (let j = 0; j < length; j++) text += alphabet[Math.floor(next() * alphabet.length)];
      // Half the cases start with a real header so the claims segment gets exercised.
      const token = next() < 0.5 ? `${base64Url(HEADER)}.${text}` : text;
      expect(() => decodeJwt(token)).not.toThrow();
    }
  });
});
