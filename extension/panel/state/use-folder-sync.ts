/**
 * Starts the folder sync (folder-sync.ts, a lazy chunk) once a collection is kept in a folder: at
 * start-up when one already is, or when the Connect folder tab says one has just been connected.
 * Until then only this hook is part of the panel's start-up code: the folder store (IndexedDB, and
 * the channel the Connect folder tab speaks on) loads just after the first paint, to see.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { FolderSync, FolderView } from './folder-sync';

export function useFolderSync(reload: () => Promise<void>) {
  const [views, setViews] = useState<ReadonlyMap<string, FolderView>>(new Map());
  const sync = useRef<FolderSync | null>(null);

  useEffect(() => {
    let stopped = false;
    async function start() {
      if (sync.current !== null || stopped) return;
      const { startFolderSync } = await import('./folder-sync');
      if (sync.current !== null || stopped) return;
      sync.current = startFolderSync({ reload, onViews: setViews });
    }
    let channel: BroadcastChannel | null = null;
    void import('./folder-store').then(async ({ FOLDER_CHANNEL, listConnections }) => {
      if (stopped) return;
      channel = new BroadcastChannel(FOLDER_CHANNEL);
      channel.onmessage = () => void start();
      if ((await listConnections()).length > 0) await start();
    });
    return () => {
      stopped = true;
      channel?.close();
      sync.current?.stop();
    };
  }, []);

  return {
    views,
    /** After a save or delete: the collection's folder (if any) is written now. */
    changed: (collectionId: string) => sync.current?.changed(collectionId),
    settle: (collectionId: string, keep: 'panel' | 'folder') =>
      sync.current?.settle(collectionId, keep),
    reconnect: (collectionId: string) => sync.current?.reconnect(collectionId),
    disconnect: (collectionId: string) => sync.current?.disconnect(collectionId),
  };
}

export type FolderSyncState = ReturnType<typeof useFolderSync>;
