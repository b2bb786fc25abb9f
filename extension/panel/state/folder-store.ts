/**
 * Where a collection's folder is remembered: IndexedDB of the extension's origin, which the
 * Connect folder tab (extension/connect-folder/) and the panel share. A record holds the folder's
 * directory handle (IndexedDB keeps handles; no other storage can) and the files both sides held
 * at the last sync, so that a sync after a browser restart still tells whose change is whose.
 * Small on purpose: the panel loads it at start-up to learn whether any folder is connected.
 */
import type { ComparableFolder } from '../../../src/formats/opencollection/folder-claim';
import type { FolderHandle } from '../../../src/formats/opencollection/opencollection-folder-io';

type Access = { mode: 'readwrite' };

/**
 * A directory handle as the File System Access API gives it (permission calls in Chromium; the
 * comparison of two folders, which says whether one collection's folder is another's).
 */
export interface DirectoryHandle extends FolderHandle, ComparableFolder {
  readonly name: string;
  queryPermission?(access: Access): Promise<PermissionState>;
  requestPermission?(access: Access): Promise<PermissionState>;
}

export interface FolderConnection {
  collectionId: string;
  handle: DirectoryHandle;
  /** The panel's files at the last sync ([path, text]); empty before the first. */
  base: [string, string][];
  /** The folder's files at the last sync. */
  seen: [string, string][];
}

const DATABASE = 'partner-api-folders';
const STORE = 'connections';
/**
 * Tells every page of the extension that a connection was made, renewed or removed, or that a
 * panel read the folder's changes into the collection.
 */
export const FOLDER_CHANNEL = 'partner-api-folders';

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () =>
      request.result.createObjectStore(STORE, { keyPath: 'collectionId' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function inStore<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const database = await openDatabase();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = work(database.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  } finally {
    database.close();
  }
}

export const listConnections = () =>
  inStore<FolderConnection[]>('readonly', (store) => store.getAll());

export const getConnection = (collectionId: string) =>
  inStore<FolderConnection | undefined>('readonly', (store) => store.get(collectionId));

export async function putConnection(connection: FolderConnection): Promise<void> {
  await inStore('readwrite', (store) => store.put(connection));
}

export async function deleteConnection(collectionId: string): Promise<void> {
  await inStore('readwrite', (store) => store.delete(collectionId));
}

/** Says to the other pages of the extension that `collectionId`'s connection changed. */
export function announceConnection(collectionId: string): void {
  const channel = new BroadcastChannel(FOLDER_CHANNEL);
  channel.postMessage({ collectionId });
  channel.close();
}
