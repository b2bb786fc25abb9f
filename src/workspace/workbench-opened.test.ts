/**
 * A workbench opening (another profile's, after a profile was created from an import's summary)
 * closes what the last one showed over its panes: the import's summary and the sidebar lying over
 * them. An import still asking about a name clash goes on; the collections stay.
 */
import { describe, expect, it } from 'vitest';
import { workspaceHarness } from '../testing/workspace-harness';
import { importFile } from './collection-import';
import { openWorkspace } from './workspace-commands';

const postman = JSON.stringify({
  info: {
    name: 'Shop',
    schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
  },
  item: [],
});

const kept = { draft: null, checks: null, answer: null, token: null };

describe('a workbench opening', () => {
  it('closes the import summary the last workbench showed, and the sidebar over the panes', async () => {
    const { store, worker, deps } = workspaceHarness({
      'collections/list': () => ({ ok: true, value: { collections: [] } }),
      'collections/import': () => ({
        ok: true,
        value: { outcome: 'imported', id: 'c1', name: 'Shop', summary: [] },
      }),
      'workspace/get': () => ({ ok: true, value: kept }),
    });
    await importFile(deps, new Blob([postman]));
    store.dispatch({ type: 'workbench/sidebar-over', open: true });
    expect(store.get().collections.import.summary?.lines).toEqual(['Imported “Shop”.']);

    await openWorkspace(deps, 'other-profile');
    expect(store.get().collections.import.summary).toBeNull();
    expect(store.get().workbench.sidebarOver).toBe(false);
    expect(worker.payloads('workspace/get')).toEqual([{ profileId: 'other-profile' }]);
  });

  it('keeps the Collections tab’s view: the folders open stay open in the next workbench', async () => {
    const { store, deps } = workspaceHarness({
      'workspace/get': () => ({ ok: true, value: kept }),
    });
    const expanded = new Map([['c1', new Set(['f1'])]]);
    store.dispatch({ type: 'collections/view', set: { expanded, closed: new Set(['c2']) } });
    await openWorkspace(deps, 'other-profile');
    expect(store.get().collections.view.expanded).toBe(expanded);
    expect([...store.get().collections.view.closed]).toEqual(['c2']);
  });

  it('leaves a name clash being asked about, and the saved collections', async () => {
    const { store, deps } = workspaceHarness({
      'workspace/get': () => ({ ok: true, value: kept }),
    });
    const shop = { id: 'c1', name: 'Shop', items: [], variables: [] };
    store.dispatch({ type: 'collections/listed', list: [shop] as never });
    store.dispatch({
      type: 'collections/import',
      set: { clash: { name: 'Shop', pending: { text: postman } } },
    });
    await openWorkspace(deps, 'p');
    expect(store.get().collections.import.clash?.name).toBe('Shop');
    expect(store.get().collections.list).toHaveLength(1);
  });
});
