/**
 * The panel's side of a collection kept in a folder: every few seconds, on focus and after each
 * save it compares the collection's files with the folder's (folder-sync-plan.ts decides), writes
 * the panel's changes to the folder and reads the folder's changes into the collection. Loaded
 * only when a folder is connected. A sync holds a Web Lock per collection, so two DevTools windows
 * never write the same folder at once. A poll reads only the files whose size or time changed
 * (opencollection-folder-read.ts; what it read is kept here, in memory), never runs beside the
 * last one, and leaves a folder refused as too large until a focus or a save. The record of the
 * last sync holds digests of the files, never their texts (folder-store.ts). A folder speaks
 * OpenCollection YAML or Postman 12's v3 (folder-kinds.ts): the last sync's record says which, else
 * what the folder holds (an empty folder: OpenCollection).
 */
import { copyCollection } from '../../../src/collections/collection-ops';
import { keepItemIds } from '../../../src/collections/keep-item-ids';
import type { Collection } from '../../../src/collections/model';
import {
  brokenFiles,
  type ConflictAnswers,
  changedSince,
  changes,
  type FileMap,
  planSync,
  type SyncPlan,
  settleConflict,
  toFileList,
  toSyncRecord,
} from '../../../src/formats/opencollection/folder-sync-plan';
import { writeFolderFiles } from '../../../src/formats/opencollection/opencollection-folder-io';
import type { FileStamp } from '../../../src/formats/opencollection/opencollection-folder-read';
import {
  detectFolderFormat,
  FOLDER_FORMAT_LABELS,
  formatOfRecord,
} from '../../../src/formats/postman-v3/folder-format';
import { FOLDER_KINDS, type FolderKind } from './folder-kinds';
import {
  announceConnection,
  deleteConnection,
  FOLDER_CHANNEL,
  type FolderConnection,
  getConnection,
  listConnections,
  putConnection,
} from './folder-store';
import { ask } from './worker-client';

/** How often the folder is looked at for outside changes (an editor, `git pull`). */
export const POLL_MS = 2000;

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

interface Pending {
  local: FileMap;
  disk: FileMap;
  paths: string[];
  answers: ConflictAnswers;
}

export interface FolderSyncDeps {
  /** Reads the collections again after the folder changed one. */
  reload: () => Promise<void>;
  /** Each connected collection's state, whenever one changes. */
  onViews: (views: ReadonlyMap<string, FolderView>) => void;
}

/** The folder's side of a conflict as a collection, when it reads as one. */
function folderCopy(kind: FolderKind, disk: FileMap): Collection | null {
  const imported = kind.collectionOf(toFileList(disk), new Set());
  return imported.ok ? imported.value.collection : null;
}

/** A connected folder's format, and where in it the collection is ('' for all of it). */
interface Where {
  kind: FolderKind;
  place: string;
}

