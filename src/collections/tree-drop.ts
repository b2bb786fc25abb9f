/**
 * Drag and drop in the collection tree, as a move: an item dropped before or after a row goes
 * into that row's folder at its place; dropped into a folder row, it goes last in that folder.
 * The same rules as Move to folder and Move up/down (the keyboard's way to the same moves):
 * a folder cannot go into itself, and a drop onto the item itself changes nothing.
 */
import { fail, ok, type Result } from '../vocabulary/errors';
import { findItem, moveItem } from './collection-ops';
import type { Collection } from './model';

export type DropPlace = 'before' | 'after' | 'into';

export function moveByDrop(
  collection: Collection,
  draggedId: string,
  targetId: string,
  place: DropPlace,
): Result<Collection> {
  if (draggedId === targetId) return ok(collection);
  const target = findItem(collection, targetId);
  const dragged = findItem(collection, draggedId);
  if (target === null || dragged === null) {
    return fail(
      'invalid_request',
      'The dragged item or the place it was dropped is no longer in the collection.',
      'Drag it again.',
    );
  }
  if (place === 'into' && target.item.kind === 'folder') {
    return moveItem(collection, draggedId, targetId, Number.MAX_SAFE_INTEGER);
  }
  // moveItem counts the index once the item has left its place.
  const sameList = dragged.parentId === target.parentId && dragged.index < target.index;
  const index = target.index - (sameList ? 1 : 0) + (place === 'after' ? 1 : 0);
  return moveItem(collection, draggedId, target.parentId, index);
}
