/**
 * The Collections tab's view commands, plain functions taking the commands' dependencies (loaded
 * with the tab, not at start-up): a dialog or a run opened and closed, a folder or a whole
 * collection opened and closed, an export's status line, and a deleted collection offered back
 * (Undo saves it again). They live in the store (collections-state.ts) so that they outlive the
 * tab's views.
 */
import type { Collection } from '../collections/model';
import type { CommandDeps } from './ask';
import type { CollectionCommands } from './collection-commands';
import type { CollectionsView, ExportSaved } from './collections-state';

/** Opens or closes a dialog, a run, the offer of a deleted collection. */
export function showCollections({ dispatch }: CommandDeps, set: Partial<CollectionsView>): void {
  dispatch({ type: 'collections/view', set });
}

/** `set` with `id` taken out if it was in, put in if it was not. */
function flipped(set: ReadonlySet<string> | undefined, id: string): ReadonlySet<string> {
  const next = new Set(set);
  if (!next.delete(id)) next.add(id);
  return next;
}

/** Opens or closes a folder of a collection, or (no folder) the collection itself. */
export function toggleOpen(deps: CommandDeps, collectionId: string, folderId: string | null): void {
  const view = deps.get().collections.view;
  if (folderId === null) {
    showCollections(deps, { closed: flipped(view.closed, collectionId) });
    return;
  }
  const expanded = new Map(view.expanded);
  expanded.set(collectionId, flipped(view.expanded.get(collectionId), folderId));
  showCollections(deps, { expanded });
}

/** Shows what an export of a collection saved (each collection its own last line). */
export function showExported(deps: CommandDeps, collectionId: string, saved: ExportSaved): void {
  const exported = { ...deps.get().collections.view.exported, [collectionId]: saved };
  showCollections(deps, { exported });
}

/** Deletes a whole collection and offers it back for a few seconds. */
export async function deleteCollection(
  deps: CommandDeps,
  collections: Pick<CollectionCommands, 'remove'>,
  collection: Collection,
): Promise<void> {
  await collections.remove(collection.id);
  showCollections(deps, { deleted: collection });
}

/** Saves the collection just deleted again, and withdraws the offer. */
export async function undoDelete(
  deps: CommandDeps,
  collections: Pick<CollectionCommands, 'save'>,
): Promise<void> {
  const { deleted } = deps.get().collections.view;
  if (deleted === null) return;
  showCollections(deps, { deleted: null });
  await collections.save({ ok: true, value: deleted });
}
