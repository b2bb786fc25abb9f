import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodeFolderHandle } from '../../testing/fixtures/opencollection/node-folder-handle';
import type { FolderFile, FolderHandle } from './opencollection-folder-io';
import { readFolderChanges, SETTLE_MS } from './opencollection-folder-read';

let root = '';
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'folder-read-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** `folder`, counting how many files' texts are read through it. */
function counting(folder: FolderHandle, texts: { count: number }): FolderHandle {
  const file = (entry: FolderFile): FolderFile => ({
    ...entry,
    getFile: async () => {
      const found = await entry.getFile();
      return {
        ...found,
        text: () => {
          texts.count += 1;
          return found.text();
        },
      };
    },
  });
  return {
    ...folder,
    entries: async function* () {
      for await (const [name, entry] of folder.entries())
        yield [name, entry.kind === 'file' ? file(entry) : counting(entry, texts)];
    },
  };
}

/** Sets a file's time, as an editor's save at `ms` would. */
const touch = (path: string, ms: number) => utimes(join(root, path), ms / 1000, ms / 1000);

const HOUR = 3_600_000;

describe('readFolderChanges', () => {
  it('reads a file’s text only when its size or time changed since the last read', async () => {
    const old = Date.now() - HOUR;
    await mkdir(join(root, 'Orders'));
    for (const path of ['opencollection.yml', 'Orders/folder.yml', 'Orders/One.yml', 'notes.md']) {
      await writeFile(join(root, path), `text of ${path}\n`);
      await touch(path, old);
    }
    await writeFile(join(root, '.git'), 'hidden');
    const texts = { count: 0 };
    const folder = counting(nodeFolderHandle(root), texts);

    const first = await readFolderChanges(folder);
    expect(first.read).toEqual([
      'Orders/One.yml',
      'Orders/folder.yml',
      'notes.md',
      'opencollection.yml',
    ]);
    expect(texts.count).toBe(4);

    // Nothing changed: the listing and each file's size and time, no text.
    const second = await readFolderChanges(folder, first.stamps);
    expect(second.read).toEqual([]);
    expect(texts.count).toBe(4);
    expect(second.files).toEqual(first.files);

    // One file edited (same size, new time), one added, one removed: only the two are read.
    await writeFile(join(root, 'Orders/One.yml'), 'text of Orders/Two.yml\n');
    await touch('Orders/One.yml', old + 60_000);
    await writeFile(join(root, 'Later.yml'), 'later\n');
    await touch('Later.yml', old);
    await rm(join(root, 'notes.md'));
    const third = await readFolderChanges(folder, second.stamps);
    expect(third.read).toEqual(['Later.yml', 'Orders/One.yml']);
    expect(texts.count).toBe(6);
    expect(third.files.map(({ path }) => path)).toEqual([
      'Later.yml',
      'Orders/One.yml',
      'Orders/folder.yml',
      'opencollection.yml',
    ]);
    expect(third.files.find(({ path }) => path === 'Orders/One.yml')?.text).toBe(
      'text of Orders/Two.yml\n',
    );
    expect([...third.stamps.keys()]).not.toContain('notes.md');

    // Same size, same time, new text: only a change of size or time is seen (git does the same).
    await writeFile(join(root, 'Later.yml'), 'LATER\n');
    await touch('Later.yml', old);
    expect((await readFolderChanges(folder, third.stamps)).read).toEqual([]);
  });

  it('reads again a file changed just before it was read, whose time the clock may not tell apart', async () => {
    const now = Date.now();
    await writeFile(join(root, 'Orders.yml'), 'first\n');
    await touch('Orders.yml', now);
    const folder = nodeFolderHandle(root);
    const first = await readFolderChanges(folder, new Map(), { now: () => now });
    // Written again within the same tick, at the same size: its time says nothing yet.
    await writeFile(join(root, 'Orders.yml'), 'again\n');
    await touch('Orders.yml', now);
    const second = await readFolderChanges(folder, first.stamps, {
      now: () => now + SETTLE_MS * 2,
    });
    expect(second.read).toEqual(['Orders.yml']);
    expect(second.files[0]?.text).toBe('again\n');
    // Read long after its time, it is trusted from then on.
    const third = await readFolderChanges(folder, second.stamps, {
      now: () => now + SETTLE_MS * 3,
    });
    expect(third.read).toEqual([]);
  });

  it('counts the bytes of unchanged files too', async () => {
    const old = Date.now() - HOUR;
    await writeFile(join(root, 'a.yml'), 'a'.repeat(600));
    await touch('a.yml', old);
    const limits = { files: 100, bytes: 1_000 };
    const first = await readFolderChanges(nodeFolderHandle(root), new Map(), { limits });
    await writeFile(join(root, 'b.yml'), 'b'.repeat(600));
    await expect(
      readFolderChanges(nodeFolderHandle(root), first.stamps, { limits }),
    ).rejects.toThrow('its files hold more than 0.001 MB');
  });

  it('refuses a folder past the limit in its subfolders before reading any file, one subfolder listed early', async () => {
    await mkdir(join(root, 'early'));
    await mkdir(join(root, 'late'));
    for (const name of ['a.yml', 'b.yml', 'c.yml']) await writeFile(join(root, 'early', name), 'x');
    await writeFile(join(root, 'late', 'd.yml'), 'x');
    const texts = { count: 0 };
    const folder = counting(nodeFolderHandle(root), texts);
    // The second subfolder is listed a while after the first: its files tip the count.
    const slow: FolderHandle = {
      ...folder,
      entries: async function* () {
        for await (const [name, entry] of folder.entries()) {
          if (name !== 'late' || entry.kind !== 'directory') {
            yield [name, entry];
            continue;
          }
          yield [
            name,
            {
              ...entry,
              entries: async function* () {
                await new Promise((resolve) => setTimeout(resolve, 100));
                yield* entry.entries();
              },
            },
          ];
        }
      },
    };
    const limits = { files: 3, bytes: 1_000 };
    await expect(readFolderChanges(slow, new Map(), { limits })).rejects.toThrow(
      'it holds more than 3 files',
    );
    expect(texts.count).toBe(0);
  });
});
