/**
 * The passphrase lock as a user meets it: a lock opens with its passphrase and no other, each
 * profile's secrets open only where they were sealed, the masks never show a sealed secret, and
 * secrets sealed by an earlier build (tests/fixtures/storage/v2-sealed.json) still open.
 */
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { MASK, maskSecret } from '../../redaction/mask';
import { refusal } from '../../testing/results';
import { fromBase64 } from '../../vocabulary/base64';
import {
  LockHeaderSchema,
  type SealedSecretRecord,
  SealedSecretRecordSchema,
  type StoredSecretRecord,
  StoredSecretsSchema,
} from './stored-shapes';
import {
  checkNewPassphrase,
  createLock,
  keyOpensLock,
  MAX_PASSPHRASE_LENGTH,
  openRecord,
  sealRecord,
  secretMasks,
  unlockBits,
  VAULT_LOCKED,
  WRONG_PASSPHRASE,
} from './vault';
import { importVaultKey, KDF_ITERATIONS, seal } from './vault-crypto';

const PASSPHRASE = 'crème brûlée on a rainy tuesday';
const PROFILE = '6b1f0c2e-8d4a-4f3b-9e21-0a5c7d9e1f01';
const OTHER_PROFILE = 'c4e8a1d2-3b5f-4a6c-8d7e-9f0a1b2c3d02';
const API_KEY = 'fixture-api-key-0001';
const CLIENT_SECRET = 'fixture-client-secret-0001';

