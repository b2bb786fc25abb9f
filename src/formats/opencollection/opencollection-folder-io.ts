/**
 * Writing a collection's files into a folder and reading them back, through the part of the File
 * System Access API's directory handle this needs (`FolderHandle`: a `FileSystemDirectoryHandle`
 * from a picker or the origin private file system has it, and so has the Node adapter the tests
 * and the bench use). Writes are small: only files whose text changed since the last write are
 * written, and files the collection no longer has are removed, so that a git diff shows what the
 * user changed and nothing else. Only the collection's own files are ever written over or removed
 * (folder-ownership.ts); a folder is removed only when that leaves it empty, never recursively.
 * Reading a folder is opencollection-folder-read.ts.
 */
import { fail, ok, type Result } from '../../vocabulary/errors';
import { fileWork } from './folder-ownership';
import type { CollectionFile } from './opencollection-format';

export interface FolderFile {
  readonly kind: 'file';
  /**
   * `size` (bytes) and `lastModified` (ms) where the browser gives them (a `File` has both, known
   * before its text is read): a big file is refused, and an unchanged file not read again.
   */
  getFile(): Promise<{
    readonly size?: number;
    readonly lastModified?: number;
    text(): Promise<string>;
  }>;
  createWritable(): Promise<{ write(data: string): Promise<void>; close(): Promise<void> }>;
}

export interface FolderHandle {
  readonly kind: 'directory';
  getDirectoryHandle(name: string, options?: { create?: boolean }): Promise<FolderHandle>;
  getFileHandle(name: string, options?: { create?: boolean }): Promise<FolderFile>;
  removeEntry(name: string, options?: { recursive?: boolean }): Promise<void>;
  entries(): AsyncIterable<[string, FolderHandle | FolderFile]>;
}

export interface WriteOutcome {
  written: string[];
  removed: string[];
  /** Owned files not removed: their text changed since it was known (the next sync reads them). */
  kept: string[];
  /** Folders removed because removing the collection's files left them empty. */
  removedFolders: string[];
}

/**
 * The directory at `parts` under `root`, created on the way; handles are kept in `cache` as
 * promises, so that files written at the same time share one lookup of their folder.
 */
function directoryAt(
  root: FolderHandle,
  parts: readonly string[],
  cache: Map<string, Promise<FolderHandle>>,
): Promise<FolderHandle> {
  if (parts.length === 0) return Promise.resolve(root);
  const key = parts.join('/');
  let handle = cache.get(key);
  if (handle === undefined) {
    const name = parts[parts.length - 1] as string;
    handle = directoryAt(root, parts.slice(0, -1), cache).then((parent) =>
      parent.getDirectoryHandle(name, { create: true }),
    );
    cache.set(key, handle);
  }
  return handle;
}

/** What a browser says when an entry is missing, or is a file where a folder was asked (or back). */
const ABSENT = new Set(['NotFoundError', 'TypeMismatchError']);

/** `lookup`'s handle, or null when the entry is not there (other errors are thrown). */
async function present<T>(lookup: () => Promise<T>): Promise<T | null> {
  try {
    return await lookup();
  } catch (error) {
    if (error instanceof Error && ABSENT.has(error.name)) return null;
    throw error;
  }
}

/** The directory at `parts` under `root` if it is there; nothing is created. */
async function findDirectory(root: FolderHandle, parts: readonly string[]) {
  let directory: FolderHandle | null = root;
  for (const part of parts) {
    const parent: FolderHandle = directory;
    directory = await present(() => parent.getDirectoryHandle(part));
    if (directory === null) return null;
  }
  return directory;
}

/** Whether a file is at `path`. */
async function exists(root: FolderHandle, path: string): Promise<boolean> {
  const parts = path.split('/');
  const name = parts.pop() as string;
  const directory = await findDirectory(root, parts);
  return directory !== null && (await present(() => directory.getFileHandle(name))) !== null;
}

/**
 * Makes the folder hold `files`, touching only the collection's own files. `owned`: the
 * collection's files in the folder now, with the text they have (folder-ownership.ts says which
 * are). Files new or changed are written; owned files `files` lacks are removed, each only while
 * its text is still the one known (a file edited meanwhile is left, and read in by the next
 * sync); then each folder they leave empty, never one holding anything else, and never
 * recursively. A new file whose name is taken by a file that is not the collection's is refused
 * before anything is written.
 */
export async function writeFolderFiles(
  root: FolderHandle,
  files: readonly CollectionFile[],
  owned: ReadonlyMap<string, string>,
): Promise<Result<WriteOutcome>> {
  const cache = new Map<string, Promise<FolderHandle>>();
  const next = new Map(files.map(({ path, text }) => [path, text]));
  const work = fileWork(next, owned);
  const taken: string[] = [];
  for (const path of work.write)
    if (!owned.has(path) && (await exists(root, path))) taken.push(path);
  if (taken.length > 0)
    return fail(
      'invalid_request',
      `Not written to the folder: ${taken.join(', ')} ${taken.length === 1 ? 'is' : 'are'} already there and not part of the collection.`,
      'Rename the request or folder of that name in the panel, or move the file away. Nothing in the folder was changed.',
    );
  const outcome: WriteOutcome = { written: [], removed: [], kept: [], removedFolders: [] };
  await Promise.all(
    work.write.map(async (path) => {
      const parts = path.split('/');
      const name = parts.pop() as string;
      const directory = await directoryAt(root, parts, cache);
      const file = await directory.getFileHandle(name, { create: true });
      const writable = await file.createWritable();
      await writable.write(next.get(path) as string);
      await writable.close();
    }),
  );
  outcome.written.push(...work.write);
  const emptied = new Set<string>();
  for (const path of work.remove) {
    const parts = path.split('/');
    const name = parts.pop() as string;
    const directory = await findDirectory(root, parts);
    const file = directory && (await present(() => directory.getFileHandle(name)));
    if (directory === null || file === null) continue;
    if ((await (await file.getFile()).text()) !== owned.get(path)) {
      outcome.kept.push(path);
      continue;
    }
    await directory.removeEntry(name);
    outcome.removed.push(path);
    for (let depth = parts.length; depth > 0; depth--) emptied.add(parts.slice(0, depth).join('/'));
  }
  // Deepest first, so that a folder emptied by removing its empty subfolder goes too.
  const stillUsed = new Set([...next.keys()].flatMap((path) => prefixes(path)));
  for (const folder of [...emptied].sort((a, b) => b.length - a.length)) {
    if (stillUsed.has(folder)) continue;
    const parts = folder.split('/');
    const name = parts.pop() as string;
    const parent = await findDirectory(root, parts);
    const directory = parent && (await present(() => parent.getDirectoryHandle(name)));
    if (parent === null || directory === null || !(await isEmpty(directory))) continue;
    await parent.removeEntry(name);
    outcome.removedFolders.push(folder);
  }
  return ok(outcome);
}

async function isEmpty(directory: FolderHandle): Promise<boolean> {
  for await (const _entry of directory.entries()) return false;
  return true;
}

function prefixes(path: string): string[] {
  const parts = path.split('/').slice(0, -1);
  return parts.map((_part, index) => parts.slice(0, index + 1).join('/'));
}
