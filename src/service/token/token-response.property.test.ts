/**
 * Property-based tests: whatever a token endpoint (or something pretending to be one) sends,
 * `decodeTokenResponse` answers with a value or a typed error, quickly, without throwing and
 * without touching a prototype.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectPrototypesClean, expectTypedResult, MAX_MS } from '../../testing/property-checks';
import { decodeTokenResponse, SPEC_TOKEN_FIELDS } from './token-response';

/** Raise with FC_RUNS=5000 for a longer hunt; the default keeps the suite fast. */
const NUM_RUNS = Number(process.env.FC_RUNS) || 300;

/** Calls `decode`, asserting that it neither throws nor takes longer than MAX_MS. */
function decodeChecked(body: string, receivedAtMs: number) {
  const started = performance.now();
  let result: ReturnType<typeof decodeTokenResponse> | undefined;
  let thrown: unknown = null;
  try {
    result = decodeTokenResponse(body, receivedAtMs);
  } catch (error) {
    thrown = error;
  }
  const elapsed = performance.now() - started;
  expect(thrown, `threw for ${JSON.stringify(body).slice(0, 200)}`).toBeNull();
  expect(elapsed).toBeLessThan(MAX_MS);
  expectTypedResult(result);
  expectPrototypesClean();
  return result as ReturnType<typeof decodeTokenResponse>;
}

const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** Values that sit on the edges of the lenient readers. */
const edgyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-0',
    ' 12 ',
    '1e400',
    '9007199254740993',
    '9999999999999999',
    '-9999999999999999',
    'NaN',
    'Infinity',
    '[Product A, Product B]',
    '[]',
    '[,,,]',
    'BearerToken',
    '\u0000',
    '\uD800',
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER,
    Number.MIN_SAFE_INTEGER,
    8.64e15,
    -8.64e15,
    0.5,
    -0,
    true,
    null,
  ),
  fc.integer(),
  fc.maxSafeInteger(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: 0, max: 9_999_999_999_999 }).map(String),
  fc.array(fc.string(), { maxLength: 5 }),
);

/** A JWT-shaped access token: three base64url parts, the first two of random JSON or text. */
const jwtLike: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(fc.json({ maxDepth: 2 }), fc.string()),
    fc.oneof(
      fc.json({ maxDepth: 2 }),
      fc.string(),
      fc
        .record({ exp: edgyValue, iat: edgyValue, nbf: edgyValue, sub: edgyValue })
        .map((claims) => JSON.stringify(claims)),
    ),
    fc.string({ maxLength: 20 }),
    fc.boolean(),
  )
  .map(([header, payload, signature, encode]) =>
    encode
      ? `${base64url(header)}.${base64url(payload)}.${base64url(signature)}`
      : `${header}.${payload}.${signature}`,
  );

const fieldName = fc.oneof(
  fc.constantFrom(...SPEC_TOKEN_FIELDS),
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'),
  fc.string({ maxLength: 12 }),
);

/** JSON text of an object with spec fields (and others) holding edgy values. */
const tokenLikeBody: fc.Arbitrary<string> = fc
  .array(fc.tuple(fieldName, fc.oneof(edgyValue, jwtLike)), { maxLength: 16 })
  .map(
    (entries) =>
      `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`,
  );

const deeplyNested: fc.Arbitrary<string> = fc
  .tuple(
    fc.integer({ min: 1, max: 5_000 }),
    fc.constantFrom('[', '{"a":'),
    fc.constantFrom(...SPEC_TOKEN_FIELDS),
  )
  .map(([depth, open, name]) => {
    const close = open === '[' ? ']' : '}';
    return `{${JSON.stringify(name)}:${open.repeat(depth)}1${close.repeat(depth)}}`;
  });

const anyBody: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.json(),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  tokenLikeBody,
  deeplyNested,
);

const realisticNow = fc.integer({ min: 0, max: 4_102_444_800_000 }); // 1970 .. 2100

describe('decodeTokenResponse, property-based', () => {
  it('answers any text with a value or a typed error, quickly, without throwing', () => {
    fc.assert(
      fc.property(anyBody, realisticNow, (body, now) => {
        decodeChecked(body, now);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('decodes every JSON object it is given (ok), keeping every field in raw', () => {
    fc.assert(
      fc.property(tokenLikeBody, realisticNow, (body, now) => {
        const result = decodeChecked(body, now);
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        const parsed = JSON.parse(body) as Record<string, unknown>;
        expect(Object.keys(result.value.raw)).toEqual(Object.keys(parsed));
        // A derived expiry is a real date or none at all.
        const { expiresAtMs } = result.value;
        if (expiresAtMs !== null) expect(Number.isNaN(new Date(expiresAtMs).getTime())).toBe(false);
        for (const note of result.value.notes) {
          expect(note.field).toBeTypeOf('string');
          expect(note.message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('refuses every JSON value that is not an object with token_malformed', () => {
    fc.assert(
      fc.property(
        fc
          .jsonValue()
          .filter((value) => value === null || typeof value !== 'object' || Array.isArray(value)),
        realisticNow,
        (value, now) => {
          const result = decodeChecked(JSON.stringify(value), now);
          expect(result.ok).toBe(false);
          if (!result.ok) expect(result.error.code).toBe('token_malformed');
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });

  it('never lets a "__proto__" member reach a prototype', () => {
    fc.assert(
      fc.property(
        tokenLikeBody,
        fc.jsonValue({ maxDepth: 2 }),
        realisticNow,
        (body, extra, now) => {
          const inner = body.slice(1, -1);
          const head = `"__proto__":{"polluted":"yes","access_token":${JSON.stringify(extra) ?? 'null'}}`;
          const polluting = `{${head}${inner === '' ? '' : `,${inner}`}}`;
          expect(() => JSON.parse(polluting)).not.toThrow();
          const result = decodeChecked(polluting, now);
          if (result.ok) expect(Object.getPrototypeOf(result.value.raw)).toBe(Object.prototype);
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });

  // Regression guard: with a `receivedAtMs` outside the range of a JS Date (|t| > 8.64e15 ms) and a
  // small negative `expires_in`, deriveExpiry passes its "expiry is a real date" check but then
  // calls `new Date(receivedAtMs).toISOString()`, which throws RangeError ("Invalid time value").
  // The caller passes Date.now(), so this cannot happen in the extension today; the module
  // comment, however, promises that "any input gives a value or a typed error".
  it('answers even for any receivedAtMs (including out-of-range clock values)', () => {
    fc.assert(
      fc.property(
        fc.oneof(tokenLikeBody, fc.constant('{"expires_in":-1}')),
        fc.oneof(fc.double(), fc.constantFrom(8.64e15 + 1, -8.64e15 - 1, Number.MAX_VALUE)),
        (body, now) => {
          decodeChecked(body, now);
        },
      ),
      { numRuns: NUM_RUNS, examples: [['{"expires_in":-1}', 8.64e15 + 1]] },
    );
  });
});
