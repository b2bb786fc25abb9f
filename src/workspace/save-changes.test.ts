/**
 * Save changes: the draft and its checks go into the saved request it was opened from; a check row
 * still being typed refuses the save with its reason, and nothing is saved.
 */
import { describe, expect, it } from 'vitest';
import type { Collection, SavedRequest } from '../collections/model';
import { workspaceHarness } from '../testing/workspace-harness';
import type { AppError, Result } from '../vocabulary/errors';
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
  auth: { method: 'inherit' },
  variables: [],
  items: [saved],
} as unknown as Collection;

function access() {
  const puts: Collection[] = [];
  const errors: AppError[] = [];
  return {
    puts,
    errors,
    collections: [collection],
    save: async (edit: Result<Collection>) => {
      if (!edit.ok) return false;
      puts.push(edit.value);
      return true;
    },
    setError: (error: AppError) => void errors.push(error),
  };
}

describe('save changes', () => {
  it('writes the draft and its checks into the saved request, and says so', async () => {
    const { store, commands } = workspaceHarness({
      'workspace/save-draft': () => ({ ok: true, value: { saved: true } }),
    });
    commands.openSaved('p', 'c1', saved);
    commands.setDraft('p', { ...saved, path: 'orders/{{orderId}}' });
    const checks = {
      assertions: [
        { expression: 'res.status', operator: 'eq' as const, value: '200', enabled: true },
      ],
      answerVariables: [],
    };
    commands.setChecks('p', checks);
    const collections = access();
    await commands.saveInPlace('p', collections);
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
  });

  it('refuses while a check row is unfinished, saying which', async () => {
    const { store, commands } = workspaceHarness({
      'workspace/save-draft': () => ({ ok: true, value: { saved: true } }),
    });
    commands.openSaved('p', 'c1', saved);
    commands.setChecks('p', {
      assertions: [{ expression: '', operator: 'eq', value: '200', enabled: true }],
      answerVariables: [],
    });
    const collections = access();
    await commands.saveInPlace('p', collections);
    expect(collections.puts).toEqual([]);
    expect(collections.errors[0]?.message).toMatch(/Assertion 1/);
    expect(requestOf(store.get(), 'p').saveStatus).toBe('');
  });
});
