/**
 * The folder sync in the panel (a lazy chunk, loaded only once a folder is connected): the
 * commands of src/workspace/folders/folder-sync.ts bound to the panel's workspace and to what is
 * truly the browser's: the records of connected folders in IndexedDB (folder-store.ts, shared with
 * the Connect folder tab), a Web Lock per collection (two DevTools windows never write one folder
 * at once), the channel the extension's pages speak on, and the window's focus.
 */
import type { FolderAccess } from '../../../src/workspace/folders/folder-access';
import { createFolderSync } from '../../../src/workspace/folders/folder-sync';
import {
  announceConnection,
  deleteConnection,
  FOLDER_CHANNEL,
  getConnection,
  listConnections,
  putConnection,
} from './folder-store';
import { deps } from './workspace';

const access: FolderAccess = {
  list: listConnections,
  get: getConnection,
  put: putConnection,
  remove: deleteConnection,
  announce: announceConnection,
  lock: async (name, work, ifAvailable = false) =>
    navigator.locks.request(name, { ifAvailable }, async (lock) => {
      if (lock === null) return false;
      await work();
      return true;
    }),
};

export function startFolderSync() {
  const sync = createFolderSync({ ...deps, folders: access });
  const channel = new BroadcastChannel(FOLDER_CHANNEL);
  channel.onmessage = () => void sync.heard();
  const onFocus = () => void sync.focused();
  window.addEventListener('focus', onFocus);
  return {
    ...sync,
    stop() {
      sync.stop();
      channel.close();
      window.removeEventListener('focus', onFocus);
    },
  };
}

export type PanelFolderSync = ReturnType<typeof startFolderSync>;
