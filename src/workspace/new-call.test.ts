/**
 * "Why did my old answer vanish?": a draft put in that is another call drops the answer shown;
 * the same call (saved, or opened again) keeps it, and a saved request that changed under a
 * composer without edits replaces the draft but keeps the answer.
 */
import { describe, expect, it } from 'vitest';
import type { SavedRequest } from '../collections/model';
import type { FakeHandlers } from '../testing/fake-worker';
import { sentExchange, workspaceHarness } from '../testing/workspace-harness';
import { EMPTY_DRAFT, requestOf } from './request-slice';

const saving: FakeHandlers = {
  'workspace/save-draft': () => ({ ok: true, value: { saved: true } }),
};
const orders = { ...EMPTY_DRAFT, path: 'orders' };
const answer = {
  at: 1,
  call: orders,
  outcome: { exchange: sentExchange(200, []) },
  bodyCut: false,
  from: 'kept' as const,
};
const saved: SavedRequest = { kind: 'request', id: 'r1', name: 'Orders', ...orders };

describe('a new call drops the old answer', () => {
  it('drops it for another call, with the notes, status and saved request of the new one', () => {
    const { store, commands } = workspaceHarness(saving);
    store.dispatch({ type: 'request/start', profileId: 'p', draft: orders, checks: null, answer });
    commands.putDraft('p', { ...orders, path: 'customers' }, null, {
      from: 'cURL import',
      lines: ['a'],
    });
    expect(requestOf(store.get(), 'p')).toMatchObject({
      shown: null,
      draft: { path: 'customers' },
      notes: { from: 'cURL import' },
      opened: null,
    });
  });

  it('keeps it for the same call, opened again or saved', () => {
    const { store, commands } = workspaceHarness(saving);
    store.dispatch({ type: 'request/start', profileId: 'p', draft: orders, checks: null, answer });
    commands.openSaved('p', 'c1', saved);
    expect(requestOf(store.get(), 'p').shown).toBe(answer);
    commands.savedAs('p', 'c1', saved);
    expect(requestOf(store.get(), 'p')).toMatchObject({
      shown: answer,
      saveStatus: 'Saved “Orders”.',
      opened: { collectionId: 'c1', request: saved },
    });
    // The next draft put in clears the status.
    commands.putDraft('p', orders);
    expect(requestOf(store.get(), 'p').saveStatus).toBe('');
  });

  it('keeps it, and the notes, when the saved request changes under a composer without edits', () => {
    const { store, commands } = workspaceHarness(saving);
    store.dispatch({ type: 'request/start', profileId: 'p', draft: orders, checks: null, answer });
    commands.openSaved('p', 'c1', saved);
    const changed = { ...saved, path: 'orders/2', assertions: [] };
    commands.followSaved('p', { collectionId: 'c1', request: changed });
    expect(requestOf(store.get(), 'p')).toMatchObject({
      draft: { path: 'orders/2' },
      shown: answer,
      opened: { request: changed },
    });
  });

  it('shows a history entry’s own answer when the worker still keeps it, else none', () => {
    const { store, commands } = workspaceHarness(saving);
    store.dispatch({ type: 'request/start', profileId: 'p', draft: orders, checks: null, answer });
    const entry = {
      id: 'h1',
      at: 2,
      ...orders,
      path: 'customers',
      bodyDropped: false,
      status: 200,
      durationMs: 5,
      errorCode: null,
    };
    commands.openEntry('p', entry, null);
    expect(requestOf(store.get(), 'p').shown).toBeNull();
    commands.openEntry('p', entry, { ...answer, at: 2 });
    expect(requestOf(store.get(), 'p').shown).toMatchObject({ at: 2, from: 'history' });
    // Only the call's own fields reach the draft.
    expect(requestOf(store.get(), 'p').draft).toEqual({ ...orders, path: 'customers' });
  });
});
