/**
 * The saved secrets (API keys, client secrets), plain or sealed under the passphrase lock.
 * Invariant: the only module that opens secret records. While the lock is on, the key exists only
 * in `storage.session` (memory, gone when the browser closes); without it every read of a secret
 * fails with `vault_locked`, and no record is written unsealed.
 */
import * as v from 'valibot';
import type { LockState } from '../../../src/protocol/messages';
import type { StoredSecrets } from '../../../src/service/profile/profile';
import type { ProfileView } from '../../../src/service/profile/profile-input';
import {
  type LockHeader,
  type SealedSecretRecord,
  SessionKeySchema,
  type StoredSecretRecord,
  StoredSecretsSchema,
  type StoredSecretsValue,
} from '../../../src/service/storage/stored-shapes';
import {
  openRecord,
  sealRecord,
  secretMasks,
  VAULT_LOCKED,
} from '../../../src/service/storage/vault';
import { importVaultKey } from '../../../src/service/storage/vault-crypto';
import { fromBase64, toBase64 } from '../../../src/vocabulary/base64';
import { fail } from '../../../src/vocabulary/errors';
import { phaseTimes } from '../phase-times';
import { readSession, removeSession, writeSession } from './session-store';
import { readKey, StorageError } from './storage';

export const loadSecretsValue = (): Promise<StoredSecretsValue> =>
  readKey('secrets', StoredSecretsSchema, { kind: 'plain', records: [] });

/** The imported key, so that a call does not import it again; the session copy stays the truth. */
let imported: { bits: string; key: Promise<CryptoKey> } | null = null;

/** The key of `lock` while it is unlocked, else null (no key kept, or one of an older lock). */
export async function unlockedKey(lock: LockHeader): Promise<CryptoKey | null> {
  const parsed = v.safeParse(SessionKeySchema, await readSession('vaultKey'));
  if (!parsed.success || parsed.output.salt !== lock.salt) return null;
  if (imported?.bits !== parsed.output.bits) {
    const bits = fromBase64(parsed.output.bits);
    imported = {
      bits: parsed.output.bits,
      key: phaseTimes.time('vault', () => importVaultKey(bits)),
    };
  }
  return imported.key;
}

export async function keepKey(lock: LockHeader, bits: Uint8Array): Promise<void> {
  await writeSession({ vaultKey: { salt: lock.salt, bits: toBase64(bits) } });
}

export async function dropKey(): Promise<void> {
  imported = null;
  await removeSession(['vaultKey']);
}

export async function lockState(value?: StoredSecretsValue): Promise<LockState> {
  const secrets = value ?? (await loadSecretsValue());
  if (secrets.kind === 'plain') return 'off';
  return (await unlockedKey(secrets.lock)) === null ? 'locked' : 'unlocked';
}

function damaged(profileId: string): StorageError {
  return new StorageError(
    fail(
      'storage_failed',
      `The saved secrets of profile ${profileId} do not open with the lock’s key: they were altered.`,
      'Reset the secrets (Forgot passphrase?, then Reset secrets) and enter them again.',
    ).error,
  );
}

async function requireKey(lock: LockHeader): Promise<CryptoKey> {
  const key = await unlockedKey(lock);
  if (key === null) throw new StorageError(VAULT_LOCKED.error);
  return key;
}

/** Opens sealed records with `key`; any record that does not open stops it. */
export async function openAll(
  key: CryptoKey,
  records: readonly SealedSecretRecord[],
): Promise<StoredSecretRecord[]> {
  return Promise.all(
    records.map(async (record) => {
      const plain = await phaseTimes.time('vault', () => openRecord(key, record));
      if (plain === null) throw damaged(record.profileId);
      return plain;
    }),
  );
}

/** A profile's secrets in plain text; rejects with `vault_locked` while the lock holds them. */
export async function loadSecrets(profileId: string): Promise<StoredSecrets> {
  const value = await loadSecretsValue();
  const found =
    value.kind === 'plain'
      ? value.records.find((item) => item.profileId === profileId)
      : await openOne(value.lock, value.records, profileId);
  const secrets: StoredSecrets = {};
  if (found?.apiKey !== undefined) secrets.apiKey = found.apiKey;
  if (found?.clientSecret !== undefined) secrets.clientSecret = found.clientSecret;
  return secrets;
}

async function openOne(
  lock: LockHeader,
  records: readonly SealedSecretRecord[],
  profileId: string,
): Promise<StoredSecretRecord | undefined> {
  const record = records.find((item) => item.profileId === profileId);
  if (record === undefined) return undefined;
  return (await openAll(await requireKey(lock), [record]))[0];
}

/** Every profile's masked secrets; while locked, only which secrets are there. */
export async function loadSecretMasks(): Promise<Map<string, ProfileView['secrets']>> {
  const value = await loadSecretsValue();
  const key = value.kind === 'sealed' ? await unlockedKey(value.lock) : null;
  const records: (StoredSecretRecord | SealedSecretRecord)[] =
    value.kind === 'sealed' && key !== null ? await openAll(key, value.records) : value.records;
  return new Map(records.map((record) => [record.profileId, secretMasks(record)]));
}

/** `value` with `record` in place of the profile's old one (sealed when the lock is on). */
export async function withRecord(
  value: StoredSecretsValue,
  record: StoredSecretRecord,
): Promise<StoredSecretsValue> {
  if (value.kind === 'plain') {
    return { ...value, records: [...withoutRecord(value, record.profileId).records, record] };
  }
  const sealed = await sealRecord(await requireKey(value.lock), record);
  return { ...value, records: [...withoutRecord(value, record.profileId).records, sealed] };
}

export function withoutRecord<T extends StoredSecretsValue>(value: T, profileId: string): T {
  return {
    ...value,
    records: (value.records as { profileId: string }[]).filter(
      (item) => item.profileId !== profileId,
    ),
  };
}
