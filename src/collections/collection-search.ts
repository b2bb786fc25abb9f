/**
 * Reading a collection as the sidebar shows it: where an item is, the search over saved requests,
 * the folders an item can move to, and the rows of the tree (a flat list with levels, as the
 * WAI-ARIA tree pattern allows) for the folders that are open. No schema library: the panel
 * renders with this.
 */
import type { Collection, CollectionItem, Folder } from './model';

export { findItem, type ItemLocation } from './find-item';

export interface SearchHit {
  id: string;
  kind: CollectionItem['kind'];
  name: string;
  /** Names of the folders from the top level down, for "Orders / Drafts" breadcrumbs. */
  folderPath: string[];
  folderIds: string[];
}

/**
 * Whether a request's path (as saved: after `/v1/`) holds `term`, a lower-case word of a search,
 * written as a user copies it from an address: `orders/42`, `/orders/42` or `/v1/orders/42`.
 */
export function pathHolds(path: string, term: string): boolean {
  return `/v1/${path.toLowerCase()}`.includes(term);
}

/**
 * Items whose name, method or path hold every word of `query` (case-insensitive; a method must
 * match whole: "get orders"; a path as written after the host, `/v1/…`, or after `/v1/`), in
 * document order. Folders match by name. An empty query finds none.
 */
export function searchItems(collection: Collection, query: string): SearchHit[] {
  const terms = query
    .toLowerCase()
    .split(/\s+/)
    .filter((term) => term !== '');
  if (terms.length === 0) return [];
  const hits: SearchHit[] = [];
  const visit = (items: readonly CollectionItem[], folders: readonly Folder[]) => {
    for (const item of items) {
      const name = item.name.toLowerCase();
      const matches = terms.every((term) =>
        item.kind === 'folder'
          ? name.includes(term)
          : name.includes(term) || pathHolds(item.path, term) || item.method.toLowerCase() === term,
      );
      if (matches) {
        hits.push({
          id: item.id,
          kind: item.kind,
          name: item.name,
          folderPath: folders.map((folder) => folder.name),
          folderIds: folders.map((folder) => folder.id),
        });
      }
      if (item.kind === 'folder') visit(item.items, [...folders, item]);
    }
  };
  visit(collection.items, []);
  return hits;
}

/** Every folder of a collection, depth first: the places an item can move to. */
export function allFolders(items: readonly CollectionItem[]): Folder[] {
  return items.flatMap((item) => (item.kind === 'folder' ? [item, ...allFolders(item.items)] : []));
}

export interface TreeRow {
  item: CollectionItem;
  /** 1 for the top level of the collection. */
  level: number;
  parentId: string | null;
  /** Position among its siblings (0-based) and how many siblings there are. */
  index: number;
  siblings: number;
  /** For folders: whether they show their items. */
  expanded: boolean;
}

/**
 * The rows of the tree in document order: an open folder's items follow it. With `visible` (a
 * search), only the listed items show, and every folder on their way is open.
 */
export function treeRows(
  items: readonly CollectionItem[],
  expanded: ReadonlySet<string>,
  visible: ReadonlySet<string> | null = null,
  level = 1,
  parentId: string | null = null,
): TreeRow[] {
  const shown = visible === null ? items : items.filter((item) => visible.has(item.id));
  return shown.flatMap((item, index) => {
    const open = item.kind === 'folder' && (visible !== null || expanded.has(item.id));
    const row: TreeRow = { item, level, parentId, index, siblings: shown.length, expanded: open };
    return open && item.kind === 'folder'
      ? [row, ...treeRows(item.items, expanded, visible, level + 1, item.id)]
      : [row];
  });
}
