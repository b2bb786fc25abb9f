/**
 * What the folder sync needs from the browser, as an interface the panel fills in
 * (extension/panel/state/folder-sync.ts) and the tests fill with a folder in memory: the connected
 * folders' records (IndexedDB in the panel), a lock per collection (Web Locks, so that two DevTools
 * windows never write one folder at once), and word to the extension's other pages. The folder
 * itself is the `FolderHandle` of opencollection-folder-io.ts (a File System Access directory
 * handle in the browser), with the permission calls Chromium adds.
 */
import type { FolderHandle } from '../../formats/opencollection/opencollection-folder-io';
import type { CommandDeps } from '../ask';

type ReadWrite = { mode: 'readwrite' };

/** A connected folder: its name, and the permission calls where the browser has them. */
export interface ConnectedFolder extends FolderHandle {
  readonly name: string;
  queryPermission?(access: ReadWrite): Promise<PermissionState>;
  requestPermission?(access: ReadWrite): Promise<PermissionState>;
}

/** The record of one collection's folder, kept across restarts. */
export interface FolderConnection<H extends ConnectedFolder = ConnectedFolder> {
  collectionId: string;
  handle: H;
  /**
   * The panel's files at the last sync ([path, digest]); empty before the first. Digests, never
   * texts (file-digest.ts): a teammate's file may hold a secret, and this record is on disk.
   */
  base: [string, string][];
  /** The folder's files at the last sync ([path, digest]). */
  seen: [string, string][];
  /** Set on every record written since digests; an older record held texts, digested on read. */
  digests?: true;
}

export interface FolderAccess {
  list(): Promise<FolderConnection[]>;
  get(collectionId: string): Promise<FolderConnection | undefined>;
  put(connection: FolderConnection): Promise<void>;
  remove(collectionId: string): Promise<void>;
  /** Tells the extension's other pages (another DevTools window) that a collection changed. */
  announce(collectionId: string): void;
  /**
   * Runs `work` holding the lock `name`, after whoever holds it; with `ifAvailable`, only when
   * nobody does (answers whether it ran).
   */
  lock(name: string, work: () => Promise<void>, ifAvailable?: boolean): Promise<boolean>;
}

/** What the folder sync's commands take: every command's dependencies, and the folders. */
export interface FolderSyncDeps extends CommandDeps {
  folders: FolderAccess;
}
