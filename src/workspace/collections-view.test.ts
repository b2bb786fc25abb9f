/**
 * The Collections tab's view commands against the fake worker (the real router and schemas): a
 * deleted collection offered back and saved again by Undo, folders and collections opened and
 * closed, a dialog, a run and each collection's last export kept in the store until told otherwise.
 */
import { describe, expect, it } from 'vitest';
import { billing, collectionsHarness, shop } from '../testing/collections-harness';
import {
  deleteCollection,
  showCollections,
  showExported,
  toggleOpen,
  undoDelete,
} from './collections-view';

describe('the Collections tab’s view', () => {
  it('offers a deleted collection back, and Undo saves it again and withdraws the offer', async () => {
    const { store, worker, commands, changed, deps } = collectionsHarness();
    await commands.reload();
    worker.handle('collections/delete', ({ id }) => ({ ok: true, value: { id } }));
    worker.handle('collections/list', () => ({ ok: true, value: { collections: [billing] } }));
    await deleteCollection(deps, commands, shop);
    expect(store.get().collections.view.deleted).toEqual(shop);
    expect(store.get().collections.list).toEqual([billing]);
    await undoDelete(deps, commands);
    expect(store.get().collections.view.deleted).toBeNull();
    expect(worker.payloads('collections/put')).toEqual([{ collection: shop }]);
    expect(store.get().collections.list).toEqual([billing, shop]);
    expect(changed).toEqual(['c1', 'c1']);
    await undoDelete(deps, commands);
    expect(worker.payloads('collections/put')).toHaveLength(1);
  });

  it('opens and closes folders per collection, and closes a collection itself', () => {
    const { store, deps } = collectionsHarness();
    toggleOpen(deps, 'c1', 'f1');
    toggleOpen(deps, 'c1', 'f2');
    toggleOpen(deps, 'c2', 'f1');
    toggleOpen(deps, 'c1', 'f1');
    const view = () => store.get().collections.view;
    expect([...(view().expanded.get('c1') ?? [])]).toEqual(['f2']);
    expect([...(view().expanded.get('c2') ?? [])]).toEqual(['f1']);
    expect(view().closed.has('c1')).toBe(false);
    toggleOpen(deps, 'c1', null);
    expect(view().closed.has('c1')).toBe(true);
    expect([...(view().expanded.get('c1') ?? [])]).toEqual(['f2']);
    toggleOpen(deps, 'c1', null);
    expect(view().closed.has('c1')).toBe(false);
  });

  it('keeps the dialog open, the run and each collection’s last export until told otherwise', () => {
    const { store, deps } = collectionsHarness();
    showCollections(deps, { dialog: { kind: 'delete-collection', collection: shop } });
    showCollections(deps, { running: { collection: billing, folder: null } });
    showExported(deps, 'c1', { message: 'Saved Shop.json.', command: null });
    showExported(deps, 'c2', { message: 'Saved Billing.zip.', command: 'bru run' });
    showExported(deps, 'c1', { message: 'Saved Shop.postman.json.', command: null });
    const view = store.get().collections.view;
    expect(view.dialog).toEqual({ kind: 'delete-collection', collection: shop });
    expect(view.running?.collection.id).toBe('c2');
    expect(view.exported).toEqual({
      c1: { message: 'Saved Shop.postman.json.', command: null },
      c2: { message: 'Saved Billing.zip.', command: 'bru run' },
    });
    showCollections(deps, { dialog: null });
    expect(store.get().collections.view.dialog).toBeNull();
    expect(store.get().collections.view.running?.collection.id).toBe('c2');
  });
});
