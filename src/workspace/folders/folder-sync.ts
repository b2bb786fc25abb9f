/**
 * The folder sync's commands: a collection kept live in a folder on disk is synced every few
 * seconds (the poll, on the injected timers), on focus and after each save (folder-sync-run.ts:
 * one sync; folder-sync-conflict.ts: settling a conflict; folder-sync-context.ts: what is known
 * between syncs). This file runs them: when, and one at a time. A sync holds a lock per
 * collection, so two DevTools windows never write the same folder at once. A poll never runs
 * beside the last one, and leaves a folder refused as too large until a focus or a save. A folder
 * speaks OpenCollection YAML or Postman 12's v3 (folder-kinds.ts): the last sync's record says
 * which, else what the folder holds (an empty folder: OpenCollection). Browser-free: the panel
 * loads it (extension/panel/state/folder-sync.ts) only once a folder is connected.
 */
import { reloadCollections } from '../collection-commands';
import type { FolderSyncDeps } from './folder-access';
import { settle } from './folder-sync-conflict';
import { createSyncContext, forget, lockName, show } from './folder-sync-context';
import { syncUnlocked } from './folder-sync-run';

/** How often the folder is looked at for outside changes (an editor, `git pull`). */
export const POLL_MS = 2000;

export function createFolderSync(deps: FolderSyncDeps) {
  const context = createSyncContext(deps);
  const { connections, tooLarge } = context;

  async function loadConnections() {
    const stored = await deps.folders.list();
    connections.clear();
    for (const connection of stored) connections.set(connection.collectionId, connection);
    for (const id of Object.keys(deps.get().folders.views))
      if (!connections.has(id)) show(context, id, null);
    await Promise.all(stored.map(({ collectionId }) => syncOne(collectionId)));
  }

  /**
   * A save, a focus or an answer queues behind a sync in progress; the poll never does: while a
   * sync still runs (a slow folder), the poll's turn is skipped, so polls never pile up.
   */
  async function syncOne(collectionId: string, full = true): Promise<void> {
    const run = () =>
      syncUnlocked(context, collectionId, full).then(
        () => void tooLarge.delete(collectionId),
        (error: unknown) => {
          if (error instanceof Error && error.name === 'FolderTooLarge') tooLarge.add(collectionId);
          const folder = connections.get(collectionId)?.handle.name ?? '';
          const message = `The folder “${folder}” could not be used: ${error instanceof Error ? error.message : String(error)}`;
          show(context, collectionId, { state: 'error', folder, message });
        },
      );
    await deps.folders.lock(lockName(collectionId), run, !full);
  }

  /** The poll (`full` false) leaves a folder refused as too large until a focus or a save. */
  const syncAll = (full: boolean) =>
    Promise.all(
      [...connections.keys()]
        .filter((id) => full || !tooLarge.has(id))
        .map((id) => syncOne(id, full)),
    );

  /** Asks again for access after a restart; where the panel may not ask, the tab does. */
  async function reconnect(collectionId: string) {
    const connection = connections.get(collectionId);
    const granted = await connection?.handle
      .requestPermission?.({ mode: 'readwrite' })
      .catch(() => 'prompt' as const);
    if (granted === 'granted') return syncOne(collectionId);
    await deps.ask('collections/connect-folder', { id: collectionId, reconnect: true });
  }

  let stopped = false;
  let timer: unknown = null;
  const poll = () => {
    if (stopped) return;
    timer = deps.timers.set(poll, POLL_MS);
    void syncAll(false);
  };
  timer = deps.timers.set(poll, POLL_MS);
  const started = loadConnections();

  return {
    /** The connections as they were read at the start, synced once. */
    started,
    /** After a save or delete in the panel: write it to the folder now. */
    changed: (collectionId: string) =>
      connections.has(collectionId) ? syncOne(collectionId) : Promise.resolve(),
    /** The panel came back into focus: every folder is looked at now, a large one too. */
    focused: () => syncAll(true),
    /**
     * Another page connected, renewed or removed a folder, or read one into a collection: the
     * connections and the collections are read again.
     */
    async heard() {
      await Promise.all([loadConnections(), reloadCollections(deps)]);
    },
    settle: (collectionId: string, keep: 'panel' | 'folder') => settle(context, collectionId, keep),
    reconnect,
    disconnect: (collectionId: string) => forget(context, collectionId),
    /** The workbench closed: no more polls, and nothing shown of folders it no longer syncs. */
    stop() {
      stopped = true;
      deps.timers.clear(timer);
      for (const id of Object.keys(deps.get().folders.views)) show(context, id, null);
    },
  };
}

export type FolderSync = ReturnType<typeof createFolderSync>;