export function startFolderSync({ reload, onViews }: FolderSyncDeps) {
  const views = new Map<string, FolderView>();
  const connections = new Map<string, FolderConnection>();
  const conflicts = new Map<string, Pending>();
  const notes = new Map<string, string[]>();
  /** Each folder's last read (memory only): a poll reads only the files that changed since. */
  const stamps = new Map<string, Map<string, FileStamp>>();
  /** Folders refused as too large: the poll leaves them; a focus or a save looks again. */
  const tooLarge = new Set<string>();
  /** Each folder's format and place, as the last sync found them. */
  const wheres = new Map<string, Where>();
  const synced = (collectionId: string, folder: string): FolderView => ({
    state: 'synced',
    folder,
    format: FOLDER_FORMAT_LABELS[wheres.get(collectionId)?.kind.format ?? 'opencollection'],
    notes: notes.get(collectionId) ?? [],
  });

  function show(collectionId: string, view: FolderView | null) {
    if (view === null) views.delete(collectionId);
    else views.set(collectionId, view);
    onViews(new Map(views));
  }

  async function loadConnections() {
    const stored = await listConnections();
    connections.clear();
    for (const connection of stored) connections.set(connection.collectionId, connection);
    for (const id of views.keys()) if (!connections.has(id)) show(id, null);
    await Promise.all(stored.map(({ collectionId }) => syncOne(collectionId)));
  }

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
  async function readDisk(connection: FolderConnection): Promise<{ disk: FileMap; where: Where }> {
    const { collectionId, handle } = connection;
    const kind = await kindOf(connection);
    const read = await kind.read(handle, stamps.get(collectionId));
    stamps.set(collectionId, read.stamps);
    const seen = new Map(connection.seen);
    const place = await kind.place(
      seen,
      async () => (await currentCollection(collectionId))?.name ?? '',
    );
    const where = { kind, place };
    wheres.set(collectionId, where);
    return { disk: kind.own(read.files, seen, place), where };
  }

  const localFiles = (collectionId: string, where: Where) =>
    where.kind.local(collectionId, where.place);

  async function currentCollection(collectionId: string): Promise<Collection | undefined> {
    const reply = await ask('collections/list', {});
    return reply.ok ? reply.value.collections.find(({ id }) => id === collectionId) : undefined;
  }

  /**
   * Carries out `plan`: writes the folder, reads it into the collection when it brought changes.
   * `local`: the panel's own files, which the notes on what was not taken leave out.
   */
  async function apply(
    connection: FolderConnection,
    where: Where,
    plan: SyncPlan & { kind: 'apply' },
    disk: FileMap,
    local: FileMap,
  ): Promise<string | null> {
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
      const imported = where.kind.collectionOf(toFileList(plan.files), ownWrites);
      if (!imported.ok)
        return `The folder “${folder}” could not be read: ${imported.error.message}`;
      const previous = await currentCollection(connection.collectionId);
      if (previous === undefined) return null;
      const put = await ask('collections/put', {
        collection: keepItemIds(previous, imported.value.collection),
      });
      if (!put.ok) return `The folder’s change was not taken: ${put.error.message}`;
      notes.set(connection.collectionId, imported.value.summary);
      await reload();
      // Other panels (another DevTools window) read the collection again too: their own syncs
      // find the folder as this one left it, with nothing new to read.
      announceConnection(connection.collectionId);
    }
    // The panel's files as they are now, never the folder's: a file the panel did not change
    // keeps the folder's spelling on disk (a teammate's hand-written file), which the panel's
    // export need not match, and the next outside edit of it would look changed on both sides.
    const base = plan.fromFolder ? await localFiles(connection.collectionId, where) : local;
    connection.base = [...toSyncRecord(base instanceof Map ? base : plan.files)];
    connection.seen = [...toSyncRecord(plan.files)];
    await putConnection(connection);
    return null;
  }

  /**
   * `full` false (the poll): the panel's side is exported only when the folder changed, since the
   * panel's own changes come with `changed`; a 1 000-request export every 2 s would cost.
   */
  async function syncUnlocked(collectionId: string, full: boolean) {
    if (!connections.has(collectionId) || conflicts.has(collectionId)) return;
    // Read again under the lock: another DevTools window may have synced since.
    const connection = await getConnection(collectionId);
    if (connection === undefined) return forget(collectionId);
    connections.set(collectionId, connection);
    const folder = connection.handle.name;
    const access = await connection.handle.queryPermission?.({ mode: 'readwrite' });
    if (access !== undefined && access !== 'granted')
      return show(collectionId, { state: 'needs-permission', folder });
    const seen = new Map(connection.seen);
    const { disk, where } = await readDisk(connection);
    if (
      !full &&
      views.get(collectionId)?.state === 'synced' &&
      changedSince(seen, disk).length === 0
    )
      return;
    const local = await localFiles(collectionId, where);
    if (typeof local === 'string') {
      if (!(await currentCollection(collectionId))) return forget(collectionId);
      return show(collectionId, { state: 'error', folder, message: local });
    }
    const base = new Map(connection.base);
    const plan = planSync({ base, seen, local, disk });
    if (plan.kind === 'conflict') {
      const { paths, answers } = plan;
      conflicts.set(collectionId, { local, disk, paths, answers });
      return show(collectionId, { state: 'conflict', folder, paths, answers });
    }
    const problem =
      plan.kind === 'apply' ? await apply(connection, where, plan, disk, local) : null;
    show(
      collectionId,
      problem === null
        ? synced(collectionId, folder)
        : { state: 'error', folder, message: problem },
    );
  }

  /**
   * A save, a focus or an answer queues behind a sync in progress; the poll never does: while a
   * sync still runs (a slow folder), the poll's turn is skipped, so polls never pile up.
   */
  async function syncOne(collectionId: string, full = true): Promise<void> {
    await navigator.locks.request(
      `partner-api-folder:${collectionId}`,
      { ifAvailable: !full },
      (lock) =>
        lock === null
          ? undefined
          : syncUnlocked(collectionId, full).then(
              () => tooLarge.delete(collectionId),
              (error: unknown) => {
                if (error instanceof Error && error.name === 'FolderTooLarge')
                  tooLarge.add(collectionId);
                const folder = connections.get(collectionId)?.handle.name ?? '';
                const message = `The folder “${folder}” could not be used: ${error instanceof Error ? error.message : String(error)}`;
                show(collectionId, { state: 'error', folder, message });
              },
            ),
    );
  }

  /** The poll (`full` false) leaves a folder refused as too large until a focus or a save. */
  const syncAll = (full: boolean) =>
    Promise.all(
      [...connections.keys()]
        .filter((id) => full || !tooLarge.has(id))
        .map((id) => syncOne(id, full)),
    );

  async function forget(collectionId: string) {
    await deleteConnection(collectionId);
    connections.delete(collectionId);
    conflicts.delete(collectionId);
    stamps.delete(collectionId);
    wheres.delete(collectionId);
    tooLarge.delete(collectionId);
    show(collectionId, null);
  }

  /**
   * Settles a conflict: `keep`'s side is synced; the other side is kept as a copy collection. The
   * folder is read again first: when it changed since the question, nothing is done (the answer
   * was given for other files) and the folder is synced again, asking again when it still clashes.
   */
  async function settle(collectionId: string, keep: 'panel' | 'folder') {
    const pending = conflicts.get(collectionId);
    const connection = connections.get(collectionId);
    const current = await currentCollection(collectionId);
    if (pending === undefined || connection === undefined || current === undefined) return;
    const folder = connection.handle.name;
    const refuse = ({ paths, answers }: Pending, problem: string) =>
      show(collectionId, { state: 'conflict', folder, paths, answers, problem });
    await navigator.locks.request(`partner-api-folder:${collectionId}`, async () => {
      const fresh = (await getConnection(collectionId)) ?? connection;
      const { disk, where } = await readDisk(fresh);
      if (changes(pending.disk, disk).size > 0) {
        conflicts.delete(collectionId);
        await syncUnlocked(collectionId, true);
        const view = views.get(collectionId);
        if (view?.state === 'conflict')
          show(collectionId, {
            ...view,
            problem: `The files in “${folder}” changed since this question: look again at what each answer does, then choose.`,
          });
        return;
      }
      const copy = keep === 'folder' ? current : folderCopy(where.kind, pending.disk);
      if (copy === null)
        return refuse(
          pending,
          `The files in “${folder}” do not read as a collection, so keeping the panel’s version would lose them: move them away first, or keep the folder’s version.`,
        );
      const name = `${current.name} (${keep === 'folder' ? 'panel' : 'folder'} copy)`;
      const saved = await ask('collections/put', {
        collection: copyCollection(copy, name, () => crypto.randomUUID()),
      });
      if (!saved.ok) return refuse(pending, saved.error.message);
      conflicts.delete(collectionId);
      const problem = await apply(fresh, where, settleConflict(pending, keep), disk, pending.local);
      show(
        collectionId,
        problem === null
          ? synced(collectionId, folder)
          : { state: 'error', folder, message: problem },
      );
    });
    await reload();
  }

  /** Asks again for access after a restart; where the panel may not ask, the tab does. */
  async function reconnect(collectionId: string) {
    const connection = connections.get(collectionId);
    const granted = await connection?.handle
      .requestPermission?.({ mode: 'readwrite' })
      .catch(() => 'prompt' as const);
    if (granted === 'granted') return syncOne(collectionId);
    await ask('collections/connect-folder', { id: collectionId, reconnect: true });
  }

  const channel = new BroadcastChannel(FOLDER_CHANNEL);
  channel.onmessage = () => {
    void loadConnections();
    void reload();
  };
  const timer = setInterval(() => void syncAll(false), POLL_MS);
  const onFocus = () => void syncAll(true);
  window.addEventListener('focus', onFocus);
  void loadConnections();

  return {
    /** After a save or delete in the panel: write it to the folder now. */
    changed: (collectionId: string) =>
      connections.has(collectionId) ? syncOne(collectionId) : Promise.resolve(),
    settle,
    reconnect,
    disconnect: forget,
    stop() {
      clearInterval(timer);
      channel.close();
      window.removeEventListener('focus', onFocus);
    },
  };
}

export type FolderSync = ReturnType<typeof startFolderSync>;
