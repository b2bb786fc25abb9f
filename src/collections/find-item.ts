/**
 * Where an item is in a collection: its folder, its place and the folders above it. A file of its
 * own, apart from the sidebar's search and tree rows, so that the panel's start-up (which follows
 * an opened request through the collections) does not carry those.
 */
import type { Collection, CollectionItem, Folder } from './model';

export interface ItemLocation {
  item: CollectionItem;
  /** The folder that holds the item; null at the top level. */
  parentId: string | null;
  index: number;
  /** The folders from the top level down to the one that holds the item. */
  folders: readonly Folder[];
}

/** Where an item is in a collection (its folder, place and the folders above it), or null. */
export function findItem(collection: Collection, itemId: string): ItemLocation | null {
  const stack: { items: readonly CollectionItem[]; folders: Folder[] }[] = [
    { items: collection.items, folders: [] },
  ];
  while (stack.length > 0) {
    const { items, folders } = stack.pop() as (typeof stack)[number];
    for (const [index, item] of items.entries()) {
      const parentId = folders[folders.length - 1]?.id ?? null;
      if (item.id === itemId) return { item, parentId, index, folders };
      if (item.kind === 'folder') stack.push({ items: item.items, folders: [...folders, item] });
    }
  }
  return null;
}
