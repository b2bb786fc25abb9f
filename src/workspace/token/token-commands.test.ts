/**
 * The stale-token rule through Get token: the toolbar shows the token the next call carries. A
 * reply older than a token an event told never replaces it; a refused Get token with a good token
 * cached shows that token, with the failure beside it. Compare variants is shown until the token
 * changes; one tool at a time.
 */
import { describe, expect, it } from 'vitest';
import type { Reply } from '../../protocol/messages';
import type { TokenFailureView, TokenSuccessView } from '../../service/token/token-grant';
import { deferred } from '../../testing/fake-worker';
import { settle, workspaceHarness } from '../../testing/workspace-harness';
import { fail } from '../../vocabulary/errors';
import { compareVariants, getToken } from './token-commands';
import { revealToken } from './token-reveal';
import { currentAttempts, tokenToolsOf } from './token-slice';

const success = (tail: string, receivedAtMs: number) =>
  ({ outcome: 'token', receivedAtMs, token: { accessTokenMasked: tail } }) as TokenSuccessView;
const failure = { outcome: 'failure' } as TokenFailureView;

describe('Get token', () => {
  it('asks for a fresh token and shows it', async () => {
    const { worker, store, deps } = workspaceHarness({
      'token/get': () => ({
        ok: true,
        value: { view: success('••••new1', 10), fromCache: false, refreshFailure: null },
      }),
    });
    await getToken(deps, 'p');
    expect(worker.payloads('token/get')).toEqual([{ profileId: 'p', fresh: true }]);
    expect(store.get().tokens.p?.shown).toMatchObject({ view: { receivedAtMs: 10 } });
  });

  it('never shows its reply over a newer token an event told while it was on its way', async () => {
    const held = deferred<Reply<'token/get'>>();
    const { store, deps } = workspaceHarness({ 'token/get': () => held.promise });
    const asked = getToken(deps, 'p');
    await settle();
    store.dispatch({
      type: 'event',
      event: {
        kind: 'token',
        profileId: 'p',
        change: 'renewed',
        why: 'expiring',
        atMs: 30,
        view: success('••••newer', 30),
        held: null,
      },
    });
    held.resolve({
      ok: true,
      value: { view: success('••••older', 20), fromCache: false, refreshFailure: null },
    });
    await asked;
    expect(store.get().tokens.p?.shown).toMatchObject({
      view: { token: { accessTokenMasked: '••••newer' } },
    });
  });

  it('after a refusal, shows the cached token the next call carries, with the failure beside it', async () => {
    const cached = success('••••Kr6v', 1);
    const { store, deps } = workspaceHarness({
      'token/get': () => ({
        ok: true,
        value: { view: cached, fromCache: true, refreshFailure: failure },
      }),
    });
    await getToken(deps, 'p');
    expect(store.get().tokens.p?.shown).toEqual({
      view: cached,
      fromCache: true,
      refreshFailure: failure,
    });
  });

  it('shows an error the worker answered', async () => {
    const { store, deps } = workspaceHarness({
      'token/get': () => ({
        ok: false,
        error: { code: 'vault_locked', message: 'Locked.', hint: 'Unlock.' },
      }),
    });
    await getToken(deps, 'p');
    expect(store.get().tokens.p?.shown).toEqual({
      error: { code: 'vault_locked', message: 'Locked.', hint: 'Unlock.' },
    });
  });
});

describe('Compare variants', () => {
  it('shows what each variant got, or the error', async () => {
    const { worker, store, deps } = workspaceHarness({
      'token/compare': () => ({ ok: true, value: { attempts: [] } }),
    });
    await compareVariants(deps, 'p');
    expect(currentAttempts(store.get(), 'p')).toEqual([]);
    worker.handle('token/compare', () => ({
      ok: false,
      error: { code: 'missing_secret', message: 'No secret.', hint: 'Edit profile.' },
    }));
    await compareVariants(deps, 'p');
    expect(currentAttempts(store.get(), 'p')).toMatchObject({ error: { code: 'missing_secret' } });
  });

  it('stops showing the comparison once the token changes (a new token, an edit)', async () => {
    const { store, deps } = workspaceHarness({
      'token/compare': () => ({ ok: true, value: { attempts: [] } }),
      'token/get': () => ({
        ok: true,
        value: { view: success('••••new1', 10), fromCache: false, refreshFailure: null },
      }),
    });
    await compareVariants(deps, 'p');
    expect(currentAttempts(store.get(), 'p')).toEqual([]);
    await getToken(deps, 'p');
    expect(currentAttempts(store.get(), 'p')).toBeNull();
  });
});

describe('one token tool at a time', () => {
  it('is busy while Get token is on its way, and asks nothing more meanwhile', async () => {
    const held = deferred<Reply<'token/get'>>();
    const { worker, store, deps } = workspaceHarness({ 'token/get': () => held.promise });
    const asked = getToken(deps, 'p');
    await settle();
    expect(tokenToolsOf(store.get(), 'p').busy).toBe('token');
    await getToken(deps, 'p');
    await compareVariants(deps, 'p');
    expect(worker.asked).toHaveLength(1);
    held.resolve({ ok: false, error: { code: 'vault_locked', message: 'L.', hint: 'U.' } });
    await asked;
    expect(tokenToolsOf(store.get(), 'p').busy).toBeNull();
  });
});

describe('Reveal token', () => {
  it('hands the token to the view that asked and puts nothing of it in the store', async () => {
    const { worker, store, deps } = workspaceHarness({
      'token/reveal': () => ({ ok: true, value: { accessToken: 'revealed-token-4711' } }),
    });
    expect(await revealToken(deps, 'p')).toEqual({ ok: true, value: 'revealed-token-4711' });
    expect(worker.payloads('token/reveal')).toEqual([{ profileId: 'p' }]);
    expect(JSON.stringify(store.get())).not.toContain('revealed-token-4711');
  });

  it('says why the worker could not', async () => {
    const refused = fail('vault_locked', 'The secrets are locked.', 'Unlock them first.');
    const { deps } = workspaceHarness({ 'token/reveal': () => refused });
    expect(await revealToken(deps, 'p')).toEqual(refused);
  });
});
