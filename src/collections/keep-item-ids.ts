/**
 * A collection read again from its folder keeps the ids the panel knows: the collection's id, and
 * each folder's and request's where one of the same kind and name sits in the same folder. The
 * open request, the opened folders and the carried values so survive an outside edit; an item
 * renamed outside is a new item.
 */
import type { Collection, CollectionItem } from './model';

function keepIn(previous: readonly CollectionItem[], next: CollectionItem[]): CollectionItem[] {
  const known = new Map(previous.map((item) => [`${item.kind}:${item.name}`, item]));
  return next.map((item) => {
    const match = known.get(`${item.kind}:${item.name}`);
    if (match === undefined) return item;
    known.delete(`${item.kind}:${item.name}`);
    if (item.kind === 'folder' && match.kind === 'folder')
      return { ...item, id: match.id, items: keepIn(match.items, item.items) };
    return { ...item, id: match.id };
  });
}

export function keepItemIds(previous: Collection, next: Collection): Collection {
  return { ...next, id: previous.id, items: keepIn(previous.items, next.items) };
}
