import { describe, expect, it } from 'vitest';
import { sampleCollection } from '../testing/fixtures/collections/collection-samples';
import { accepted, refusal } from '../testing/results';
import {
  addFolder,
  addRequest,
  copyCollection,
  duplicateItem,
  findItem,
  mergeOnImport,
  moveItem,
  nameClash,
  newCollection,
  removeItem,
  renameItem,
  updateRequest,
} from './collection-ops';
import { MAX_FOLDER_DEPTH, MAX_NAME, validateCollection } from './collection-schema';
import { searchItems } from './collection-search';
import type { Collection, CollectionItem, Folder, SavedRequest } from './model';
import { exportCollection, importCollection } from './native-format';

/** Ids id-1, id-2, … in the order asked for. */
function counter(prefix = 'id'): () => string {
  let next = 0;
  return () => {
    next += 1;
    return `${prefix}-${next}`;
  };
}

const request = (
  id: string,
  name: string,
  overrides: Partial<SavedRequest> = {},
): SavedRequest => ({
  kind: 'request',
  id,
  name,
  method: 'GET',
  path: 'products',
  query: [],
  headers: [],
  body: '',
  ...overrides,
});
const folder = (id: string, name: string, items: CollectionItem[] = []): Folder => ({
  kind: 'folder',
  id,
  name,
  items,
});

/**
 *  Shop
 *  ├─ r1 List products      GET products
 *  ├─ f1 Orders
 *  │  ├─ r2 Create order    POST orders
 *  │  └─ f2 Drafts
 *  │     └─ r3 Get draft    GET orders/drafts/{{draftId}}
 *  └─ r4 Delete product     DELETE products/{{id}}
 */
const shop: Collection = {
  id: 'c1',
  name: 'Shop',
  auth: { method: 'apiKey', formEncodeCredentials: false },
  variables: [],
  items: [
    request('r1', 'List products'),
    folder('f1', 'Orders', [
      request('r2', 'Create order', { method: 'POST', path: 'orders' }),
      folder('f2', 'Drafts', [request('r3', 'Get draft', { path: 'orders/drafts/{{draftId}}' })]),
    ]),
    request('r4', 'Delete product', { method: 'DELETE', path: 'products/{{id}}' }),
  ],
};
const shopText = exportCollection(shop);

/** The tree as `name` lines, indented by depth: easy to read in a failing test. */
function outline(items: readonly CollectionItem[], depth = 0): string[] {
  return items.flatMap((item) => [
    `${'  '.repeat(depth)}${item.name}`,
    ...(item.kind === 'folder' ? outline(item.items, depth + 1) : []),
  ]);
}

function nested(levels: number): Collection {
  let items: CollectionItem[] = [];
  for (let level = levels; level >= 1; level -= 1)
    items = [folder(`d${level}`, `Level ${level}`, items)];
  return { ...shop, items };
}

