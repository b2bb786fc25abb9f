/**
 * The saved collections kept in folders: the folder sync (use-folder-sync.ts) started by the
 * workbench, told of every save and delete by the collection commands (so that the folder is
 * written at once), and read by the collection blocks through `FoldersContext`.
 */
import { createContext } from 'preact';
import { useContext, useEffect } from 'preact/hooks';
import { type FolderSyncState, useFolderSync } from './use-folder-sync';
import { collections } from './workspace';

/** Outside a workbench no collection is kept in a folder, and nothing is written. */
const NO_FOLDERS: FolderSyncState = {
  views: new Map(),
  changed: () => undefined,
  settle: () => undefined,
  reconnect: () => undefined,
  disconnect: () => undefined,
};

export const FoldersContext = createContext<FolderSyncState>(NO_FOLDERS);

/** Starts the folder sync for the workbench's life; its state goes into `FoldersContext`. */
export function useCollectionFolders(): FolderSyncState {
  const folders = useFolderSync(collections.reload);
  // `changed` reads the sync it started, whichever render's copy is called.
  useEffect(() => collections.onChanged((id) => void folders.changed(id)), []);
  return folders;
}

/** The folder sync, as the collection blocks read it. */
export const useFolders = (): FolderSyncState => useContext(FoldersContext);
