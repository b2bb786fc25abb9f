/**
 * The files of a picked folder or zip (`/`-separated paths) as a tree of directories, rooted at
 * the directory holding `opencollection.yml` nearest the top: a zip usually wraps the collection
 * folder in one more folder, and anything beside the collection is not part of it.
 */
import { COLLECTION_FILE, type CollectionFile } from './opencollection-format';

export interface Directory {
  files: Map<string, string>;
  folders: Map<string, Directory>;
}

const emptyDirectory = (): Directory => ({ files: new Map(), folders: new Map() });

/** The directory holding `opencollection.yml` nearest the top, and the files under it as a tree. */
export function findRoot(
  files: readonly CollectionFile[],
): { root: Directory; prefix: string } | null {
  let prefix: string | null = null;
  for (const { path } of files) {
    const parts = path.split('/');
    if (parts[parts.length - 1] !== COLLECTION_FILE) continue;
    const at = parts.slice(0, -1).join('/');
    if (prefix === null || at.split('/').length < prefix.split('/').length) prefix = at;
  }
  if (prefix === null) return null;
  return { root: treeUnder(files, prefix), prefix };
}

/** The files under the folder at `prefix` ('' for the top) as a tree of directories. */
export function treeUnder(files: readonly CollectionFile[], prefix: string): Directory {
  const start = prefix === '' ? '' : `${prefix}/`;
  const root = emptyDirectory();
  for (const { path, text } of files) {
    if (!path.startsWith(start)) continue;
    const parts = path.slice(start.length).split('/');
    const name = parts.pop() ?? '';
    let directory = root;
    for (const part of parts) {
      let next = directory.folders.get(part);
      if (next === undefined) {
        next = emptyDirectory();
        directory.folders.set(part, next);
      }
      directory = next;
    }
    if (name !== '') directory.files.set(name, text);
  }
  return root;
}
