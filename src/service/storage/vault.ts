/**
 * The passphrase lock over the saved secrets, as pure steps the worker strings together: make a
 * lock, tell a right passphrase from a wrong one, seal and open one profile's record. Invariant:
 * nothing here keeps a passphrase or a key; the caller decides where the key lives (the worker:
 * `storage.session`, so a browser restart locks the vault again).
 */

import { MASK } from '../../redaction/mask';
import { fail, ok, type Result } from '../../vocabulary/errors';
import { maskSecrets } from '../profile/profile';
import type { ProfileView } from '../profile/profile-input';
import { MAX_PASSPHRASE_LENGTH, MIN_PASSPHRASE_LENGTH } from './passphrase-limits';
import {
  type LockHeader,
  SECRET_FIELDS,
  type SealedSecretRecord,
  type SecretField,
  type StoredSecretRecord,
} from './stored-shapes';
import {
  deriveKeyBits,
  importVaultKey,
  KDF_ITERATIONS,
  open,
  randomSalt,
  seal,
} from './vault-crypto';

export { MAX_PASSPHRASE_LENGTH, MIN_PASSPHRASE_LENGTH };

/** The known text sealed into every lock: it opens only under the right key. */
const CHECK_TEXT = 'Partner API DevTools vault';
const CHECK_CONTEXT = 'partner-api-devtools/vault-check/v1';

/** What a record's ciphertext is bound to: its profile and the list of fields it holds. */
function recordContext(profileId: string, fields: readonly SecretField[]): string {
  return `partner-api-devtools/secrets/v1\n${profileId}\n${fields.join(',')}`;
}

export function checkNewPassphrase(passphrase: string): Result<string> {
  if (passphrase.normalize('NFC').length < MIN_PASSPHRASE_LENGTH) {
    return fail(
      'invalid_passphrase',
      `A passphrase needs at least ${MIN_PASSPHRASE_LENGTH} characters.`,
      'Choose a longer one: several unrelated words are easy to remember and hard to guess.',
    );
  }
  if (passphrase.length > MAX_PASSPHRASE_LENGTH) {
    return fail(
      'invalid_passphrase',
      `A passphrase may have at most ${MAX_PASSPHRASE_LENGTH} characters.`,
      'Choose a shorter one.',
    );
  }
  return ok(passphrase);
}

export const WRONG_PASSPHRASE = fail(
  'wrong_passphrase',
  'That passphrase does not unlock the saved secrets. Nothing was changed.',
  'Check it and try again (is Caps Lock on?). If it is forgotten, “Reset secrets” removes the saved secrets only; profiles and collections stay.',
);

export const VAULT_LOCKED = fail(
  'vault_locked',
  'The saved secrets are locked.',
  'Unlock them with your passphrase (the Unlock form at the top of the panel), then try again.',
);

/** A new lock for `passphrase`, and the raw key bits it opens with. */
export async function createLock(
  passphrase: string,
): Promise<{ lock: LockHeader; bits: Uint8Array<ArrayBuffer> }> {
  const salt = randomSalt();
  const bits = await deriveKeyBits(passphrase, salt, KDF_ITERATIONS);
  const check = await seal(await importVaultKey(bits), CHECK_TEXT, CHECK_CONTEXT);
  return { lock: { kdf: 'PBKDF2-SHA256', iterations: KDF_ITERATIONS, salt, check }, bits };
}

/** The key bits `passphrase` gives for this lock, or null when it is not the lock's passphrase. */
export async function unlockBits(
  lock: LockHeader,
  passphrase: string,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const bits = await deriveKeyBits(passphrase, lock.salt, lock.iterations);
  return (await keyOpensLock(await importVaultKey(bits), lock)) ? bits : null;
}

export async function keyOpensLock(key: CryptoKey, lock: LockHeader): Promise<boolean> {
  return (await open(key, lock.check, CHECK_CONTEXT)) === CHECK_TEXT;
}

export async function sealRecord(
  key: CryptoKey,
  record: StoredSecretRecord,
): Promise<SealedSecretRecord> {
  const secrets: Partial<Record<SecretField, string>> = {};
  for (const field of SECRET_FIELDS) {
    const value = record[field];
    if (value !== undefined) secrets[field] = value;
  }
  const fields = SECRET_FIELDS.filter((field) => secrets[field] !== undefined);
  const sealed = await seal(key, JSON.stringify(secrets), recordContext(record.profileId, fields));
  return { profileId: record.profileId, fields, ...sealed };
}

/** The record in plain text, or null when this key did not seal it as it now stands. */
export async function openRecord(
  key: CryptoKey,
  record: SealedSecretRecord,
): Promise<StoredSecretRecord | null> {
  const text = await open(key, record, recordContext(record.profileId, record.fields));
  if (text === null) return null;
  const secrets = JSON.parse(text) as Partial<Record<SecretField, unknown>>;
  const plain: StoredSecretRecord = { profileId: record.profileId };
  for (const field of record.fields) {
    const value = secrets[field];
    if (typeof value !== 'string') return null;
    plain[field] = value;
  }
  return plain;
}

/** The masked view of a profile's secrets; while locked only whether each one is there. */
export function secretMasks(
  record: StoredSecretRecord | SealedSecretRecord | undefined,
): ProfileView['secrets'] {
  if (record === undefined) return { apiKey: null, clientSecret: null };
  if ('fields' in record) {
    return {
      apiKey: record.fields.includes('apiKey') ? MASK : null,
      clientSecret: record.fields.includes('clientSecret') ? MASK : null,
    };
  }
  const { apiKey, clientSecret } = record;
  return maskSecrets({
    ...(apiKey === undefined ? {} : { apiKey }),
    ...(clientSecret === undefined ? {} : { clientSecret }),
  });
}
