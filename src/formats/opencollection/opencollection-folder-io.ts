/**
 * Writing a collection's files into a folder and reading them back, through the part of the File
 * System Access API's directory handle this needs (`FolderHandle`: a `FileSystemDirectoryHandle`
 * from a picker or the origin private file system has it, and so has the Node adapter the tests
 * and the bench use). Writes are small: only files whose text changed since the last write are
 * written, and files the collection no longer has are removed, so that a git diff shows what the
 * user changed and nothing else. Folders left empty are removed too.
 */
import type { CollectionFile } from './opencollection-format';

export interface FolderFile {
  readonly kind: 'file';
  getFile(): Promise<{ text(): Promise<string> }>;
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

/**
 * Makes the folder hold `files`: writes those new or changed since `previous` (the files as last
 * written or read), removes those of `previous` that are gone, then the folders left empty.
 */
export async function writeFolderFiles(
  root: FolderHandle,
  files: readonly CollectionFile[],
  previous: ReadonlyMap<string, string>,
): Promise<WriteOutcome> {
  const cache = new Map<string, Promise<FolderHandle>>();
  const outcome: WriteOutcome = { written: [], removed: [] };
  const next = new Set(files.map(({ path }) => path));
  const changed = files.filter(({ path, text }) => previous.get(path) !== text);
  await Promise.all(
    changed.map(async ({ path, text }) => {
      const parts = path.split('/');
      const name = parts.pop() as string;
      const directory = await directoryAt(root, parts, cache);
      const file = await directory.getFileHandle(name, { create: true });
      const writable = await file.createWritable();
      await writable.write(text);
      await writable.close();
    }),
  );
  outcome.written.push(...changed.map(({ path }) => path));
  const emptied = new Set<string>();
  for (const path of previous.keys()) {
    if (next.has(path)) continue;
    const parts = path.split('/');
    const name = parts.pop() as string;
    const directory = await directoryAt(root, parts, cache);
    await directory.removeEntry(name);
    outcome.removed.push(path);
    for (let depth = parts.length; depth > 0; depth--) emptied.add(parts.slice(0, depth).join('/'));
  }
  // Deepest first, and only folders no file of the collection is in.
  const stillUsed = new Set([...next].flatMap((path) => prefixes(path)));
  for (const folder of [...emptied].sort((a, b) => b.length - a.length)) {
    if (stillUsed.has(folder)) continue;
    const parts = folder.split('/');
    const name = parts.pop() as string;
    await (await directoryAt(root, parts, cache)).removeEntry(name, { recursive: true });
  }
  return outcome;
}

function prefixes(path: string): string[] {
  const parts = path.split('/').slice(0, -1);
  return parts.map((_part, index) => parts.slice(0, index + 1).join('/'));
}

/** What a browser says of a file or folder changed while it was read: removed, or rewritten. */
const CHANGED_WHILE_READ = new Set(['NotFoundError', 'NotReadableError']);
const READ_ATTEMPTS = 3;
const READ_AGAIN_AFTER_MS = 50;

/**
 * Every file under `root` (hidden entries such as `.git` left out), paths `/`-separated. Folders
 * are listed and files read concurrently: a folder of a thousand files is read in one go rather
 * than one file after another. A folder that an editor or `git pull` changes while it is read is
 * read again (the reads would otherwise mix old and new files, or fail on a file just replaced).
 */
export async function readFolderFiles(root: FolderHandle): Promise<CollectionFile[]> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await readOnce(root);
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      if (attempt === READ_ATTEMPTS || !CHANGED_WHILE_READ.has(name)) throw error;
      await new Promise((resolve) => setTimeout(resolve, READ_AGAIN_AFTER_MS));
    }
  }
}

async function readOnce(root: FolderHandle): Promise<CollectionFile[]> {
  async function walk(handle: FolderHandle, prefix: string): Promise<CollectionFile[]> {
    const entries: [string, FolderHandle | FolderFile][] = [];
    for await (const [name, entry] of handle.entries())
      if (!name.startsWith('.')) entries.push([`${prefix}${name}`, entry]);
    // The reads start once the listing is done, all at once, and are awaited together.
    const read = await Promise.all(
      entries.map(async ([path, entry]) =>
        entry.kind === 'directory'
          ? walk(entry, `${path}/`)
          : [{ path, text: await (await entry.getFile()).text() }],
      ),
    );
    return read.flat();
  }
  const files = await walk(root, '');
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
