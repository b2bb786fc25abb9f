/**
 * What to do when a collection is kept in a folder: a three-way comparison, file by file, of the
 * panel's files and the folder's files against what both held at the last sync. Changes on one
 * side are carried to the other; changes on both sides to different files are merged; the same
 * file changed differently on both sides is a conflict the user settles (nothing is written or
 * read until then). Pure: the panel's runner (extension/panel/folder/) does the file work.
 *
 * Only the collection's own files take part (`*.yml`): a README, a `.git` folder or anything
 * else beside them in the folder is neither read into the collection nor removed.
 */
import { type CollectionFile, parseYaml, YAML_EXTENSION } from './opencollection-format';

export type FileMap = ReadonlyMap<string, string>;

export interface SyncState {
  /** The panel's files (the collection's export) at the last sync. */
  base: FileMap;
  /** The folder's files at the last sync. */
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
  /** Paths changed differently on both sides. */
  | { kind: 'conflict'; paths: string[] };

/** The collection's files among a folder's files: YAML files only. */
export function collectionFiles(files: readonly CollectionFile[]): Map<string, string> {
  return new Map(
    files.filter(({ path }) => path.endsWith(YAML_EXTENSION)).map(({ path, text }) => [path, text]),
  );
}

/** Each path whose text differs between `from` and `to`, with its new text (null: removed). */
export function changes(from: FileMap, to: FileMap): Map<string, string | null> {
  const changed = new Map<string, string | null>();
  for (const [path, text] of to) if (from.get(path) !== text) changed.set(path, text);
  for (const path of from.keys()) if (!to.has(path)) changed.set(path, null);
  return changed;
}

const sorted = (paths: Iterable<string>) => [...paths].sort();

export function planSync({ base, seen, local, disk }: SyncInput): SyncPlan {
  const fromPanel = changes(base, local);
  const fromFolder = changes(seen, disk);
  if (fromPanel.size === 0 && fromFolder.size === 0) return { kind: 'none' };
  // A first connection to a folder that already holds other files: the user says which to keep.
  if (base.size === 0 && seen.size === 0 && disk.size > 0) {
    const differing = changes(disk, local);
    if (differing.size === 0) return { kind: 'none' };
    return { kind: 'conflict', paths: sorted(differing.keys()) };
  }
  const clashes = [...fromPanel].filter(
    ([path, text]) => fromFolder.has(path) && fromFolder.get(path) !== text,
  );
  if (clashes.length > 0) return { kind: 'conflict', paths: sorted(clashes.map(([path]) => path)) };
  const files = new Map(disk);
  for (const [path, text] of fromPanel) {
    if (text === null) files.delete(path);
    else files.set(path, text);
  }
  return { kind: 'apply', files, fromFolder: fromFolder.size > 0 };
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
