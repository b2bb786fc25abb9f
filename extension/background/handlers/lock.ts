/**
 * Handlers for the passphrase lock. Turning it on seals every profile's secrets under a key derived
 * from the passphrase; the key is kept in `storage.session` only, so the secrets open again after a
 * browser restart only with the passphrase. Every change of the sealed set is one write of the
 * `secrets` key: a worker stopped half-way leaves the old state or the new one, never a mix (if it
 * stops between that write and keeping the new key, the vault is simply locked).
 */

import type { Handlers } from '../../../src/protocol/router';
import type {
  LockHeader,
  StoredSecretRecord,
  StoredSecretsValue,
} from '../../../src/service/storage/stored-shapes';
import {
  checkNewPassphrase,
  createLock,
  sealRecord,
  unlockBits,
  WRONG_PASSPHRASE,
} from '../../../src/service/storage/vault';
import { importVaultKey } from '../../../src/service/storage/vault-crypto';
import { fail, ok, type Result } from '../../../src/vocabulary/errors';
import { tell } from '../events';
import { dropKey, keepKey, loadSecretsValue, lockState, openAll } from '../stores/secret-store';
import { serially, write } from '../stores/storage';
import { clearTokenCache } from '../stores/token-cache';
import { forgetAllCarried } from './carried';

/**
 * Drops every token and every carried value (one may hold a token in base64, which nothing could
 * mask once the token is forgotten) and tells the open panels, before the lock's own event.
 */
async function forgetAllTokens(): Promise<void> {
  await forgetAllCarried();
  await clearTokenCache();
  tell({ kind: 'tokens-forgotten', why: 'lock', atMs: Date.now() });
}

type Sealed = Extract<StoredSecretsValue, { kind: 'sealed' }>;

function lockIsOff(): Result<never> {
  return fail(
    'invalid_request',
    'The saved secrets are not locked with a passphrase.',
    'Use “Lock with passphrase” to turn the lock on.',
  );
}

/** The sealed secrets and the key that `passphrase` gives for them, or why not. */
async function withPassphrase(
  passphrase: string,
): Promise<Result<{ value: Sealed; bits: Uint8Array<ArrayBuffer>; key: CryptoKey }>> {
  const value = await loadSecretsValue();
  if (value.kind === 'plain') return lockIsOff();
  const bits = await unlockBits(value.lock, passphrase);
  if (bits === null) return WRONG_PASSPHRASE;
  return ok({ value, bits, key: await importVaultKey(bits) });
}

/** Writes the secrets sealed under a new lock, then keeps its key for this session. */
async function sealUnder(
  records: readonly StoredSecretRecord[],
  lock: LockHeader,
  bits: Uint8Array<ArrayBuffer>,
) {
  const key = await importVaultKey(bits);
  const sealed = await Promise.all(records.map((record) => sealRecord(key, record)));
  await write({ secrets: { kind: 'sealed', lock, records: sealed } });
  await keepKey(lock, bits);
}

export const enableLock: Handlers['lock/enable'] = ({ passphrase }) =>
  serially(async () => {
    const checked = checkNewPassphrase(passphrase);
    if (!checked.ok) return checked;
    const value = await loadSecretsValue();
    if (value.kind === 'sealed') {
      return fail(
        'invalid_request',
        'The saved secrets are already locked with a passphrase.',
        'Use “Change passphrase” to choose another one.',
      );
    }
    const { lock, bits } = await createLock(passphrase);
    await sealUnder(value.records, lock, bits);
    return ok({ state: 'unlocked' as const });
  });

export const unlock: Handlers['lock/unlock'] = async ({ passphrase }) => {
  const opened = await withPassphrase(passphrase);
  if (!opened.ok) return opened;
  await keepKey(opened.value.value.lock, opened.value.bits);
  return ok({ state: 'unlocked' as const });
};

/** Queued behind any change in flight, so that a change finishing later cannot unlock again. */
export const lockNow: Handlers['lock/lock'] = () =>
  serially(async () => {
    await dropKey();
    await forgetAllTokens();
    return ok({ state: await lockState() });
  });

export const changePassphrase: Handlers['lock/change'] = ({ current, next }) =>
  serially(async () => {
    const checked = checkNewPassphrase(next);
    if (!checked.ok) return checked;
    const opened = await withPassphrase(current);
    if (!opened.ok) return opened;
    const records = await openAll(opened.value.key, opened.value.value.records);
    const { lock, bits } = await createLock(next);
    await sealUnder(records, lock, bits);
    return ok({ state: 'unlocked' as const });
  });

export const removeLock: Handlers['lock/remove'] = ({ passphrase }) =>
  serially(async () => {
    const opened = await withPassphrase(passphrase);
    if (!opened.ok) return opened;
    const records = await openAll(opened.value.key, opened.value.value.records);
    await write({ secrets: { kind: 'plain', records } });
    await dropKey();
    return ok({ state: 'off' as const });
  });

export const resetSecrets: Handlers['lock/reset'] = () =>
  serially(async () => {
    const value = await loadSecretsValue();
    if (value.kind === 'plain') return lockIsOff();
    await write({ secrets: { kind: 'plain', records: [] } });
    await dropKey();
    await forgetAllTokens();
    return ok({ state: 'off' as const, removed: value.records.length });
  });
