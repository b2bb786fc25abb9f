/**
 * Where a collection's folder is remembered: IndexedDB of the extension's origin, which the
 * Connect folder tab (extension/connect-folder/) and the panel share. A record holds the folder's
 * directory handle (IndexedDB keeps handles; no other storage can) and a digest of each file both
 * sides held at the last sync (never a file's text), so that a sync after a browser restart still
 * tells whose change is whose.
 * Small on purpose: the panel loads it at start-up to learn whether any folder is connected.
 */
import { fileDigest } from '../../../src/formats/opencollection/file-digest';
import type { ComparableFolder } from '../../../src/formats/opencollection/folder-claim';
import type {
  ConnectedFolder,
  FolderConnection as SyncedFolder,
} from '../../../src/workspace/folders/folder-access';

/**
 * A directory handle as the File System Access API gives it (permission calls in Chromium; the
 * comparison of two folders, which says whether one collection's folder is another's).
 */
export interface DirectoryHandle extends ConnectedFolder, ComparableFolder {
  readonly name: string;
}

/** A record as kept here (its shape: src/workspace/folders/folder-access.ts). */
export type FolderConnection = SyncedFolder<DirectoryHandle>;

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

/**
 * `connection` as it is kept now: a record written before digests held the files' texts, which
 * are digested here and written back at once, so that no text stays in the store.
 */
async function current(connection: FolderConnection): Promise<FolderConnection> {
  if (connection.digests) return connection;
  const digested = (files: [string, string][]): [string, string][] =>
    files.map(([path, text]) => [path, fileDigest(text)]);
  const upgraded: FolderConnection = {
    ...connection,
    base: digested(connection.base),
    seen: digested(connection.seen),
    digests: true,
  };
  await putConnection(upgraded);
  return upgraded;
}

export const listConnections = async () =>
  Promise.all(
    (await inStore<FolderConnection[]>('readonly', (store) => store.getAll())).map(current),
  );

export async function getConnection(collectionId: string) {
  const found = await inStore<FolderConnection | undefined>('readonly', (store) =>
    store.get(collectionId),
  );
  return found === undefined ? undefined : current(found);
}

export async function putConnection(connection: FolderConnection): Promise<void> {
  await inStore('readwrite', (store) => store.put({ ...connection, digests: true }));
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
