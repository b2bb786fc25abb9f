/**
 * What the folder sync (folder-sync.ts) knows between two syncs, in memory, and the small moves
 * every part of it makes on that: what each connected collection shows (`show`, `showOutcome`),
 * the collection as the worker holds it, and forgetting a connection. The record of the last sync
 * is not here but in folder-store.ts (digests of the files, never their texts).
 */
import type { Collection } from '../../../src/collections/model';
import type {
  ConflictAnswers,
  FileMap,
} from '../../../src/formats/opencollection/folder-sync-plan';
import type { FileStamp } from '../../../src/formats/opencollection/opencollection-folder-read';
import { FOLDER_FORMAT_LABELS } from '../../../src/formats/postman-v3/folder-format';
import type { FolderKind } from './folder-kinds';
import { deleteConnection, type FolderConnection } from './folder-store';
import { ask } from './worker-client';

export type FolderView =
  /**
   * `notes`: what the last read from the folder could not take (scripts, other auth, …);
   * `format`: the format the folder is kept in, in words.
   */
  | { state: 'synced'; folder: string; format: string; notes?: string[] }
  | { state: 'needs-permission'; folder: string }
  /**
   * `answers`: every file each answer would write or remove in the folder; `problem`: why the
   * last choice could not be carried out.
   */
  | {
      state: 'conflict';
      folder: string;
      paths: string[];
      answers: ConflictAnswers;
      problem?: string;
    }
  | { state: 'error'; folder: string; message: string };

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

export interface FolderSyncDeps {
  /** Reads the collections again after the folder changed one. */
  reload: () => Promise<void>;
  /** Each connected collection's state, whenever one changes. */
  onViews: (views: ReadonlyMap<string, FolderView>) => void;
}

/** Everything is by collection id. */
export interface SyncContext extends FolderSyncDeps {
  views: Map<string, FolderView>;
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
    ...deps,
    views: new Map(),
    connections: new Map(),
    conflicts: new Map(),
    notes: new Map(),
    stamps: new Map(),
    tooLarge: new Set(),
    wheres: new Map(),
  };
}

/** The Web Lock a sync of one collection holds, so two DevTools windows never write at once. */
export const lockName = (collectionId: string) => `partner-api-folder:${collectionId}`;

export function show(context: SyncContext, collectionId: string, view: FolderView | null) {
  if (view === null) context.views.delete(collectionId);
  else context.views.set(collectionId, view);
  context.onViews(new Map(context.views));
}

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

export async function currentCollection(collectionId: string): Promise<Collection | undefined> {
  const reply = await ask('collections/list', {});
  return reply.ok ? reply.value.collections.find(({ id }) => id === collectionId) : undefined;
}

export async function forget(context: SyncContext, collectionId: string) {
  await deleteConnection(collectionId);
  context.connections.delete(collectionId);
  context.conflicts.delete(collectionId);
  context.stamps.delete(collectionId);
  context.wheres.delete(collectionId);
  context.tooLarge.delete(collectionId);
  show(context, collectionId, null);
}
