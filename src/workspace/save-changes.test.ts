/**
 * Save changes: the draft and its checks go into the saved request it was opened from; a check row
 * still being typed refuses the save with its reason, and nothing is saved.
 */
import { describe, expect, it } from 'vitest';
import type { Collection, SavedRequest } from '../collections/model';
import { workspaceHarness } from '../testing/workspace-harness';
import { createCollectionCommands } from './collection-commands';
import { requestOf } from './request-slice';

const saved: SavedRequest = {
  kind: 'request',
  id: 'r1',
  name: 'Orders',
  method: 'GET',
  path: 'orders',
  query: [],
  headers: [],
  body: '',
};
const collection = {
  id: 'c1',
  name: 'Shop',
  auth: { method: 'apiKey', formEncodeCredentials: false },
  variables: [],
  items: [saved],
} satisfies Collection;

/** The collection commands on the fake worker, with the collection listed; what was put. */
function collectionsOf(harness: ReturnType<typeof workspaceHarness>) {
  const puts: Collection[] = [];
  harness.worker.handle('collections/put', ({ collection: put }) => {
    puts.push(put);
    return { ok: true, value: { collection: put } };
  });
  harness.store.dispatch({ type: 'collections/listed', list: [collection] });
  return { puts, commands: createCollectionCommands(harness.deps) };
}

describe('save changes', () => {
  it('writes the draft and its checks into the saved request, and says so', async () => {
    const harness = workspaceHarness({
      'workspace/save-draft': () => ({ ok: true, value: { saved: true } }),
    });
    const { store, commands } = harness;
    commands.openSaved('p', 'c1', saved);
    commands.setDraft('p', { ...saved, path: 'orders/{{orderId}}' });
    const checks = {
      assertions: [
        { expression: 'res.status', operator: 'eq' as const, value: '200', enabled: true },
      ],
      answerVariables: [],
    };
    commands.setChecks('p', checks);
    const collections = collectionsOf(harness);
    await commands.saveInPlace('p', collections.commands);
    const written = collections.puts[0]?.items[0] as SavedRequest;
    expect(written).toMatchObject({
      id: 'r1',
      path: 'orders/{{orderId}}',
      assertions: checks.assertions,
    });
    expect(requestOf(store.get(), 'p')).toMatchObject({
      saveStatus: 'Saved “Orders”.',
      opened: { collectionId: 'c1', request: written },
    });
    expect(store.get().collections.list[0]?.items[0]).toEqual(written);
  });

  it('refuses while a check row is unfinished, saying which', async () => {
    const harness = workspaceHarness({
      'workspace/save-draft': () => ({ ok: true, value: { saved: true } }),
    });
    const { store, commands } = harness;
    commands.openSaved('p', 'c1', saved);
    commands.setChecks('p', {
      assertions: [{ expression: '', operator: 'eq', value: '200', enabled: true }],
      answerVariables: [],
    });
    const collections = collectionsOf(harness);
    await commands.saveInPlace('p', collections.commands);
    expect(collections.puts).toEqual([]);
    expect(store.get().collections.error?.message).toMatch(/Assertion 1/);
    expect(requestOf(store.get(), 'p').saveStatus).toBe('');
  });
});
