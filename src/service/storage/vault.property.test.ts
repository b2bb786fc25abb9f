/**
 * Property-based tests: whatever is done to a sealed record in storage, as long as it still has
 * the stored shape, `openRecord` opens it to exactly the record that was sealed in that form, or
 * answers null; it never throws and never yields a secret altered or moved to another profile.
 */
import fc from 'fast-check';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectPrototypesClean, NUM_RUNS } from '../../testing/property-checks';
import { fromBase64, toBase64 } from '../../vocabulary/base64';
import {
  SECRET_FIELDS,
  type SealedSecretRecord,
  SealedSecretRecordSchema,
  type StoredSecretRecord,
} from './stored-shapes';
import { openRecord, sealRecord } from './vault';
import { importVaultKey } from './vault-crypto';

const PLAIN: StoredSecretRecord[] = [
  { profileId: '6b1f0c2e-8d4a-4f3b-9e21-0a5c7d9e1f01', apiKey: 'fixture-api-key-0001' },
  { profileId: 'c4e8a1d2-3b5f-4a6c-8d7e-9f0a1b2c3d02', clientSecret: 'fixture-client-secret-0001' },
  { profileId: 'p3', apiKey: 'fixture-api-key-0003', clientSecret: 'fixture-client-secret-0003' },
  { profileId: 'p4' },
];

/** A random key: the properties do not depend on how it was derived, so no 600 000 rounds. */
let key: CryptoKey;
let sealed: SealedSecretRecord[];

beforeAll(async () => {
  key = await importVaultKey(crypto.getRandomValues(new Uint8Array(32)));
  sealed = await Promise.all(PLAIN.map((record) => sealRecord(key, record)));
});

/** The same bytes in one spelling (atob ignores stray bits in the last base64 character). */
const canonical = (record: SealedSecretRecord) =>
  JSON.stringify({
    ...record,
    iv: toBase64(fromBase64(record.iv)),
    data: toBase64(fromBase64(record.data)),
  });

const flipBit = (base64: string, at: number) => {
  const bytes = fromBase64(base64);
  if (bytes.length === 0) return base64;
  const bit = at % (bytes.length * 8);
  bytes[bit >> 3] = (bytes[bit >> 3] as number) ^ (1 << (bit & 7));
  return toBase64(bytes);
};

type Part = 'iv' | 'data';
/** A tampered IV or ciphertext: kept, flipped, cut, borrowed from another record, or random. */
const tamperedBytes = (part: Part) =>
  fc.oneof(
    // Kept more often than not changed, so that records which must still open come up too.
    { arbitrary: fc.constant((own: SealedSecretRecord) => own[part]), weight: 4 },
    fc.nat().map((at) => (own: SealedSecretRecord) => flipBit(own[part], at)),
    fc
      .nat()
      .map(
        (cut) => (own: SealedSecretRecord) =>
          toBase64(fromBase64(own[part]).slice(0, -1 - (cut % 20))),
      ),
    fc
      .nat({ max: PLAIN.length - 1 })
      .map((index) => () => (sealed[index] as SealedSecretRecord)[part]),
    fc
      .uint8Array({ minLength: part === 'iv' ? 12 : 0, maxLength: part === 'iv' ? 12 : 120 })
      .map((bytes) => () => toBase64(bytes)),
  );

const tampering = fc.record({
  source: fc.nat({ max: PLAIN.length - 1 }),
  iv: tamperedBytes('iv'),
  data: tamperedBytes('data'),
  profileId: fc.oneof(
    fc.constant(null),
    fc.constantFrom(...PLAIN.map((record) => record.profileId)),
    fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
  ),
  fields: fc.oneof(
    fc.constant(null),
    fc.array(fc.constantFrom(...SECRET_FIELDS), { maxLength: SECRET_FIELDS.length }),
  ),
});

describe('openRecord over tampered records', () => {
  it('opens a record only in the exact form it was sealed in, else gives null', async () => {
    await fc.assert(
      fc.asyncProperty(tampering, async (change) => {
        const own = sealed[change.source] as SealedSecretRecord;
        const record: SealedSecretRecord = {
          profileId: change.profileId ?? own.profileId,
          fields: change.fields ?? own.fields,
          iv: change.iv(own),
          data: change.data(own),
        };
        fc.pre(v.is(SealedSecretRecordSchema, record));
        const original = sealed.findIndex((item) => canonical(item) === canonical(record));
        const opened = await openRecord(key, record);
        if (original === -1) expect(opened).toBeNull();
        else expect(opened).toEqual(PLAIN[original]);
        expectPrototypesClean();
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('opens every untouched record', async () => {
    for (const [index, record] of sealed.entries()) {
      expect(await openRecord(key, record)).toEqual(PLAIN[index]);
    }
  });
});
