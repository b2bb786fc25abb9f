/**
 * What the folder sync (folder-sync.ts) knows between two syncs, in memory, and the small moves
 * every part of it makes on that: what each connected collection shows (`show`, `showOutcome`,
 * into the store's folders slice), the collection as the worker holds it, and forgetting a
 * connection. The record of the last sync is not here but in the folder records (FolderAccess:
 * digests of the files, never their texts).
 */
import type { Collection } from '../../collections/model';
import type { ConflictAnswers, FileMap } from '../../formats/opencollection/folder-sync-plan';
import type { FileStamp } from '../../formats/opencollection/opencollection-folder-read';
import { FOLDER_FORMAT_LABELS } from '../../formats/postman-v3/folder-format';
import type { FolderConnection, FolderSyncDeps } from './folder-access';
import type { FolderKind } from './folder-kinds';
import type { FolderView } from './folders-state';

/** A conflict waiting for the user's answer: both sides as they were when it was asked. */
export interface Pending {
  local: FileMap;
  disk: FileMap;
  paths: string[];
  answers: ConflictAnswers;
}

/** A connected folder's format, and where in it the collection is ('' for all of it). */
export interface Where {
  kind: FolderKind;
  place: string;
}

/** Everything is by collection id. */
export interface SyncContext {
  deps: FolderSyncDeps;
  connections: Map<string, FolderConnection>;
  conflicts: Map<string, Pending>;
  /** What the last read from each folder could not take. */
  notes: Map<string, string[]>;
  /** Each folder's last read (memory only): a poll reads only the files that changed since. */
  stamps: Map<string, Map<string, FileStamp>>;
  /** Folders refused as too large: the poll leaves them; a focus or a save looks again. */
  tooLarge: Set<string>;
  /** Each folder's format and place, as the last sync found them. */
  wheres: Map<string, Where>;
}

export function createSyncContext(deps: FolderSyncDeps): SyncContext {
  return {
    deps,
    connections: new Map(),
    conflicts: new Map(),
    notes: new Map(),
    stamps: new Map(),
    tooLarge: new Set(),
    wheres: new Map(),
  };
}

/** The lock a sync of one collection holds, so two DevTools windows never write at once. */
export const lockName = (collectionId: string) => `partner-api-folder:${collectionId}`;

export function show(context: SyncContext, collectionId: string, view: FolderView | null) {
  context.deps.dispatch({ type: 'folders/shown', collectionId, view });
}

/** What the collection shows now, if it is kept in a folder. */
export const shown = (context: SyncContext, collectionId: string): FolderView | undefined =>
  context.deps.get().folders.views[collectionId];

const synced = (context: SyncContext, collectionId: string, folder: string): FolderView => ({
  state: 'synced',
  folder,
  format: FOLDER_FORMAT_LABELS[context.wheres.get(collectionId)?.kind.format ?? 'opencollection'],
  notes: context.notes.get(collectionId) ?? [],
});

/** After a sync or a settled conflict: synced, or the `problem` that stopped it. */
export function showOutcome(
  context: SyncContext,
  collectionId: string,
  folder: string,
  problem: string | null,
) {
  show(
    context,
    collectionId,
    problem === null
      ? synced(context, collectionId, folder)
      : { state: 'error', folder, message: problem },
  );
}

export async function currentCollection(
  context: SyncContext,
  collectionId: string,
): Promise<Collection | undefined> {
  const reply = await context.deps.ask('collections/list', {});
  return reply.ok ? reply.value.collections.find(({ id }) => id === collectionId) : undefined;
}

export async function forget(context: SyncContext, collectionId: string) {
  await context.deps.folders.remove(collectionId);
  context.connections.delete(collectionId);
  context.conflicts.delete(collectionId);
  context.stamps.delete(collectionId);
  context.wheres.delete(collectionId);
  context.tooLarge.delete(collectionId);
  show(context, collectionId, null);
}
