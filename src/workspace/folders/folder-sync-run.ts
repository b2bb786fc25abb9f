/**
 * One sync of one connected collection, run under its lock (folder-sync.ts takes it): read the
 * folder (only the files whose size or time changed, opencollection-folder-read.ts), plan against
 * the panel's files and the record of the last sync (folder-sync-plan.ts decides), then write the
 * panel's changes to the folder and read the folder's into the collection, or stop at a conflict
 * for the user to settle (folder-sync-conflict.ts).
 */
import { keepItemIds } from '../../collections/keep-item-ids';
import {
  brokenFiles,
  changedSince,
  type FileMap,
  planSync,
  type SyncPlan,
  toFileList,
  toSyncRecord,
} from '../../formats/opencollection/folder-sync-plan';
import { writeFolderFiles } from '../../formats/opencollection/opencollection-folder-io';
import { detectFolderFormat, formatOfRecord } from '../../formats/postman-v3/folder-format';
import { reloadCollections } from '../collection-commands';
import type { FolderConnection } from './folder-access';
import { FOLDER_KINDS, type FolderKind } from './folder-kinds';
import {
  currentCollection,
  forget,
  type SyncContext,
  show,
  shown,
  showOutcome,
  type Where,
} from './folder-sync-context';

/** The format the record of the last sync says, else the one the folder's content says. */
async function kindOf(connection: FolderConnection): Promise<FolderKind> {
  const format =
    formatOfRecord(connection.seen.map(([path]) => path)) ??
    (await detectFolderFormat(connection.handle));
  return FOLDER_KINDS[format];
}

/**
 * The collection's files in the folder, reading only those whose size or time changed since
 * the last read; and where the collection is in the folder.
 */
export async function readDisk(
  context: SyncContext,
  connection: FolderConnection,
): Promise<{ disk: FileMap; where: Where }> {
  const { collectionId, handle } = connection;
  const kind = await kindOf(connection);
  const read = await kind.read(handle, context.stamps.get(collectionId));
  context.stamps.set(collectionId, read.stamps);
  const seen = new Map(connection.seen);
  const place = await kind.place(
    seen,
    async () => (await currentCollection(context, collectionId))?.name ?? '',
  );
  const where = { kind, place };
  context.wheres.set(collectionId, where);
  return { disk: kind.own(read.files, seen, place), where };
}

const localFiles = (context: SyncContext, collectionId: string, where: Where) =>
  where.kind.local(context.deps.ask, collectionId, where.place);

/**
 * Carries out `plan`: writes the folder, reads it into the collection when it brought changes.
 * `local`: the panel's own files, which the notes on what was not taken leave out.
 */
export async function apply(
  context: SyncContext,
  connection: FolderConnection,
  where: Where,
  plan: SyncPlan & { kind: 'apply' },
  disk: FileMap,
  local: FileMap,
): Promise<string | null> {
  const { deps } = context;
  const folder = connection.handle.name;
  const outside = changedSince(new Map(connection.seen), disk);
  const broken = brokenFiles(plan.files, outside);
  if (plan.fromFolder && broken.length > 0)
    return `${broken.join(', ')} in “${folder}” ${broken.length === 1 ? 'is' : 'are'} not valid YAML: fix ${broken.length === 1 ? 'it' : 'them'} there; the panel keeps its copy meanwhile.`;
  const written = await writeFolderFiles(connection.handle, toFileList(plan.files), disk);
  if (!written.ok) return `${written.error.message} ${written.error.hint}`;
  if (plan.fromFolder) {
    const ownWrites = new Set(
      [...plan.files].flatMap(([path, text]) => (local.get(path) === text ? [path] : [])),
    );
    const imported = where.kind.collectionOf(toFileList(plan.files), ownWrites, deps.newId);
    if (!imported.ok) return `The folder “${folder}” could not be read: ${imported.error.message}`;
    const previous = await currentCollection(context, connection.collectionId);
    if (previous === undefined) return null;
    const put = await deps.ask('collections/put', {
      collection: keepItemIds(previous, imported.value.collection),
    });
    if (!put.ok) return `The folder’s change was not taken: ${put.error.message}`;
    context.notes.set(connection.collectionId, imported.value.summary);
    await reloadCollections(deps);
    // Other panels (another DevTools window) read the collection again too: their own syncs
    // find the folder as this one left it, with nothing new to read.
    deps.folders.announce(connection.collectionId);
  }
  // The panel's files as they are now, never the folder's: a file the panel did not change
  // keeps the folder's spelling on disk (a teammate's hand-written file), which the panel's
  // export need not match, and the next outside edit of it would look changed on both sides.
  const base = plan.fromFolder ? await localFiles(context, connection.collectionId, where) : local;
  connection.base = [...toSyncRecord(base instanceof Map ? base : plan.files)];
  connection.seen = [...toSyncRecord(plan.files)];
  await deps.folders.put(connection);
  return null;
}

/**
 * `full` false (the poll): the panel's side is exported only when the folder changed, since the
 * panel's own changes come with `changed`; a 1 000-request export every 2 s would cost.
 */
export async function syncUnlocked(context: SyncContext, collectionId: string, full: boolean) {
  const { connections, conflicts, deps } = context;
  if (!connections.has(collectionId) || conflicts.has(collectionId)) return;
  // Read again under the lock: another DevTools window may have synced since.
  const connection = await deps.folders.get(collectionId);
  if (connection === undefined) return forget(context, collectionId);
  connections.set(collectionId, connection);
  const folder = connection.handle.name;
  const access = await connection.handle.queryPermission?.({ mode: 'readwrite' });
  if (access !== undefined && access !== 'granted')
    return show(context, collectionId, { state: 'needs-permission', folder });
  const seen = new Map(connection.seen);
  const { disk, where } = await readDisk(context, connection);
  const unchanged = changedSince(seen, disk).length === 0;
  if (!full && shown(context, collectionId)?.state === 'synced' && unchanged) return;
  const local = await localFiles(context, collectionId, where);
  if (typeof local === 'string') {
    if (!(await currentCollection(context, collectionId))) return forget(context, collectionId);
    return show(context, collectionId, { state: 'error', folder, message: local });
  }
  const base = new Map(connection.base);
  const plan = planSync({ base, seen, local, disk });
  if (plan.kind === 'conflict') {
    const { paths, answers } = plan;
    conflicts.set(collectionId, { local, disk, paths, answers });
    return show(context, collectionId, { state: 'conflict', folder, paths, answers });
  }
  const problem =
    plan.kind === 'apply' ? await apply(context, connection, where, plan, disk, local) : null;
  showOutcome(context, collectionId, folder, problem);
}
