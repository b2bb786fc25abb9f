/**
 * The panel's copy of the saved collections and the actions on them. Edits are computed with the
 * pure operations of src/collections/collection-ops.ts and saved whole through the worker, which
 * owns storage. A collection kept in a folder is written there after each save (use-folder-sync.ts).
 */
import { useEffect, useState } from 'preact/hooks';
import type { Collection } from '../../../src/collections/model';
import type { AppError, Result } from '../../../src/vocabulary/errors';
import { useFolderSync } from './use-folder-sync';
import { ask } from './worker-client';

export function useCollections() {
  const [collections, setCollections] = useState<Collection[]>([]);
  const [error, setError] = useState<AppError | null>(null);

  async function reload() {
    const reply = await ask('collections/list', {});
    if (reply.ok) setCollections(reply.value.collections);
    else setError(reply.error);
  }
  const folders = useFolderSync(reload);

  useEffect(() => {
    void reload();
  }, []);

  /** Saves an edited collection; an edit that broke a rule shows its error and saves nothing. */
  async function save(edit: Result<Collection>): Promise<boolean> {
    if (!edit.ok) {
      setError(edit.error);
      return false;
    }
    const reply = await ask('collections/put', { collection: edit.value });
    if (!reply.ok) {
      setError(reply.error);
      return false;
    }
    setError(null);
    setCollections((all) => {
      const index = all.findIndex((item) => item.id === reply.value.collection.id);
      return index === -1
        ? [...all, reply.value.collection]
        : all.with(index, reply.value.collection);
    });
    void folders.changed(reply.value.collection.id);
    return true;
  }

  async function remove(id: string) {
    const reply = await ask('collections/delete', { id });
    if (!reply.ok) setError(reply.error);
    await reload();
    void folders.changed(id);
  }

  return { collections, error, setError, reload, save, remove, folders };
}

export type CollectionsState = ReturnType<typeof useCollections>;
