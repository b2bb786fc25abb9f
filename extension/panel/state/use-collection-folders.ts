/**
 * The saved collections kept in folders, in the panel: `useCollectionFolders` starts the folder
 * sync (folder-sync.ts, a lazy chunk) for the workbench's life once a collection is kept in a
 * folder (at start-up when one already is, or when the Connect folder tab says one has just been
 * connected), and tells it of every save and delete (so that the folder is written at once).
 * Until then only this file is part of the panel's start-up code: the folder store (IndexedDB, and
 * the channel the Connect folder tab speaks on) loads just after the first paint, to see. Views
 * read each collection's folder from the store (`state.folders.views`) and call `folders`.
 */
import { useEffect } from 'preact/hooks';
import type { PanelFolderSync } from './folder-sync';
import { collections } from './workspace';

let running: PanelFolderSync | null = null;

/** The folder sync's commands for the views; before it starts no collection is kept in a folder. */
export const folders = {
  settle: (collectionId: string, keep: 'panel' | 'folder') => running?.settle(collectionId, keep),
  reconnect: (collectionId: string) => running?.reconnect(collectionId),
  disconnect: (collectionId: string) => running?.disconnect(collectionId),
};

/** Starts the folder sync when a folder is (or becomes) connected; stops it with the workbench. */
export function useCollectionFolders(): void {
  useEffect(() => {
    let stopped = false;
    let sync: PanelFolderSync | null = null;
    async function start() {
      if (sync !== null || stopped) return;
      const { startFolderSync } = await import('./folder-sync');
      if (sync !== null || stopped) return;
      sync = startFolderSync();
      running = sync;
    }
    let channel: BroadcastChannel | null = null;
    void import('./folder-store').then(async ({ FOLDER_CHANNEL, listConnections }) => {
      if (stopped) return;
      channel = new BroadcastChannel(FOLDER_CHANNEL);
      channel.onmessage = () => void start();
      if ((await listConnections()).length > 0) await start();
    });
    const unheard = collections.onChanged((id) => void sync?.changed(id));
    return () => {
      stopped = true;
      unheard();
      channel?.close();
      sync?.stop();
      if (running === sync) running = null;
    };
  }, []);
}