describe('collection operations', () => {
  it('never change their input', () => {
    const newId = counter();
    addRequest(shop, 'f2', request('r9', 'New'));
    renameItem(shop, 'r3', 'Renamed');
    duplicateItem(shop, 'f1', newId);
    moveItem(shop, 'r3', null, 0);
    removeItem(shop, 'f1');
    updateRequest(shop, request('r1', 'Edited'));
    mergeOnImport([shop], shop, 'keep-both', newId);
    expect(exportCollection(shop)).toBe(shopText);
  });

  it('copyCollection copies every folder and request under new ids, so none is shared', () => {
    const copy = copyCollection(shop, 'Shop (panel copy)', counter());
    const ids = (items: readonly CollectionItem[]): string[] =>
      items.flatMap((item) => [item.id, ...(item.kind === 'folder' ? ids(item.items) : [])]);
    const names = (items: readonly CollectionItem[]): string[] =>
      items.flatMap((item) => [item.name, ...(item.kind === 'folder' ? names(item.items) : [])]);
    expect(copy.name).toBe('Shop (panel copy)');
    expect(names(copy.items)).toEqual(names(shop.items));
    const shared = ids(copy.items).filter((id) => ids(shop.items).includes(id));
    expect(shared).toEqual([]);
    expect(copy.id).not.toBe(shop.id);
    expect(validateCollection(copy).ok).toBe(true);
  });

  it('newCollection starts empty, with a trimmed name and a new id', () => {
    const created = accepted(
      newCollection(
        '  Billing ',
        { method: 'oauthBody', formEncodeCredentials: false },
        counter('c'),
      ),
    );
    expect(created).toEqual({
      id: 'c-1',
      name: 'Billing',
      auth: { method: 'oauthBody', formEncodeCredentials: false },
      variables: [],
      items: [],
    });
    expect(refusal(newCollection('   ', created.auth, counter())).message).toMatch(
      /1 to 200 characters/,
    );
    expect(newCollection('x', created.auth, () => 'not an id!').ok).toBe(false);
  });

  it('findItem gives the item, its folder, its place and the folders above it', () => {
    const found = findItem(shop, 'r3');
    expect(found?.item.name).toBe('Get draft');
    expect(found?.parentId).toBe('f2');
    expect(found?.index).toBe(0);
    expect(found?.folders.map((f) => f.name)).toEqual(['Orders', 'Drafts']);
    expect(findItem(shop, 'r4')).toMatchObject({ parentId: null, index: 2, folders: [] });
    expect(findItem(shop, 'nope')).toBeNull();
  });

  it('addRequest and addFolder add at the end of a folder or of the top level', () => {
    const added = accepted(
      addRequest(shop, 'f2', request('r9', 'Cancel draft', { method: 'DELETE' })),
    );
    const withFolder = accepted(addFolder(added, null, folder('f9', 'Archive')));
    expect(outline(withFolder.items)).toEqual([
      'List products',
      'Orders',
      '  Create order',
      '  Drafts',
      '    Get draft',
      '    Cancel draft',
      'Delete product',
      'Archive',
    ]);
    // Unchanged branches are shared, not copied.
    expect(withFolder.items[0]).toBe(shop.items[0]);
  });

  it('addRequest refuses an unknown folder, a request as a folder, a used id and a bad request', () => {
    expect(addRequest(shop, 'nope', request('r9', 'X'))).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(addRequest(shop, 'r1', request('r9', 'X'))).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(refusal(addRequest(shop, null, request('r2', 'Same id'))).message).toMatch(
      /The id "r2" is used twice/,
    );
    expect(refusal(addRequest(shop, null, request('r9', ''))).message).toMatch(
      /request\.name is 0 characters long/,
    );
    expect(
      refusal(addRequest(shop, null, { ...request('r9', 'X'), extra: 1 } as SavedRequest)).message,
    ).toMatch(/Unknown field at request\.extra/);
  });

  it(`addFolder refuses a folder deeper than ${MAX_FOLDER_DEPTH} levels`, () => {
    const deep = nested(MAX_FOLDER_DEPTH);
    expect(
      accepted(addRequest(deep, `d${MAX_FOLDER_DEPTH}`, request('r9', 'Leaf'))).items,
    ).toHaveLength(1);
    expect(
      refusal(addFolder(deep, `d${MAX_FOLDER_DEPTH}`, folder('too-deep', 'Nine'))).message,
    ).toMatch(/nested more than 8 levels/);
  });

  it('updateRequest replaces the request with the same id, in its place', () => {
    const edited = accepted(
      updateRequest(shop, request('r3', 'Get draft', { method: 'PATCH', body: '{}' })),
    );
    expect(findItem(edited, 'r3')?.item).toMatchObject({ method: 'PATCH', body: '{}' });
    expect(findItem(edited, 'r3')?.parentId).toBe('f2');
    expect(updateRequest(shop, request('f1', 'A folder id')).ok).toBe(false);
  });

  it('renameItem renames requests, folders and the collection itself; names are checked', () => {
    expect(findItem(accepted(renameItem(shop, 'f2', ' Drafts 2024 ')), 'f2')?.item.name).toBe(
      'Drafts 2024',
    );
    expect(accepted(renameItem(shop, 'c1', 'Shop v2')).name).toBe('Shop v2');
    expect(refusal(renameItem(shop, 'r1', '')).message).toMatch(/1 to 200/);
    expect(refusal(renameItem(shop, 'r1', 'n'.repeat(MAX_NAME + 1))).message).toMatch(/1 to 200/);
    expect(renameItem(shop, 'nope', 'x')).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('duplicateItem puts a copy after the original, named "… copy", with new ids throughout', () => {
    const { collection, copyId } = accepted(duplicateItem(shop, 'f1', counter('new')));
    expect(copyId).toBe('new-1');
    expect(outline(collection.items)).toEqual([
      'List products',
      'Orders',
      '  Create order',
      '  Drafts',
      '    Get draft',
      'Orders copy',
      '  Create order',
      '  Drafts',
      '    Get draft',
      'Delete product',
    ]);
    const copy = findItem(collection, 'new-1')?.item as Folder;
    expect(JSON.stringify(copy)).not.toMatch(/"id":"(r2|r3|f2)"/);
    expect(validateCollection(collection).ok).toBe(true);
    const long = accepted(renameItem(shop, 'r1', 'n'.repeat(MAX_NAME)));
    const copied = accepted(duplicateItem(long, 'r1', counter('n')));
    expect(findItem(copied.collection, copied.copyId)?.item.name).toBe(
      `${'n'.repeat(MAX_NAME - 5)} copy`,
    );
  });

  it('duplicateItem refuses when newId repeats an id', () => {
    expect(refusal(duplicateItem(shop, 'f1', () => 'r1')).message).toMatch(/used twice/);
  });

  it('moveItem moves into a folder or to the top level, at an index counted without the item', () => {
    const intoDrafts = accepted(moveItem(shop, 'r1', 'f2', 0));
    expect(outline(intoDrafts.items)).toEqual([
      'Orders',
      '  Create order',
      '  Drafts',
      '    List products',
      '    Get draft',
      'Delete product',
    ]);
    const toTop = accepted(moveItem(shop, 'r3', null, 99));
    expect(outline(toTop.items).at(-1)).toBe('Get draft');
    const reorder = accepted(moveItem(shop, 'r4', null, 0));
    expect(outline(reorder.items)[0]).toBe('Delete product');
    const sameFolderDown = accepted(moveItem(shop, 'r1', null, 1));
    expect(reorder.items.length).toBe(3);
    expect(sameFolderDown.items.map((item) => item.id)).toEqual(['f1', 'r1', 'r4']);
    expect(accepted(moveItem(shop, 'r1', null, -5)).items[0]?.id).toBe('r1');
  });

  it('moveItem refuses moving a folder into itself or into one of its own folders', () => {
    expect(refusal(moveItem(shop, 'f1', 'f1', 0)).message).toMatch(/cannot be moved into itself/);
    expect(refusal(moveItem(shop, 'f1', 'f2', 0)).message).toMatch(
      /"Orders" cannot be moved into itself or into one of its own folders/,
    );
    expect(moveItem(shop, 'f2', 'f1', 0).ok).toBe(true);
    expect(moveItem(shop, 'r1', 'r4', 0)).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(moveItem(shop, 'nope', null, 0)).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('moveItem refuses a move that would nest folders too deep', () => {
    const deep = accepted(
      addFolder(nested(MAX_FOLDER_DEPTH - 1), null, folder('x1', 'X', [folder('x2', 'Y')])),
    );
    expect(refusal(moveItem(deep, 'x1', `d${MAX_FOLDER_DEPTH - 1}`, 0)).message).toMatch(
      /nested more than 8/,
    );
  });

  it('removeItem removes a request or a whole folder', () => {
    expect(outline(accepted(removeItem(shop, 'f1')).items)).toEqual([
      'List products',
      'Delete product',
    ]);
    expect(outline(accepted(removeItem(shop, 'r3')).items)).toContain('  Drafts');
    expect(removeItem(shop, 'nope').ok).toBe(false);
  });

  it('searchItems matches every word against name, path or whole method, in document order', () => {
    const ids = (query: string) => searchItems(shop, query).map((hit) => hit.id);
    expect(ids('product')).toEqual(['r1', 'r4']);
    expect(ids('DELETE')).toEqual(['r4']);
    expect(ids('get drafts')).toEqual(['r3']);
    expect(ids('orders')).toEqual(['f1', 'r2', 'r3']);
    expect(ids('draft')).toEqual(['f2', 'r3']);
    expect(ids('{{draftId}}')).toEqual(['r3']);
    expect(ids('pos')).toEqual([]); // a method matches whole, not by its start
    expect(ids('post')).toEqual(['r2']);
    expect(ids('   ')).toEqual([]);
    // A path as copied from an address, with /v1/ or a leading slash.
    expect(ids('/v1/orders/drafts')).toEqual(['r3']);
    expect(ids('/products/{{id}}')).toEqual(['r4']);
    expect(ids('/v1/products')).toEqual(['r1', 'r4']);
    expect(ids('/v2/products')).toEqual([]);
    expect(searchItems(shop, 'get draft')[0]).toEqual({
      id: 'r3',
      kind: 'request',
      name: 'Get draft',
      folderPath: ['Orders', 'Drafts'],
      folderIds: ['f1', 'f2'],
    });
  });

  it('keeps every result importable: operations on generated collections round-trip', () => {
    for (let seed = 1; seed <= 40; seed += 1) {
      const base = sampleCollection(seed);
      const first = base.items[0];
      if (first === undefined) continue;
      const newId = counter(`s${seed}x`);
      const { collection } = accepted(duplicateItem(base, first.id, newId));
      const moved = accepted(moveItem(collection, first.id, null, collection.items.length));
      expect(importCollection(exportCollection(moved))).toEqual({ ok: true, value: moved });
    }
  });
});

describe('import merging', () => {
  const other: Collection = { ...shop, id: 'c2', name: 'Billing', items: [] };

  it('nameClash finds the stored collection with the same name, case and spaces aside', () => {
    expect(nameClash([other, shop], { ...shop, id: 'c9', name: ' shop ' })).toBe(shop);
    expect(nameClash([other], shop)).toBeNull();
  });

  it('adds a collection without a clash at the end, keeping its ids', () => {
    const incoming = { ...shop, id: 'c3', name: 'Catalogue' };
    const { collections, imported } = mergeOnImport([other, shop], incoming, 'replace', counter());
    expect(collections.map((c) => c.name)).toEqual(['Billing', 'Shop', 'Catalogue']);
    expect(imported).toBe(incoming);
  });

  it("'replace' puts the incoming collection in the place of the one with its name", () => {
    const incoming: Collection = { ...shop, id: 'c1', items: [request('r1', 'Only one')] };
    const { collections } = mergeOnImport([shop, other], incoming, 'replace', counter());
    expect(collections).toEqual([incoming, other]);
  });

  it("'replace' gives a new id when another stored collection already has the incoming one", () => {
    const incoming: Collection = { ...shop, id: 'c2' };
    const { collections, imported } = mergeOnImport(
      [shop, other],
      incoming,
      'replace',
      counter('new'),
    );
    expect(imported.id).toBe('new-1');
    expect(collections.map((c) => c.id)).toEqual(['new-1', 'c2']);
  });

  it('\'keep-both\' adds "Name (2)", then "(3)", with new ids throughout', () => {
    const newId = counter('k');
    const first = mergeOnImport([shop, other], shop, 'keep-both', newId);
    expect(first.imported.name).toBe('Shop (2)');
    expect(first.imported.id).toBe('k-1');
    expect(outline(first.imported.items)).toEqual(outline(shop.items));
    expect(JSON.stringify(first.imported.items)).not.toMatch(/"id":"[rf]\d"/);
    const second = mergeOnImport(first.collections, shop, 'keep-both', newId);
    expect(second.collections.map((c) => c.name)).toEqual([
      'Shop',
      'Billing',
      'Shop (2)',
      'Shop (3)',
    ]);
    const third = mergeOnImport(
      second.collections,
      { ...shop, name: 'Shop (2)' },
      'keep-both',
      newId,
    );
    expect(third.imported.name).toBe('Shop (4)');
    expect(validateCollection(third.imported).ok).toBe(true);
  });

  it("'keep-both' keeps a long name within the limit", () => {
    const long = { ...shop, name: 'L'.repeat(MAX_NAME) };
    const { imported } = mergeOnImport([long], long, 'keep-both', counter());
    expect(imported.name).toBe(`${'L'.repeat(MAX_NAME - 4)} (2)`);
  });

  it('a refused import changes nothing: the stored list is only built from a valid collection', () => {
    const stored = [shop, other];
    const before = JSON.stringify(stored);
    const result = importCollection(shopText.replace('"headers"', '"hedaers"'));
    expect(result.ok).toBe(false);
    expect(JSON.stringify(stored)).toBe(before);
  });
});
