/**
 * A collection kept live in a Postman 12 folder (collection schema v3), the parts of Connect
 * folder that know this format (folder-format.ts tells which format a folder speaks): where in it the
 * collection lives, which of its files are the collection's, the files the panel's side writes
 * (Export for Postman 12's files, without the environment); postman-v3-import.ts reads them back.
 *
 * The connected folder is the one that holds `postman/` (a repository's root, say). Only
 * `postman/` is read. The collection is one folder, `postman/collections/<Collection>/`: the one
 * the last sync kept, else the one named as the panel's collection.
 * Invariant: only that folder's request files (`$kind: http-request`) and `.resources/
 * definition.yaml` files (`$kind: collection`) are ever the collection's, written over or removed;
 * other collections, environments, examples and anything else are the team's. No environment is
 * written (a profile holds those settings; secrets are never in a file), and the export the files
 * come from went through the export secret linter.
 */
import type { FileMap } from '../opencollection/folder-ownership';
import { safeStem } from '../opencollection/opencollection-file-names';
import type { FolderHandle } from '../opencollection/opencollection-folder-io';
import {
  type FolderRead,
  type FolderStamps,
  readFolderChanges,
} from '../opencollection/opencollection-folder-read';
import { type CollectionFile, parseYaml } from '../opencollection/opencollection-format';
import type { PostmanCollectionJson } from '../postman/postman-format';
import { COLLECTIONS_PREFIX, collectionDirOf } from './folder-format';
import { exportPostmanV3 } from './postman-v3-export';
import {
  DEFINITION_FILE,
  KIND_COLLECTION,
  KIND_REQUEST,
  POSTMAN_DIR,
  REQUEST_SUFFIX,
  RESOURCES_DIR,
} from './postman-v3-format';

/** The hidden folder a v3 folder keeps its settings in, which a folder read must not skip. */
const HIDDEN_READ: ReadonlySet<string> = new Set([RESOURCES_DIR]);

/** A missing entry, as the browser says it. */
const isAbsent = (error: unknown) =>
  error instanceof Error && (error.name === 'NotFoundError' || error.name === 'TypeMismatchError');

/**
 * The files of the connected folder's `postman/` (paths from the connected folder), reading only
 * those changed since `known` (opencollection-folder-read.ts, with its bounds): a repository's
 * other files are never read. A folder without `postman/` holds none.
 */
export async function readPostmanV3Folder(
  root: FolderHandle,
  known?: FolderStamps,
): Promise<FolderRead> {
  const postman = await root.getDirectoryHandle(POSTMAN_DIR).catch((error: unknown) => {
    if (isAbsent(error)) return null;
    throw error;
  });
  if (postman === null) return { files: [], stamps: new Map(), read: [] };
  const read = await readFolderChanges(postman, known, { hiddenRead: HIDDEN_READ });
  const prefixed = (path: string) => `${POSTMAN_DIR}/${path}`;
  return {
    files: read.files.map(({ path, text }) => ({ path: prefixed(path), text })),
    stamps: read.stamps,
    read: read.read.map(prefixed),
  };
}

/**
 * The collection's folder: the one the last sync's record names (a rename in the panel does not
 * move it), else `wanted`, the folder named as the panel's collection
 * (`postman/collections/<stem>`). Another collection beside it is never the collection's.
 */
export function keptCollectionDir(seen: Iterable<string>, wanted: string): string {
  for (const path of seen) {
    const dir = collectionDirOf(path);
    if (dir !== null) return dir;
  }
  return wanted;
}

/** `postman/collections/<stem>` for a collection of this name, as Export for Postman 12 names it. */
export const wantedCollectionDir = (name: string) =>
  `${COLLECTIONS_PREFIX}${safeStem(name, 'Collection')}`;

type Shape = typeof KIND_REQUEST | typeof KIND_COLLECTION;

/**
 * The `$kind` a file at `rest` (its path inside the collection's folder) must have to be the
 * collection's, or null: a request file, or a folder's `.resources/definition.yaml`, never
 * anything inside a hidden folder or a request's own `<name>.resources` (examples).
 */
function shapeFor(rest: string): Shape | null {
  const parts = rest.split('/');
  const name = parts.pop() as string;
  const last = parts[parts.length - 1];
  const folders = last === RESOURCES_DIR && name === DEFINITION_FILE ? parts.slice(0, -1) : parts;
  if (folders.some((part) => part.startsWith('.') || part.endsWith(RESOURCES_DIR))) return null;
  if (folders !== parts) return KIND_COLLECTION;
  return name.endsWith(REQUEST_SUFFIX) && !name.startsWith('.') ? KIND_REQUEST : null;
}

/** The last verdicts, by path: a poll every 2 s would otherwise parse every file each time. */
const verdicts = new Map<string, { text: string; known: boolean; ours: boolean }>();
const MAX_VERDICTS = 60_000;

function isOwnFile(rest: string, path: string, text: string, known: boolean): boolean {
  const shape = shapeFor(rest);
  if (shape === null) return false;
  const last = verdicts.get(path);
  if (last !== undefined && last.text === text && last.known === known) return last.ours;
  const parsed = parseYaml(text);
  const ours = parsed.ok
    ? typeof parsed.value === 'object' &&
      parsed.value !== null &&
      (parsed.value as { $kind?: unknown }).$kind === shape
    : known;
  if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
  verdicts.set(path, { text, known, ours });
  return ours;
}

/**
 * The collection's files among a folder's files (paths from the connected folder, `postman/…`):
 * those inside `dir` shaped as the collection's, and files of the record (`owned`) that are not
 * valid YAML just now (a half-done edit: still ours, reported as broken, not taken as removed).
 */
export function postmanV3CollectionFiles(
  files: readonly CollectionFile[],
  owned: FileMap,
  dir: string,
): Map<string, string> {
  const start = `${dir}/`;
  const own = new Map<string, string>();
  for (const { path, text } of files) {
    if (!path.startsWith(start)) continue;
    if (isOwnFile(path.slice(start.length), path, text, owned.has(path))) own.set(path, text);
  }
  return own;
}

/**
 * The panel's side: the v3 files of the worker's v2.1 export (`v21Text`), in `dir` (the
 * collection's folder in the connected folder), without the environment file.
 */
export function postmanV3FolderFiles(v21Text: string, dir: string): Map<string, string> {
  const json = JSON.parse(v21Text) as PostmanCollectionJson;
  const { files, collectionPath } = exportPostmanV3(json, json.info.name);
  const start = `${collectionPath}/`;
  const out = new Map<string, string>();
  for (const { path, text } of files)
    if (path.startsWith(start)) out.set(`${dir}/${path.slice(start.length)}`, text);
  return out;
}
