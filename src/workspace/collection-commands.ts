/**
 * The collections' commands, one per user intent, bound to their dependencies once: the list read
 * again, a collection saved whole (an edit computed by src/collections/collection-ops.ts; one that
 * broke a rule shows its error and saves nothing), deleted. The worker owns storage; the store
 * shows what it answered. Whoever keeps a collection in a folder hears of each save and delete
 * (`onChanged`), so that the folder is written at once. The exports and Connect folder
 * (collection-exports.ts) and the imports (collection-import.ts) are plain functions taking the
 * same dependencies, loaded with the views that offer them.
 */
import type { Collection } from '../collections/model';
import type { AppError, Result } from '../vocabulary/errors';
import type { CommandDeps } from './ask';

/** Reads the saved collections into the store (an error shows as the slice's error). */
export async function reloadCollections({ ask, dispatch }: CommandDeps): Promise<void> {
  const reply = await ask('collections/list', {});
  if (reply.ok) dispatch({ type: 'collections/listed', list: reply.value.collections });
  else dispatch({ type: 'collections/error', error: reply.error });
}

export function createCollectionCommands(deps: CommandDeps) {
  const { ask, dispatch } = deps;
  const listeners = new Set<(collectionId: string) => void>();
  const changed = (collectionId: string) => {
    for (const listener of listeners) listener(collectionId);
  };
  const setError = (error: AppError | null) => dispatch({ type: 'collections/error', error });
  const reload = () => reloadCollections(deps);

  return {
    reload,
    setError,
    /** Saves an edited collection; an edit that broke a rule shows its error and saves nothing. */
    async save(edit: Result<Collection>): Promise<boolean> {
      if (!edit.ok) {
        setError(edit.error);
        return false;
      }
      const reply = await ask('collections/put', { collection: edit.value });
      if (!reply.ok) {
        setError(reply.error);
        return false;
      }
      dispatch({ type: 'collections/saved', collection: reply.value.collection });
      changed(reply.value.collection.id);
      return true;
    },
    async remove(id: string): Promise<void> {
      const reply = await ask('collections/delete', { id });
      if (!reply.ok) setError(reply.error);
      await reload();
      changed(id);
    },
    /** Calls `listener` with a collection's id after each save or delete of it. */
    onChanged(listener: (collectionId: string) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type CollectionCommands = ReturnType<typeof createCollectionCommands>;
