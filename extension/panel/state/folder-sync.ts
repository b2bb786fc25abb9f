/**
 * The panel's side of a collection kept in a folder: every few seconds, on focus and after each
 * save it syncs the collection's files with the folder's (folder-sync-run.ts: one sync;
 * folder-sync-conflict.ts: settling a conflict; folder-sync-context.ts: what is known between
 * syncs). This file runs them: when, and one at a time. Loaded only when a folder is connected. A
 * sync holds a Web Lock per collection, so two DevTools windows never write the same folder at
 * once. A poll never runs beside the last one, and leaves a folder refused as too large until a
 * focus or a save. A folder speaks OpenCollection YAML or Postman 12's v3 (folder-kinds.ts): the
 * last sync's record says which, else what the folder holds (an empty folder: OpenCollection).
 */
import { FOLDER_CHANNEL, listConnections } from './folder-store';
import { settle } from './folder-sync-conflict';
import {
  createSyncContext,
  type FolderSyncDeps,
  forget,
  lockName,
  show,
} from './folder-sync-context';
import { syncUnlocked } from './folder-sync-run';
import { ask } from './worker-client';

export type { FolderView } from './folder-sync-context';

/** How often the folder is looked at for outside changes (an editor, `git pull`). */
export const POLL_MS = 2000;

export function startFolderSync(deps: FolderSyncDeps) {
  const context = createSyncContext(deps);
  const { views, connections, tooLarge } = context;

  async function loadConnections() {
    const stored = await listConnections();
    connections.clear();
    for (const connection of stored) connections.set(connection.collectionId, connection);
    for (const id of views.keys()) if (!connections.has(id)) show(context, id, null);
    await Promise.all(stored.map(({ collectionId }) => syncOne(collectionId)));
  }

  /**
   * A save, a focus or an answer queues behind a sync in progress; the poll never does: while a
   * sync still runs (a slow folder), the poll's turn is skipped, so polls never pile up.
   */
  async function syncOne(collectionId: string, full = true): Promise<void> {
    await navigator.locks.request(lockName(collectionId), { ifAvailable: !full }, (lock) =>
      lock === null
        ? undefined
        : syncUnlocked(context, collectionId, full).then(
            () => tooLarge.delete(collectionId),
            (error: unknown) => {
              if (error instanceof Error && error.name === 'FolderTooLarge')
                tooLarge.add(collectionId);
              const folder = connections.get(collectionId)?.handle.name ?? '';
              const message = `The folder “${folder}” could not be used: ${error instanceof Error ? error.message : String(error)}`;
              show(context, collectionId, { state: 'error', folder, message });
            },
          ),
    );
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
    await ask('collections/connect-folder', { id: collectionId, reconnect: true });
  }

  const channel = new BroadcastChannel(FOLDER_CHANNEL);
  channel.onmessage = () => {
    void loadConnections();
    void deps.reload();
  };
  const timer = setInterval(() => void syncAll(false), POLL_MS);
  const onFocus = () => void syncAll(true);
  window.addEventListener('focus', onFocus);
  void loadConnections();

  return {
    /** After a save or delete in the panel: write it to the folder now. */
    changed: (collectionId: string) =>
      connections.has(collectionId) ? syncOne(collectionId) : Promise.resolve(),
    settle: (collectionId: string, keep: 'panel' | 'folder') => settle(context, collectionId, keep),
    reconnect,
    disconnect: (collectionId: string) => forget(context, collectionId),
    stop() {
      clearInterval(timer);
      channel.close();
      window.removeEventListener('focus', onFocus);
    },
  };
}

export type FolderSync = ReturnType<typeof startFolderSync>;
