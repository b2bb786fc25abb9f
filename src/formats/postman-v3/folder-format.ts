/**
 * Which format a connected folder speaks: OpenCollection YAML (Bruno; the folder is the
 * collection) or Postman 12's collection schema v3 (the folder holds `postman/collections/…`).
 * The record of the last sync says, else what the folder holds; an empty folder is kept in
 * OpenCollection YAML, as before Postman 12. Small on purpose: the Connect folder tab says the
 * format as soon as a folder is chosen, without the format's code.
 */
import type { FolderHandle } from '../opencollection/opencollection-folder-io';
import { COLLECTION_FILE } from '../opencollection/opencollection-format';
import { COLLECTIONS_DIR, POSTMAN_DIR } from './postman-v3-format';

export type FolderFormat = 'opencollection' | 'postman-v3';

/** How the panel names each format to the user. */
export const FOLDER_FORMAT_LABELS: Record<FolderFormat, string> = {
  opencollection: 'OpenCollection YAML (Bruno)',
  'postman-v3': 'Postman 12 (collection schema v3)',
};

export const COLLECTIONS_PREFIX = `${POSTMAN_DIR}/${COLLECTIONS_DIR}/`;

/** `postman/collections/<Collection>` for a file inside one, else null. */
export function collectionDirOf(path: string): string | null {
  if (!path.startsWith(COLLECTIONS_PREFIX)) return null;
  const rest = path.slice(COLLECTIONS_PREFIX.length).split('/');
  return rest.length < 2 || rest[0] === '' ? null : `${COLLECTIONS_PREFIX}${rest[0]}`;
}

/** The format a record of the last sync's files says, or null when it holds none. */
export function formatOfRecord(paths: Iterable<string>): FolderFormat | null {
  for (const path of paths) return collectionDirOf(path) === null ? 'opencollection' : 'postman-v3';
  return null;
}

async function hasEntry(handle: FolderHandle, name: string, kind: 'file' | 'directory') {
  for await (const [entryName, entry] of handle.entries())
    if (entryName === name && entry.kind === kind) return entry;
  return null;
}

/**
 * The format of what a folder holds: Postman v3 when it holds `postman/collections/` and no
 * `opencollection.yml` at its top; OpenCollection otherwise (an empty folder too, as ever).
 */
export async function detectFolderFormat(root: FolderHandle): Promise<FolderFormat> {
  if ((await hasEntry(root, COLLECTION_FILE, 'file')) !== null) return 'opencollection';
  const postman = await hasEntry(root, POSTMAN_DIR, 'directory');
  if (postman === null || postman.kind !== 'directory') return 'opencollection';
  return (await hasEntry(postman, COLLECTIONS_DIR, 'directory')) === null
    ? 'opencollection'
    : 'postman-v3';
}
