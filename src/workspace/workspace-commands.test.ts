/**
 * Opening a profile's workspace reads what the worker kept into the store (draft, checks, answer
 * marked as kept, token); an unreadable one opens empty with the reason; a token an event told
 * first is kept. The carried values: asked once, and an event told since wins; a clear that fails
 * says why.
 */
import { describe, expect, it } from 'vitest';
import type { Reply } from '../protocol/messages';
import type { TokenSuccessView } from '../service/token/token-grant';
import { deferred } from '../testing/fake-worker';
import { sentExchange, settle, workspaceHarness } from '../testing/workspace-harness';
import { requestOf } from './request-slice';
import { clearCarried, knowCarried, openWorkspace } from './workspace-commands';

const draft = { method: 'POST' as const, path: 'orders', query: [], headers: [], body: '{}' };
const token = {
  view: { outcome: 'token', receivedAtMs: 5, token: { accessTokenMasked: '••••kept' } },
  fromCache: true,
  refreshFailure: null,
} as unknown as { view: TokenSuccessView; fromCache: boolean; refreshFailure: null };

describe('opening a workspace', () => {
  it('reads the kept draft, checks, answer and token into the store', async () => {
    const { worker, store, deps } = workspaceHarness({
      'workspace/get': () => ({
        ok: true,
        value: {
          draft,
          checks: { assertions: [], answerVariables: [] },
          answer: {
            at: 1,
            call: draft,
            outcome: { exchange: sentExchange(201, {}) },
            bodyCut: false,
          },
          token,
        },
      }),
    });
    expect(await openWorkspace(deps, 'p')).toBeNull();
    expect(worker.payloads('workspace/get')).toEqual([{ profileId: 'p' }]);
    expect(requestOf(store.get(), 'p')).toMatchObject({ draft, shown: { from: 'kept', at: 1 } });
    expect(store.get().tokens.p?.shown).toEqual(token);
  });

  it('opens empty, saying why, when the workspace cannot be read back', async () => {
    const { store, deps } = workspaceHarness({
      'workspace/get': () => ({
        ok: false,
        error: { code: 'storage_failed', message: 'Unreadable.', hint: 'Reload.' },
      }),
    });
    expect(await openWorkspace(deps, 'p')).toMatchObject({ code: 'storage_failed' });
    expect(requestOf(store.get(), 'p')).toMatchObject({ draft: { path: '' }, shown: null });
  });

  it('keeps a token an event told before the kept one arrived', async () => {
    const { store, deps } = workspaceHarness({
      'workspace/get': () => ({
        ok: true,
        value: { draft: null, checks: null, answer: null, token },
      }),
    });
    store.dispatch({
      type: 'event',
      event: {
        kind: 'token',
        profileId: 'p',
        change: 'forgotten',
        why: 'lock',
        atMs: 9,
        view: null,
      },
    });
    await openWorkspace(deps, 'p');
    expect(store.get().tokens.p?.shown).toBeNull();
  });
});

describe('the carried values', () => {
  it('asks what the profile carries; an event told since the question wins', async () => {
    const held = deferred<Reply<'variables/carried'>>();
    const { store, deps } = workspaceHarness({ 'variables/carried': () => held.promise });
    const asked = knowCarried(deps, 'p');
    await settle();
    store.dispatch({
      type: 'event',
      event: { kind: 'carried', profileId: 'p', values: [{ name: 'id', value: '2' }] },
    });
    held.resolve({ ok: true, value: { values: [{ name: 'id', value: '1' }] } });
    await asked;
    expect(store.get().carried.p).toEqual([{ name: 'id', value: '2' }]);
  });

  it('says why a clear failed, and nothing when it worked', async () => {
    const { worker, store, deps } = workspaceHarness({
      'variables/clear': () => ({
        ok: false,
        error: { code: 'storage_failed', message: 'Not cleared.', hint: 'Try again.' },
      }),
    });
    const clearError = () => requestOf(store.get(), 'p').clearError;
    await clearCarried(deps, 'p');
    expect(clearError()).toBe('Not cleared. Try again.');
    worker.handle('variables/clear', () => ({ ok: true, value: { values: [] } }));
    await clearCarried(deps, 'p');
    expect(clearError()).toBeNull();
    expect(worker.payloads('variables/clear')).toEqual([{ profileId: 'p' }, { profileId: 'p' }]);
  });
});
