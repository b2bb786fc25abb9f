import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Collection } from '../../collections/model';
import { nodeFolderHandle } from '../../testing/fixtures/opencollection/node-folder-handle';
import { brunoSample } from '../../testing/fixtures/opencollection/opencollection-samples';
import { exportOpenCollection } from './opencollection-export';
import { type FolderHandle, writeFolderFiles } from './opencollection-folder-io';
import { FOLDER_LIMITS, FolderTooLarge, readFolderFiles } from './opencollection-folder-read';
import { importOpenCollection } from './opencollection-import';

let root = '';
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'folder-io-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

function filesOf(collection: Collection) {
  const result = exportOpenCollection(collection, { environments: [], storedSecrets: [] });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

const snapshot = (files: { path: string; text: string }[]) =>
  new Map(files.map(({ path, text }) => [path, text]));

describe('a collection kept in a folder', () => {
  it('writes every file once, reads them back as written, and imports them', async () => {
    const folder = nodeFolderHandle(root);
    const files = filesOf(brunoSample());
    const first = await writeFolderFiles(folder, files, new Map());
    expect(first.ok && first.value.written).toHaveLength(files.length);
    await mkdir(join(root, '.git'));
    await writeFile(join(root, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    const back = await readFolderFiles(folder);
    expect(snapshot(back)).toEqual(snapshot(files));
    const imported = importOpenCollection(back, () => 'id');
    expect(imported.ok && imported.value.collection.name).toBe('Orders walkthrough');
  });

  it('writes only what changed, and removes what is gone with the folders it leaves empty', async () => {
    const folder = nodeFolderHandle(root);
    const collection = brunoSample();
    const before = filesOf(collection);
    await writeFolderFiles(folder, before, new Map());

    const company = collection.items[2];
    if (company?.kind !== 'request') throw new Error('fixture changed');
    company.path = 'company/profile';
    collection.items.splice(1, 1); // the Orders folder and its two requests
    const after = filesOf(collection);
    const written = await writeFolderFiles(folder, after, snapshot(before));
    if (!written.ok) throw new Error(written.error.message);
    const outcome = written.value;
    expect(outcome.written).toEqual(['Company.yml']);
    expect(outcome.removed.sort()).toEqual([
      'Orders/Create order- today-.yml',
      'Orders/One product.yml',
      'Orders/folder.yml',
    ]);
    expect((await readdir(root)).sort()).toEqual([
      'Company.yml',
      'List products.yml',
      'opencollection.yml',
    ]);
    expect(snapshot(await readFolderFiles(folder))).toEqual(snapshot(after));
  });
});

describe('a folder changed while it is read', () => {
  /** `root`, with the file `path` failing to read as a browser says, `failures` times. */
  function changingFolder(
    folder: FolderHandle,
    path: string,
    errorName: string,
    failures: number,
  ): FolderHandle {
    let left = failures;
    const wrap = (handle: FolderHandle, prefix: string): FolderHandle => ({
      ...handle,
      entries: async function* () {
        for await (const [name, entry] of handle.entries()) {
          if (entry.kind === 'directory') yield [name, wrap(entry, `${prefix}${name}/`)];
          else if (`${prefix}${name}` !== path) yield [name, entry];
          else
            yield [
              name,
              {
                ...entry,
                getFile: async () => {
                  if (left > 0) {
                    left -= 1;
                    throw new DOMException('The file changed while it was read.', errorName);
                  }
                  return entry.getFile();
                },
              },
            ];
        }
      },
    });
    return wrap(folder, '');
  }

  it.each(['NotReadableError', 'NotFoundError'])('reads it again after a %s', async (errorName) => {
    const files = filesOf(brunoSample());
    await writeFolderFiles(nodeFolderHandle(root), files, new Map());
    const folder = changingFolder(nodeFolderHandle(root), 'opencollection.yml', errorName, 2);
    expect(snapshot(await readFolderFiles(folder))).toEqual(snapshot(files));
  });

  it('gives up after three reads, and never retries other errors', async () => {
    await writeFolderFiles(nodeFolderHandle(root), filesOf(brunoSample()), new Map());
    const still = changingFolder(
      nodeFolderHandle(root),
      'opencollection.yml',
      'NotReadableError',
      3,
    );
    await expect(readFolderFiles(still)).rejects.toThrow('changed while it was read');
    // NotAllowedError is not retried: a second read would have succeeded.
    const refused = changingFolder(
      nodeFolderHandle(root),
      'opencollection.yml',
      'NotAllowedError',
      1,
    );
    await expect(readFolderFiles(refused)).rejects.toThrow('changed while it was read');
  });
});

describe('a folder too large for a collection', () => {
  it('refuses a folder of one file more than the bound while listing it, before reading them, saying what to do', async () => {
    // One more than the bound is all the refusal needs (a whole repository, 20 000 files, is the
    // case it is for); written 500 at a time: all at once would run out of file descriptors.
    const count = FOLDER_LIMITS.files + 1;
    for (let start = 0; start < count; start += 500)
      await Promise.all(
        Array.from({ length: Math.min(500, count - start) }, (_, index) =>
          writeFile(join(root, `f${start + index}.txt`), 'x'),
        ),
      );
    let reads = 0;
    const handle = nodeFolderHandle(root);
    const counting: FolderHandle = {
      ...handle,
      entries: async function* () {
        for await (const [name, entry] of handle.entries())
          yield [
            name,
            entry.kind === 'file'
              ? {
                  ...entry,
                  getFile: () => {
                    reads += 1;
                    return entry.getFile();
                  },
                }
              : entry,
          ];
      },
    };
    const read = readFolderFiles(counting);
    await expect(read).rejects.toBeInstanceOf(FolderTooLarge);
    await expect(read).rejects.toThrow(
      `it holds more than ${FOLDER_LIMITS.files.toLocaleString('en')} files`,
    );
    await expect(read).rejects.toThrow('Connect a folder that holds only the collection');
    expect(reads).toBe(0);
  });

  it('refuses a folder whose files hold more bytes than the limit, and reads one within it', async () => {
    await writeFile(join(root, 'a.yml'), 'a'.repeat(600));
    const limits = { files: 100, bytes: 1_000 };
    expect(await readFolderFiles(nodeFolderHandle(root), limits)).toHaveLength(1);
    await writeFile(join(root, 'b.yml'), 'b'.repeat(600));
    await expect(readFolderFiles(nodeFolderHandle(root), limits)).rejects.toThrow(
      'its files hold more than 0.001 MB',
    );
  });
});