const fixture = (name: string) =>
  JSON.parse(
    readFileSync(new URL(`../../../tests/fixtures/storage/${name}`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>;

let lock: Awaited<ReturnType<typeof createLock>>;
let otherLock: Awaited<ReturnType<typeof createLock>>;
let key: CryptoKey;
let otherKey: CryptoKey;

beforeAll(async () => {
  [lock, otherLock] = await Promise.all([createLock(PASSPHRASE), createLock(PASSPHRASE)]);
  [key, otherKey] = await Promise.all([importVaultKey(lock.bits), importVaultKey(otherLock.bits)]);
});

describe('checkNewPassphrase', () => {
  it.each([
    ['the shortest allowed (8)', 'a'.repeat(8)],
    ['the longest allowed', 'a'.repeat(MAX_PASSPHRASE_LENGTH)],
    ['several words with accents', PASSPHRASE],
    ['8 accented letters typed decomposed (NFD)', 'é'.repeat(8).normalize('NFD')],
  ])('accepts %s', (_, passphrase) => {
    expect(checkNewPassphrase(passphrase)).toEqual({ ok: true, value: passphrase });
  });

  it.each([
    ['empty', ''],
    ['one short of the minimum', 'a'.repeat(7)],
    ['short once its accents are composed (NFD typed)', 'é'.repeat(7).normalize('NFD')],
    ['one over the maximum', 'a'.repeat(MAX_PASSPHRASE_LENGTH + 1)],
  ])('refuses a passphrase that is %s, saying what length is needed', (_, passphrase) => {
    const error = refusal(checkNewPassphrase(passphrase), 'invalid_passphrase');
    expect(error.message).toMatch(/\d+ characters/);
  });
});

describe('createLock', () => {
  it('writes a header that storage accepts: PBKDF2-SHA256, at least 600 000 rounds, 16-byte salt', () => {
    expect(v.parse(LockHeaderSchema, lock.lock)).toEqual(lock.lock);
    expect(lock.lock.kdf).toBe('PBKDF2-SHA256');
    expect(lock.lock.iterations).toBeGreaterThanOrEqual(600_000);
    expect(lock.lock.iterations).toBe(KDF_ITERATIONS);
    expect(fromBase64(lock.lock.salt)).toHaveLength(16);
    expect(lock.bits).toHaveLength(32);
  });

  it('gives two locks of the same passphrase their own salt, key and check', () => {
    expect(otherLock.lock.salt).not.toBe(lock.lock.salt);
    expect(otherLock.lock.check).not.toEqual(lock.lock.check);
    expect(Buffer.from(otherLock.bits).equals(Buffer.from(lock.bits))).toBe(false);
  });

  it('does not keep the passphrase in the header', () => {
    const text = JSON.stringify(lock.lock);
    expect(text).not.toContain('rainy');
    expect(text).not.toContain(Buffer.from(PASSPHRASE).toString('base64').slice(0, 12));
  });
});

describe('unlocking', () => {
  it('the right passphrase gives the key that opens what was sealed at creation', async () => {
    const sealed = await sealRecord(key, { profileId: PROFILE, apiKey: API_KEY });
    const bits = await unlockBits(lock.lock, PASSPHRASE);
    expect(bits).not.toBeNull();
    expect(Buffer.from(bits as Uint8Array).equals(Buffer.from(lock.bits))).toBe(true);
    const reopened = await importVaultKey(bits as Uint8Array<ArrayBuffer>);
    expect(await openRecord(reopened, sealed)).toEqual({ profileId: PROFILE, apiKey: API_KEY });
  });

  it('the same passphrase typed decomposed (NFD) unlocks too', async () => {
    expect(await unlockBits(lock.lock, PASSPHRASE.normalize('NFD'))).not.toBeNull();
  });

  it('a wrong passphrase gives nothing', async () => {
    expect(await unlockBits(lock.lock, `${PASSPHRASE}.`)).toBeNull();
  });

  it('a lock recognises its own key and no other lock’s', async () => {
    expect(await keyOpensLock(key, lock.lock)).toBe(true);
    expect(await keyOpensLock(otherKey, lock.lock)).toBe(false);
  });

  it('the refusals say what happened and what to do', () => {
    refusal(WRONG_PASSPHRASE, 'wrong_passphrase');
    expect(WRONG_PASSPHRASE.error.message).toMatch(/nothing was changed/i);
    refusal(VAULT_LOCKED, 'vault_locked');
    expect(VAULT_LOCKED.error.hint).toMatch(/unlock/i);
  });
});

describe('sealRecord and openRecord', () => {
  const records: [string, StoredSecretRecord][] = [
    ['an API key only', { profileId: PROFILE, apiKey: API_KEY }],
    ['a client secret only', { profileId: PROFILE, clientSecret: CLIENT_SECRET }],
    ['both', { profileId: PROFILE, apiKey: API_KEY, clientSecret: CLIENT_SECRET }],
    ['neither', { profileId: PROFILE }],
    ['empty and non-ASCII values', { profileId: PROFILE, apiKey: '', clientSecret: 'ü😀"\\' }],
  ];

  it.each(records)('give back a record holding %s exactly', async (_, record) => {
    const sealed = await sealRecord(key, record);
    expect(v.parse(SealedSecretRecordSchema, sealed)).toEqual(sealed);
    expect(sealed.fields).toEqual(['apiKey', 'clientSecret'].filter((field) => field in record));
    expect(await openRecord(key, sealed)).toEqual(record);
  });

  it.each(records)('keep no secret in plain text in a record holding %s', async (_, record) => {
    const text = JSON.stringify(await sealRecord(key, record));
    if (record.apiKey) expect(text).not.toContain(record.apiKey);
    if (record.clientSecret) expect(text).not.toContain(record.clientSecret);
    expect(text).not.toContain('fixture');
  });

  describe('do not open a record that was altered', () => {
    const both = { profileId: PROFILE, apiKey: API_KEY, clientSecret: CLIENT_SECRET };
    let sealed: SealedSecretRecord;
    beforeAll(async () => {
      sealed = await sealRecord(key, both);
    });

    it('moved to another profile', async () => {
      expect(await openRecord(key, { ...sealed, profileId: OTHER_PROFILE })).toBeNull();
    });

    it.each([
      [['apiKey']],
      [['clientSecret']],
      [[]],
      [['clientSecret', 'apiKey']],
      [['apiKey', 'apiKey']],
    ] as const)('with its field list changed to %j', async (fields) => {
      expect(await openRecord(key, { ...sealed, fields: [...fields] })).toBeNull();
    });

    it('given another record’s ciphertext', async () => {
      const other = await sealRecord(key, { profileId: PROFILE, apiKey: 'fixture-api-key-0002' });
      expect(await openRecord(key, { ...sealed, iv: other.iv, data: other.data })).toBeNull();
    });

    it('sealed under another lock', async () => {
      expect(await openRecord(otherKey, sealed)).toBeNull();
    });

    it.each([
      ['a secret that is not text', '{"apiKey":7}'],
      ['a listed secret missing', '{}'],
    ])('sealed with %s (by hand, under the record’s own context)', async (_, text) => {
      // The context format is part of the stored format: v2-sealed.json pins it too.
      const context = `partner-api-devtools/secrets/v1\n${PROFILE}\napiKey`;
      const record = {
        profileId: PROFILE,
        fields: ['apiKey' as const],
        ...(await seal(key, text, context)),
      };
      expect(await openRecord(key, record)).toBeNull();
      const honest = { ...record, ...(await seal(key, `{"apiKey":"${API_KEY}"}`, context)) };
      expect(await openRecord(key, honest)).toEqual({ profileId: PROFILE, apiKey: API_KEY });
    });
  });
});

describe('secretMasks', () => {
  it('shows plain secrets as their masks', () => {
    expect(secretMasks({ profileId: PROFILE, apiKey: API_KEY })).toEqual({
      apiKey: maskSecret(API_KEY),
      clientSecret: null,
    });
    expect(secretMasks({ profileId: PROFILE, apiKey: API_KEY }).apiKey).toBe(`${MASK}0001`);
    expect(secretMasks({ profileId: PROFILE, clientSecret: CLIENT_SECRET })).toEqual({
      apiKey: null,
      clientSecret: maskSecret(CLIENT_SECRET),
    });
  });

  it.each([
    [['apiKey'], { apiKey: MASK, clientSecret: null }],
    [['clientSecret'], { apiKey: null, clientSecret: MASK }],
    [['apiKey', 'clientSecret'], { apiKey: MASK, clientSecret: MASK }],
    [[], { apiKey: null, clientSecret: null }],
  ] as const)('shows only that a sealed secret is there (fields %j)', async (fields, masks) => {
    const record: StoredSecretRecord = { profileId: PROFILE };
    for (const field of fields) record[field] = field === 'apiKey' ? API_KEY : CLIENT_SECRET;
    expect(secretMasks(await sealRecord(key, record))).toEqual(masks);
  });

  it('shows no secrets for a profile without a record', () => {
    expect(secretMasks(undefined)).toEqual({ apiKey: null, clientSecret: null });
  });
});

describe('secrets sealed by an earlier build (v2-sealed.json)', () => {
  it('open with the fixture passphrase and hold exactly the secrets of v1.json', async () => {
    const secrets = v.parse(StoredSecretsSchema, fixture('v2-sealed.json').secrets);
    if (secrets.kind !== 'sealed') throw new Error('expected the sealed fixture');
    const bits = await unlockBits(secrets.lock, 'fixture passphrase 2');
    if (bits === null) throw new Error('the fixture passphrase did not unlock the fixture');
    const fixtureKey = await importVaultKey(bits);
    const opened = await Promise.all(
      secrets.records.map((record) => openRecord(fixtureKey, record)),
    );
    expect(opened).toEqual(fixture('v1.json').secrets);
  });

  it('keep the same profiles, history and collections as v1.json', () => {
    const [v1, v2] = [fixture('v1.json'), fixture('v2-sealed.json')];
    for (const key of ['profiles', 'activeProfileId', 'history', 'collections']) {
      expect(v2[key], key).toEqual(v1[key]);
    }
    expect(JSON.stringify(v2)).not.toContain('fixture-api-key-0001');
    expect(JSON.stringify(v2)).not.toContain('fixture-client-secret-0001');
  });
});
