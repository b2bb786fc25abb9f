/**
 * What a folder sync test starts from: the workspace harness (the real store, a fake worker on the
 * real router, a clock and timers the test moves) with the collection messages the sync sends
 * answered as the worker answers them (its exports are the real OpenCollection and Postman v2.1
 * exports, checked against a stored secret), a folder in memory (memory-folder-handle.ts) named
 * like a repository, and the folder records and per-collection locks kept in memory as the panel
 * keeps them in IndexedDB and Web Locks. Plus reading and writing the folder's files by path, as
 * an editor or `git pull` would.
 */
import { lintForSecrets } from '../collections/export-lint';
import type { Collection } from '../collections/model';
import { exportOpenCollection } from '../formats/opencollection/opencollection-export';
import type { FolderHandle } from '../formats/opencollection/opencollection-folder-io';
import { exportPostman } from '../formats/postman/postman-export';
import { fail, ok } from '../vocabulary/errors';
import type { FolderAccess, FolderConnection } from '../workspace/folders/folder-access';
import { createFolderSync } from '../workspace/folders/folder-sync';
import { memoryFolderHandle } from './fixtures/opencollection/memory-folder-handle';
import { settle, workspaceHarness } from './workspace-harness';

/** The one stored secret: the worker's exports refuse or leave out every occurrence of it. */
export const STORED_SECRET = 'k-3f9a1c77e2b04d58';

/** The profile whose non-secret settings the exports write (an environment, Postman's values). */
const PROFILE = {
  name: 'Sandbox',
  baseUrl: 'http://127.0.0.1:8787',
  authUrl: 'http://127.0.0.1:8787/o/oauth/accesstoken',
  companyId: 'c-1',
  clientId: 'p-1',
  variables: [],
};

/** Web Locks' behaviour in memory: one holder per name, the others queued in order. */
function memoryLocks(): FolderAccess['lock'] {
  const tails = new Map<string, Promise<void>>();
  const busy = new Map<string, number>();
  return async (name, work, ifAvailable = false) => {
    if (ifAvailable && (busy.get(name) ?? 0) > 0) return false;
    busy.set(name, (busy.get(name) ?? 0) + 1);
    const before = tails.get(name) ?? Promise.resolve();
    let release: () => void = () => undefined;
    const mine = new Promise<void>((done) => {
      release = done;
    });
    tails.set(
      name,
      before.then(() => mine),
    );
    await before;
    try {
      await work();
    } finally {
      busy.set(name, (busy.get(name) ?? 1) - 1);
      release();
    }
    return true;
  };
}

async function walk(dir: FolderHandle, prefix: string, out: Record<string, string>) {
  for await (const [name, entry] of dir.entries()) {
    if (entry.kind === 'directory') await walk(entry, `${prefix}${name}/`, out);
    else out[`${prefix}${name}`] = await (await entry.getFile()).text();
  }
}

export function folderSyncHarness(collections: readonly Collection[]) {
  let list = structuredClone([...collections]);
  const find = (id: string) => list.find((item) => item.id === id);
  const missing = (id: string) => fail('not_found', `No collection ${id}.`, 'Reload the panel.');
  /** The worker's Export for Bruno, as Connect folder asks for it (no profiles chosen). */
  const exportFolder = ({ id }: { id: string }) => {
    const collection = find(id);
    if (collection === undefined) return missing(id);
    const files = exportOpenCollection(collection, {
      environments: [PROFILE],
      storedSecrets: [STORED_SECRET],
    });
    return files.ok ? ok({ folder: collection.name, files: files.value }) : files;
  };
  const harness = workspaceHarness({
    'collections/list': () => ok({ collections: list }),
    'collections/put': ({ collection }) => {
      const index = list.findIndex((item) => item.id === collection.id);
      list = index === -1 ? [...list, collection] : list.with(index, collection);
      return ok({ collection });
    },
    'collections/delete': ({ id }) => {
      list = list.filter((item) => item.id !== id);
      return ok({ id });
    },
    'collections/export-folder': exportFolder,
    'collections/export': ({ id }) => {
      const collection = find(id);
      if (collection === undefined) return missing(id);
      const clean = lintForSecrets(collection, [STORED_SECRET]);
      if (!clean.ok) return clean;
      const text = exportPostman(collection, { values: PROFILE, storedSecrets: [STORED_SECRET] });
      return ok({ fileName: `${collection.name}.postman_collection.json`, text });
    },
    'collections/connect-folder': () => ok({ opened: true }),
  });

  const root = Object.assign(memoryFolderHandle(), { name: 'team-repo' });
  // Counts the listings of the folder's top, so that a test sees whether a sync looked at all.
  let reads = 0;
  const listTop = root.entries.bind(root);
  root.entries = () => {
    reads += 1;
    return listTop();
  };
  const records = new Map<string, FolderConnection>();
  const announced: string[] = [];
  const copy = (record: FolderConnection): FolderConnection => ({
    ...record,
    base: record.base.map(([path, digest]) => [path, digest]),
    seen: record.seen.map(([path, digest]) => [path, digest]),
  });
  const folders: FolderAccess = {
    list: async () => [...records.values()].map(copy),
    get: async (collectionId) => {
      const record = records.get(collectionId);
      return record && copy(record);
    },
    put: async (record) =>
      void records.set(record.collectionId, { ...copy(record), digests: true }),
    remove: async (collectionId) => void records.delete(collectionId),
    announce: (collectionId) => void announced.push(collectionId),
    lock: memoryLocks(),
  };

  async function directoryOf(path: string, create: boolean) {
    const parts = path.split('/');
    const name = parts.pop() as string;
    let dir: FolderHandle = root;
    for (const part of parts) dir = await dir.getDirectoryHandle(part, { create });
    return { dir, name };
  }

  return {
    ...harness,
    root,
    records,
    exportFolder,
    announced,
    /** How many times a sync has listed the folder. */
    reads: () => reads,
    /** The collections as the worker holds them now. */
    saved: () => list,
    /** What the Connect folder tab does: a record for the collection, with no sync yet. */
    connect: (collectionId: string) =>
      folders.put({ collectionId, handle: root, base: [], seen: [] }),
    /** The folder sync's commands, started on the harness's workspace, folders and timers. */
    start: () => createFolderSync({ ...harness.deps, folders }),
    /** Writes a file as an editor or `git pull` does. */
    async write(path: string, text: string) {
      const { dir, name } = await directoryOf(path, true);
      const writable = await (await dir.getFileHandle(name, { create: true })).createWritable();
      await writable.write(text);
      await writable.close();
    },
    async remove(path: string) {
      const { dir, name } = await directoryOf(path, false);
      await dir.removeEntry(name);
    },
    /** Every file in the folder, by `/`-separated path. */
    async files(): Promise<Record<string, string>> {
      const out: Record<string, string> = {};
      await walk(root, '', out);
      return out;
    },
    /** Lets the replies and the folder's reads run until `done` holds (a few turns at most). */
    async until(done: () => boolean) {
      for (let turn = 0; turn < 50 && !done(); turn++) await settle();
      if (!done()) throw new Error('The folder sync did not get there.');
    },
  };
}
