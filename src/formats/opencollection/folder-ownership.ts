/**
 * Which files of a connected folder belong to the collection, and what a write would do to them.
 *
 * Invariant: the folder code writes and removes only the collection's own files. A file is the
 * collection's when its content has an OpenCollection shape for its place (`opencollection.yml`
 * at the top, `folder.yml`, `environments/<name>.yml`, a request file with `info` and `http`), or
 * when it is in the record of files the collection owns (written by the panel or read in as the
 * collection's at the last sync) and is not valid YAML just now (a half-done edit, a merge's
 * conflict markers: still ours, and reported as broken rather than taken as removed). Anything
 * else, a README, `docker-compose.yml`, a Kubernetes manifest, a CI file, source code, is the
 * team's: never listed, written over nor removed. Shape, not name, decides: a YAML file that is
 * valid but not shaped like the collection's is never ours, whatever an older record says.
 */
import { isObject } from '../importing/untrusted-json';
import {
  COLLECTION_FILE,
  type CollectionFile,
  ENVIRONMENTS_DIR,
  FOLDER_FILE,
  parseYaml,
  YAML_EXTENSION,
} from './opencollection-format';

export type FileMap = ReadonlyMap<string, string>;

/** Kinds of request Bruno writes, each under a key of its name next to `info`. */
const REQUEST_KEYS = ['http', 'graphql', 'grpc', 'websocket'] as const;

/** Whether `data`, read from `path`, has the shape the collection's file at `path` would have. */
function hasCollectionShape(path: string, data: unknown): boolean {
  if (!isObject(data)) return false;
  const parts = path.split('/');
  const name = parts[parts.length - 1] as string;
  if (parts.length === 1 && name === COLLECTION_FILE)
    return data.opencollection !== undefined && isObject(data.info);
  if (parts.length === 2 && parts[0] === ENVIRONMENTS_DIR) return Array.isArray(data.variables);
  if (parts[0] === ENVIRONMENTS_DIR) return false;
  if (!isObject(data.info)) return false;
  if (name === FOLDER_FILE) return data.info.type === undefined || data.info.type === 'folder';
  return REQUEST_KEYS.some((key) => isObject(data[key]));
}

/**
 * The last answers, by path: a poll every 2 s looks at every file of the folder, and parsing a
 * thousand YAML files each time would cost; a file whose text did not change is not parsed again.
 */
const verdicts = new Map<string, { text: string; known: boolean; ours: boolean }>();
const MAX_VERDICTS = 60_000;

/**
 * Whether the file at `path` with `text` is the collection's. `known`: it is in the record of
 * files the collection owns.
 */
export function isCollectionFile(path: string, text: string, known: boolean): boolean {
  if (!path.endsWith(YAML_EXTENSION)) return false;
  const last = verdicts.get(path);
  if (last !== undefined && last.text === text && last.known === known) return last.ours;
  const parsed = parseYaml(text);
  const ours = parsed.ok ? hasCollectionShape(path, parsed.value) : known;
  if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
  verdicts.set(path, { text, known, ours });
  return ours;
}

/**
 * The collection's files among a folder's files. `owned`: the record of the files the collection
 * owns (the folder's files at the last sync).
 */
export function collectionFiles(
  files: readonly CollectionFile[],
  owned: FileMap = new Map(),
): Map<string, string> {
  return new Map(
    files
      .filter(({ path, text }) => isCollectionFile(path, text, owned.has(path)))
      .map(({ path, text }) => [path, text]),
  );
}

/** What making the folder hold `files` does: files written (new or changed), files removed. */
export interface FileWork {
  write: string[];
  remove: string[];
}

/**
 * The work of making a folder whose collection files are `owned` hold `files`: each file whose
 * text differs is written, each owned file `files` lacks is removed. Nothing else is touched.
 */
export function fileWork(files: FileMap, owned: FileMap): FileWork {
  const write = [...files].filter(([path, text]) => owned.get(path) !== text).map(([path]) => path);
  const remove = [...owned.keys()].filter((path) => !files.has(path));
  return { write: write.sort(), remove: remove.sort() };
}
