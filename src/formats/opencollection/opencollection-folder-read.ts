/**
 * Reading a connected folder's files, bounded: a poll looks at the folder every few seconds, so a
 * read lists every entry (hidden ones such as `.git` left out) and looks at each file's size and
 * last-modified time first, reading the text only of files that are new or changed since the last
 * read (`FolderStamps`, kept in memory by the caller, never stored). Hidden entries are left out
 * unless the caller names them (`hiddenRead`: Postman v3's `.resources`). A folder beyond
 * FOLDER_LIMITS is refused while it is listed, before a single file is read.
 *
 * A file's time is trusted only once it is older than the read that saw it by SETTLE_MS: a file
 * written again within the same tick of the file system's clock, at the same size, would
 * otherwise look unchanged (git's "racy clean" problem). Such a file is simply read once more.
 */
import type { FolderFile, FolderHandle } from './opencollection-folder-io';
import type { CollectionFile } from './opencollection-format';

/**
 * How much a connected folder may hold (hidden entries such as `.git` aside): a folder of 20 000
 * files (a whole repository picked by mistake) would stall the panel. Beyond either bound the
 * folder is refused, saying what to do.
 */
export interface FolderLimits {
  files: number;
  bytes: number;
}

export const FOLDER_LIMITS: FolderLimits = { files: 5_000, bytes: 50 * 1024 * 1024 };

/** A folder beyond FOLDER_LIMITS; its message says what to do. */
export class FolderTooLarge extends Error {
  override name = 'FolderTooLarge';
  constructor(limits: FolderLimits, bound: 'files' | 'bytes') {
    const megabytes = (limits.bytes / 1024 / 1024).toLocaleString('en', {
      maximumFractionDigits: 3,
    });
    super(
      `${bound === 'files' ? `it holds more than ${limits.files.toLocaleString('en')} files` : `its files hold more than ${megabytes} MB`} (hidden folders such as .git aside), more than a collection’s folder should. Connect a folder that holds only the collection, such as one folder of your repository, or move the other files out.`,
    );
  }
}

/** What a read knew of one file: its size and time, its text, and when it was read. */
export interface FileStamp {
  size: number;
  lastModified: number;
  text: string;
  readAtMs: number;
}

/** The last read's stamps, by `/`-separated path. */
export type FolderStamps = ReadonlyMap<string, FileStamp>;

export interface FolderRead {
  /** Every file, sorted by path. */
  files: CollectionFile[];
  /** What to hand to the next read. */
  stamps: Map<string, FileStamp>;
  /** The paths whose text this read read (new or changed files). */
  read: string[];
}

export interface ReadOptions {
  limits?: FolderLimits;
  /** The clock (ms), for tests. */
  now?: () => number;
  /** Hidden names read all the same (a Postman v3 folder keeps its settings in `.resources`). */
  hiddenRead?: ReadonlySet<string>;
}

/** How much older than the read that saw it a file's time must be to be trusted (ms). */
export const SETTLE_MS = 2_000;

/** What a browser says of a file or folder changed while it was read: removed, or rewritten. */
const CHANGED_WHILE_READ = new Set(['NotFoundError', 'NotReadableError']);
const READ_ATTEMPTS = 3;
const READ_AGAIN_AFTER_MS = 50;

/**
 * Every file under `root`, reading only those that changed since `known` was taken. Folders are
 * listed and files read concurrently. A folder that an editor or `git pull` changes while it is
 * read is read again (the reads would otherwise mix old and new files, or fail on a file just
 * replaced).
 */
export async function readFolderChanges(
  root: FolderHandle,
  known: FolderStamps = new Map(),
  options: ReadOptions = {},
): Promise<FolderRead> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await readOnce(root, known, options);
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      if (attempt === READ_ATTEMPTS || !CHANGED_WHILE_READ.has(name)) throw error;
      await new Promise((resolve) => setTimeout(resolve, READ_AGAIN_AFTER_MS));
    }
  }
}

/** Every file under `root`, each read. */
export async function readFolderFiles(
  root: FolderHandle,
  limits: FolderLimits = FOLDER_LIMITS,
): Promise<CollectionFile[]> {
  return (await readFolderChanges(root, new Map(), { limits })).files;
}

/** Whether `stamp` still holds the text of a file of `size` and `lastModified`. */
function unchanged(stamp: FileStamp | undefined, size?: number, lastModified?: number): boolean {
  return (
    stamp !== undefined &&
    lastModified !== undefined &&
    size === stamp.size &&
    lastModified === stamp.lastModified &&
    lastModified < stamp.readAtMs - SETTLE_MS
  );
}

async function readOnce(
  root: FolderHandle,
  known: FolderStamps,
  { limits = FOLDER_LIMITS, now = Date.now, hiddenRead = new Set() }: ReadOptions,
): Promise<FolderRead> {
  let fileCount = 0;
  let byteCount = 0;
  const stamps = new Map<string, FileStamp>();
  const read: string[] = [];
  const count = (size: number) => {
    byteCount += size;
    if (byteCount > limits.bytes) throw new FolderTooLarge(limits, 'bytes');
  };
  async function readFile(path: string, entry: FolderFile): Promise<CollectionFile> {
    const file = await entry.getFile();
    if (file.size !== undefined) count(file.size);
    const stamp = known.get(path);
    if (stamp !== undefined && unchanged(stamp, file.size, file.lastModified)) {
      stamps.set(path, stamp);
      return { path, text: stamp.text };
    }
    const readAtMs = now();
    const text = await file.text();
    if (file.size === undefined) count(text.length);
    read.push(path);
    if (file.size !== undefined && file.lastModified !== undefined)
      stamps.set(path, { size: file.size, lastModified: file.lastModified, text, readAtMs });
    return { path, text };
  }
  /** The tree's files, each counted as it is listed. */
  async function list(handle: FolderHandle, prefix: string): Promise<[string, FolderFile][]> {
    const files: [string, FolderFile][] = [];
    const folders: [string, FolderHandle][] = [];
    for await (const [name, entry] of handle.entries()) {
      if (name.startsWith('.') && !hiddenRead.has(name)) continue;
      if (entry.kind === 'directory') {
        folders.push([`${prefix}${name}/`, entry]);
        continue;
      }
      fileCount += 1;
      if (fileCount > limits.files) throw new FolderTooLarge(limits, 'files');
      files.push([`${prefix}${name}`, entry]);
    }
    const nested = await Promise.all(folders.map(([path, folder]) => list(folder, path)));
    return [...files, ...nested.flat()];
  }
  // The whole tree is listed before a file is read, so a folder far too large is refused before
  // a single file is read, in whichever subfolder its count tips over (reads started as each
  // subfolder was listed read thousands of a repository's files, seconds of them, to no end).
  // Then the reads start all at once, and are awaited together.
  const listed = await list(root, '');
  const files = await Promise.all(listed.map(([path, entry]) => readFile(path, entry)));
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, stamps, read: read.sort() };
}
