/**
 * Where the Postman v3 collection is among the files of a picked folder or zip, and those files as
 * a tree. What is picked may be a repository (`postman/collections/<Collection>/…`), the
 * `postman` folder, or the collection's folder itself; the collection is the first folder under
 * `postman/collections/`, else the folder holding `.resources/definition.yaml` nearest the top,
 * else the folder all request files share. Other collections beside it are named, not read.
 */

import { type Directory, treeUnder } from '../opencollection/opencollection-folder-tree';
import type { CollectionFile } from '../opencollection/opencollection-format';
import {
  COLLECTIONS_DIR,
  DEFINITION_FILE,
  ENVIRONMENT_SUFFIX,
  POSTMAN_DIR,
  REQUEST_SUFFIX,
  REQUEST_SUFFIX_YML,
  RESOURCES_DIR,
} from './postman-v3-format';

export interface FoundCollection {
  root: Directory;
  /** The collection folder's path in what was picked ('' when it is the top). */
  prefix: string;
  /** The other collections' folder names under `postman/collections/`. */
  others: string[];
  /** Environment files anywhere in what was picked. */
  environments: string[];
}

const isRequest = (path: string) =>
  path.endsWith(REQUEST_SUFFIX) || path.endsWith(REQUEST_SUFFIX_YML);
const DEFINITION = `${RESOURCES_DIR}/${DEFINITION_FILE}`;
const isDefinition = (path: string) => path === DEFINITION || path.endsWith(`/${DEFINITION}`);

/** Whether these paths are a Postman v3 folder (rather than an OpenCollection one). */
export function looksLikePostmanV3(paths: readonly string[]): boolean {
  return paths.some(
    (path) =>
      isRequest(path) ||
      isDefinition(path) ||
      path.includes(`${POSTMAN_DIR}/${COLLECTIONS_DIR}/`) ||
      path.endsWith(ENVIRONMENT_SUFFIX),
  );
}

const depthOf = (path: string) => (path === '' ? 0 : path.split('/').length);
const dirOf = (path: string) => path.split('/').slice(0, -1).join('/');

function commonDirectory(paths: readonly string[]): string {
  let common: string[] | null = null;
  for (const path of paths) {
    const parts = dirOf(path).split('/').filter(Boolean);
    if (common === null) common = parts;
    else {
      let same = 0;
      while (same < common.length && common[same] === parts[same]) same++;
      common = common.slice(0, same);
    }
  }
  return (common ?? []).join('/');
}

function collectionFolders(paths: readonly string[]): string[] {
  const found = new Set<string>();
  for (const path of paths) {
    const parts = path.split('/');
    // A file under postman/collections/<Collection>/, at any depth of what was picked.
    for (let at = 0; at + 3 < parts.length; at++) {
      if (parts[at] === POSTMAN_DIR && parts[at + 1] === COLLECTIONS_DIR) {
        found.add(parts.slice(0, at + 3).join('/'));
        break;
      }
    }
  }
  return [...found].sort();
}

/** The prefix of the collection folder, and the other collections' names. */
function findPrefix(paths: readonly string[]): { prefix: string; others: string[] } | null {
  const [first, ...rest] = collectionFolders(paths);
  if (first !== undefined) {
    return { prefix: first, others: rest.map((path) => path.slice(path.lastIndexOf('/') + 1)) };
  }
  let prefix: string | null = null;
  for (const path of paths) {
    if (!isDefinition(path)) continue;
    const at = path.slice(0, -DEFINITION.length).replace(/\/$/, '');
    if (prefix === null || depthOf(at) < depthOf(prefix)) prefix = at;
  }
  if (prefix !== null) return { prefix, others: [] };
  const requests = paths.filter(isRequest);
  return requests.length === 0 ? null : { prefix: commonDirectory(requests), others: [] };
}

export function findCollection(files: readonly CollectionFile[]): FoundCollection | null {
  const paths = files.map(({ path }) => path);
  const found = findPrefix(paths);
  if (found === null) return null;
  const root = treeUnder(files, found.prefix);
  const environments = paths
    .filter((path) => path.endsWith(ENVIRONMENT_SUFFIX))
    .map((path) => path.slice(path.lastIndexOf('/') + 1));
  return { root, prefix: found.prefix, others: found.others, environments };
}
