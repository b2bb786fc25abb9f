/**
 * What to do when a collection is kept in a folder: a three-way comparison, file by file, of the
 * panel's files and the folder's files against what both held at the last sync. Changes on one
 * side are carried to the other; changes on both sides to different files are merged; the same
 * file changed differently on both sides is a conflict the user settles (nothing is written or
 * read until then). Pure: the panel's runner (extension/panel/folder/) does the file work.
 *
 * Only the collection's own files take part (folder-ownership.ts says which): a README, a `.git`
 * folder, a `docker-compose.yml` or anything else beside them is neither read into the collection,
 * listed in a conflict, written over nor removed. A conflict says, for each answer, every file it
 * would write and remove, before the user chooses.
 */
import { digestFiles } from './file-digest';
import { type FileMap, type FileWork, fileWork } from './folder-ownership';
import { type CollectionFile, parseYaml } from './opencollection-format';

export { collectionFiles, type FileMap, type FileWork } from './folder-ownership';

/**
 * What both sides held at the last sync, as digests of each file's text (file-digest.ts), never
 * the text itself: the record is kept in IndexedDB, and a teammate's file may hold a secret.
 */
export interface SyncState {
  /** The panel's files (the collection's export) at the last sync: path, digest. */
  base: FileMap;
  /** The folder's files at the last sync: path, digest. */
  seen: FileMap;
}

export interface SyncInput extends SyncState {
  /** The panel's files now. */
  local: FileMap;
  /** The folder's files now. */
  disk: FileMap;
}

export type SyncPlan =
  | { kind: 'none' }
  /** Make the folder hold `files`; read them into the panel when the folder brought changes. */
  | { kind: 'apply'; files: Map<string, string>; fromFolder: boolean }
  /**
   * Paths changed differently on both sides, and what each answer would do to the folder's files
   * (the other side is kept as a copy collection, in the panel).
   */
  | { kind: 'conflict'; paths: string[]; answers: ConflictAnswers };

export interface ConflictAnswers {
  /** Keep the panel's version: the folder is made to hold the panel's files. */
  panel: FileWork;
  /** Keep the folder's version: the panel reads the folder's files; the folder is left as it is. */
  folder: FileWork;
}

/** Each path whose text differs between `from` and `to`, with its new text (null: removed). */
export function changes(from: FileMap, to: FileMap): Map<string, string | null> {
  const changed = new Map<string, string | null>();
  for (const [path, text] of to) if (from.get(path) !== text) changed.set(path, text);
  for (const path of from.keys()) if (!to.has(path)) changed.set(path, null);
  return changed;
}

const sorted = (paths: Iterable<string>) => [...paths].sort();

/** `files` as the last sync's record would hold them. */
export const toSyncRecord = digestFiles;

export function planSync({ base, seen, local, disk }: SyncInput): SyncPlan {
  const fromPanel = changes(base, digestFiles(local));
  const fromFolder = changes(seen, digestFiles(disk));
  if (fromPanel.size === 0 && fromFolder.size === 0) return { kind: 'none' };
  // A first connection to a folder that already holds other files: the user says which to keep.
  if (base.size === 0 && seen.size === 0 && disk.size > 0) {
    const differing = changes(disk, local);
    if (differing.size === 0) return { kind: 'none' };
    return conflict(sorted(differing.keys()), local, disk);
  }
  const clashes = [...fromPanel].filter(
    ([path, digest]) => fromFolder.has(path) && fromFolder.get(path) !== digest,
  );
  if (clashes.length > 0) return conflict(sorted(clashes.map(([path]) => path)), local, disk);
  const files = new Map(disk);
  for (const [path, digest] of fromPanel) {
    if (digest === null) files.delete(path);
    else files.set(path, local.get(path) as string);
  }
  return { kind: 'apply', files, fromFolder: fromFolder.size > 0 };
}

/** The paths of the folder's files that changed since the last sync (`seen`: digests). */
export function changedSince(seen: FileMap, disk: FileMap): string[] {
  return sorted(changes(seen, digestFiles(disk)).keys());
}

function conflict(paths: string[], local: FileMap, disk: FileMap): SyncPlan & { kind: 'conflict' } {
  return { kind: 'conflict', paths, answers: conflictAnswers({ local, disk }) };
}

/** What each answer to a conflict between `local` and `disk` would write and remove in the folder. */
function conflictAnswers(sides: Pick<SyncInput, 'local' | 'disk'>): ConflictAnswers {
  return {
    panel: fileWork(settleConflict(sides, 'panel').files, sides.disk),
    folder: fileWork(settleConflict(sides, 'folder').files, sides.disk),
  };
}

/**
 * The plan when the user settles a conflict: keeping the panel's copy makes the folder hold the
 * panel's files; keeping the folder's reads the folder's files into the panel. The side not kept
 * is kept too, as a copy, by the runner.
 */
export function settleConflict(
  { local, disk }: Pick<SyncInput, 'local' | 'disk'>,
  keep: 'panel' | 'folder',
): SyncPlan & { kind: 'apply' } {
  return {
    kind: 'apply',
    files: new Map(keep === 'panel' ? local : disk),
    fromFolder: keep === 'folder',
  };
}

/**
 * Paths of changed files that are not valid YAML (a half-finished edit, a git merge's conflict
 * markers): reading them in would drop their requests, and the next write would delete them.
 */
export function brokenFiles(files: FileMap, changed: Iterable<string>): string[] {
  return sorted(
    [...changed].filter((path) => {
      const text = files.get(path);
      return text !== undefined && !parseYaml(text).ok;
    }),
  );
}

export const toFileList = (files: FileMap): CollectionFile[] =>
  sorted(files.keys()).map((path) => ({ path, text: files.get(path) as string }));
