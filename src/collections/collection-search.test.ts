import { describe, expect, it } from 'vitest';
import { allFolders, treeRows } from './collection-search';
import type { CollectionItem, SavedRequest } from './model';

const request = (id: string): SavedRequest => ({
  kind: 'request',
  id,
  name: id,
  method: 'GET',
  path: id,
  query: [],
  headers: [],
  body: '',
});

const items: CollectionItem[] = [
  request('ping'),
  {
    kind: 'folder',
    id: 'orders',
    name: 'Orders',
    items: [
      request('list'),
      { kind: 'folder', id: 'drafts', name: 'Drafts', items: [request('draft')] },
    ],
  },
  request('company'),
];

const ids = (rows: ReturnType<typeof treeRows>) =>
  rows.map((row) => `${'  '.repeat(row.level - 1)}${row.item.id}${row.expanded ? ' (open)' : ''}`);

describe('the rows of the collection tree', () => {
  it('shows the top level, with folders closed', () => {
    expect(ids(treeRows(items, new Set()))).toEqual(['ping', 'orders', 'company']);
  });

  it('shows an open folder’s items after it, one level deeper, with their place among siblings', () => {
    const rows = treeRows(items, new Set(['orders']));
    expect(ids(rows)).toEqual(['ping', 'orders (open)', '  list', '  drafts', 'company']);
    expect(rows[3]).toMatchObject({ parentId: 'orders', index: 1, siblings: 2, level: 2 });
    expect(rows[4]).toMatchObject({ parentId: null, index: 2, siblings: 3, level: 1 });
  });

  it('with a search, shows only the matches and opens every folder on their way', () => {
    const rows = treeRows(items, new Set(), new Set(['orders', 'drafts', 'draft']));
    expect(ids(rows)).toEqual(['orders (open)', '  drafts (open)', '    draft']);
    expect(rows[1]).toMatchObject({ index: 0, siblings: 1 });
  });

  it('lists every folder depth first', () => {
    expect(allFolders(items).map((folder) => folder.id)).toEqual(['orders', 'drafts']);
  });
});
