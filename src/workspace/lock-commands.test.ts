/**
 * The lock's commands against the fake worker: a wrong passphrase keeps the lock and says why, a
 * step done closes its form and says what happened, Lock now drops every carried value and focuses
 * the Unlock form that appears, and a failed reset or status read shows its error.
 */
import { describe, expect, it } from 'vitest';
import { checkNewPassphrase, WRONG_PASSPHRASE } from '../service/storage/vault';
import { settle, workspaceHarness } from '../testing/workspace-harness';
import { askTellingLock } from './lock-answers';
import { lockNow, openLockForm, refreshLock } from './lock-commands';
import { changePassphrase, enableLock, resetSecrets, unlockSecrets } from './passphrase-commands';

const values = [{ name: 'orderId', value: 'o-1' }];

describe('Unlock', () => {
  it('with a wrong passphrase keeps the lock, says why, and leaves the form as it was', async () => {
    const { worker, store, deps } = workspaceHarness({
      'lock/status': () => ({ ok: true, value: { state: 'locked' } }),
      'lock/unlock': () => WRONG_PASSPHRASE,
    });
    await refreshLock(deps);
    const error = await unlockSecrets(deps, 'not it');
    expect(worker.payloads('lock/unlock')).toEqual([{ passphrase: 'not it' }]);
    expect(error).toMatchObject({ code: 'wrong_passphrase' });
    expect(error?.message).toContain('Nothing was changed');
    expect(store.get().lock).toBe('locked');
    expect(store.get().lockPanel).toMatchObject({ notice: null, changes: 0 });
  });

  it('with the right one shows Unlocked and says so', async () => {
    const { store, deps } = workspaceHarness({
      'lock/unlock': () => ({ ok: true, value: { state: 'unlocked' } }),
    });
    store.dispatch({ type: 'lock-known', state: 'locked' });
    expect(await unlockSecrets(deps, 'correct')).toBeNull();
    expect(store.get().lock).toBe('unlocked');
    expect(store.get().lockPanel).toMatchObject({ notice: 'Unlocked.', changes: 1 });
  });
});

describe('Lock now', () => {
  it('drops every carried value, closes the form, and puts focus on the Unlock form', async () => {
    const { worker, store, deps } = workspaceHarness({
      'lock/lock': () => ({ ok: true, value: { state: 'locked' } }),
    });
    store.dispatch({ type: 'lock-known', state: 'unlocked' });
    store.dispatch({ type: 'carried-known', profileId: 'a', values });
    store.dispatch({ type: 'carried-known', profileId: 'b', values });
    openLockForm(deps, 'change');
    expect(await lockNow(deps)).toBeNull();
    expect(worker.payloads('lock/lock')).toEqual([{}]);
    const state = store.get();
    expect(state.lock).toBe('locked');
    expect(state.carried).toEqual({ a: [], b: [] });
    expect(state.lockPanel).toMatchObject({
      form: 'none',
      error: null,
      lockedByUser: true,
      notice: 'Locked: the key is forgotten until you unlock.',
    });
    // A reply asked for before the lock never puts a dropped value back.
    store.dispatch({ type: 'carried-known', profileId: 'a', values });
    expect(store.get().carried.a).toEqual([]);
  });

  it('a lock told by another window drops the carried values too', () => {
    const { store } = workspaceHarness();
    store.dispatch({ type: 'carried-known', profileId: 'a', values });
    store.dispatch({ type: 'event', event: { kind: 'lock', state: 'locked' } });
    expect(store.get().carried).toEqual({ a: [] });
  });
});

describe('The passphrase forms', () => {
  it('a refused new passphrase keeps the form open and the state as it was', async () => {
    const { store, deps } = workspaceHarness({
      'lock/enable': ({ passphrase }) => checkNewPassphrase(passphrase) as never,
      'lock/change': () => ({ ok: true, value: { state: 'unlocked' } }),
    });
    store.dispatch({ type: 'lock-known', state: 'off' });
    openLockForm(deps, 'enable');
    expect(await enableLock(deps, 'x')).toMatchObject({ code: 'invalid_passphrase' });
    expect(store.get().lock).toBe('off');
    expect(store.get().lockPanel.form).toBe('enable');
    openLockForm(deps, 'change');
    expect(await changePassphrase(deps, 'old one', 'new one')).toBeNull();
    expect(store.get().lockPanel).toMatchObject({ form: 'none', notice: 'Passphrase changed.' });
  });

  it('reset says how many profiles lost their secrets, or shows why it failed', async () => {
    const { worker, store, deps } = workspaceHarness({
      'lock/reset': () => ({ ok: true, value: { state: 'off', removed: 1 } }),
    });
    store.dispatch({ type: 'lock-known', state: 'locked' });
    await resetSecrets(deps);
    expect(store.get().lock).toBe('off');
    expect(store.get().lockPanel.notice).toBe(
      'Removed the saved secrets of 1 profile: enter them again with Edit profile.',
    );
    worker.handle('lock/reset', () => ({
      ok: false,
      error: { code: 'storage_failed', message: 'Could not write.', hint: 'Try again.' },
    }));
    await resetSecrets(deps);
    await settle();
    expect(store.get().lockPanel.error).toMatchObject({ code: 'storage_failed' });
  });

  it('a status that cannot be read shows its error', async () => {
    const { store, deps } = workspaceHarness({
      'lock/status': () => ({
        ok: false,
        error: { code: 'worker_unavailable', message: 'No answer.', hint: 'Try again.' },
      }),
    });
    await refreshLock(deps);
    expect(store.get().lock).toBeNull();
    expect(store.get().lockPanel.error).toMatchObject({ code: 'worker_unavailable' });
  });
});

describe('An answer that says "locked"', () => {
  it('tells the store the lock holds, dropping the carried values; other answers leave it', async () => {
    const { worker, store, deps } = workspaceHarness({
      'history/list': () => ({ ok: true, value: { entries: [] } }),
    });
    const ask = askTellingLock(deps.ask, deps.dispatch);
    store.dispatch({ type: 'lock-known', state: 'unlocked' });
    store.dispatch({ type: 'carried-known', profileId: 'a', values });
    await ask('history/list', { profileId: 'a' });
    expect(store.get().lock).toBe('unlocked');
    worker.handle('history/list', () => ({
      ok: false,
      error: { code: 'vault_locked', message: 'Locked.', hint: 'Unlock.' },
    }));
    const reply = await ask('history/list', { profileId: 'a' });
    expect(reply).toMatchObject({ ok: false, error: { code: 'vault_locked' } });
    expect(store.get().lock).toBe('locked');
    expect(store.get().carried).toEqual({ a: [] });
  });
});
