/**
 * The collection commands against the fake worker (the real router and schemas): the list read
 * into the store, a save put in its place and heard by whoever keeps the collection in a folder, an
 * edit that broke a rule shown and not sent, a refusal shown and the list unchanged, a delete, and
 * the exports' errors.
 */
import { describe, expect, it } from 'vitest';
import { billing, collectionsHarness, shop } from '../testing/collections-harness';
import { fail } from '../vocabulary/errors';
import { exportFile } from './collection-exports';

describe('collection commands', () => {
  it('reads the list into the store', async () => {
    const { store, commands } = collectionsHarness();
    await commands.reload();
    expect(store.get().collections.list.map((item) => item.name)).toEqual(['Shop', 'Billing']);
  });

  it('puts a saved collection in its place, adds a new one at the end, and tells the folder', async () => {
    const { store, commands, changed } = collectionsHarness();
    await commands.reload();
    expect(await commands.save({ ok: true, value: { ...shop, name: 'Shop 2' } })).toBe(true);
    expect(await commands.save({ ok: true, value: { ...shop, id: 'c3', name: 'New' } })).toBe(true);
    expect(store.get().collections.list.map((item) => item.name)).toEqual([
      'Shop 2',
      'Billing',
      'New',
    ]);
    expect(changed).toEqual(['c1', 'c3']);
  });

  it('shows an edit that broke a rule and sends nothing; the next save clears the error', async () => {
    const { store, worker, commands } = collectionsHarness();
    const refused = fail('invalid_request', 'A name cannot be empty.', 'Type a name.');
    expect(await commands.save(refused)).toBe(false);
    expect(worker.payloads('collections/put')).toEqual([]);
    expect(store.get().collections.error).toEqual(refused.error);
    await commands.save({ ok: true, value: shop });
    expect(store.get().collections.error).toBeNull();
  });

  it('shows what the worker refused, and keeps the list as it was', async () => {
    const { store, worker, commands, changed } = collectionsHarness();
    await commands.reload();
    worker.handle('collections/put', () =>
      fail('storage_failed', 'Storage is full.', 'Delete some.'),
    );
    expect(await commands.save({ ok: true, value: { ...shop, name: 'Shop 2' } })).toBe(false);
    expect(store.get().collections.list[0]?.name).toBe('Shop');
    expect(store.get().collections.error?.code).toBe('storage_failed');
    expect(changed).toEqual([]);
  });

  it('deletes a collection, reads the list again and tells the folder', async () => {
    const { store, worker, commands, changed } = collectionsHarness();
    await commands.reload();
    worker.handle('collections/delete', ({ id }) => ({ ok: true, value: { id } }));
    worker.handle('collections/list', () => ({ ok: true, value: { collections: [billing] } }));
    await commands.remove('c1');
    expect(worker.payloads('collections/delete')).toEqual([{ id: 'c1' }]);
    expect(store.get().collections.list).toEqual([billing]);
    expect(changed).toEqual(['c1']);
  });

  it('gives an export its file, or shows why there is none', async () => {
    const { store, worker, deps } = collectionsHarness();
    worker.handle('collections/export', ({ id, format }) => ({
      ok: true,
      value: { fileName: `${id}.${format}.json`, text: '{}' },
    }));
    expect(await exportFile(deps, 'c1', 'postman')).toEqual({
      fileName: 'c1.postman.json',
      text: '{}',
    });
    worker.handle('collections/export', () =>
      fail('invalid_request', 'The export holds a secret.', 'Remove it.'),
    );
    expect(await exportFile(deps, 'c1', 'native')).toBeNull();
    expect(store.get().collections.error?.code).toBe('invalid_request');
  });
});
