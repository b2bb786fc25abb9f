/**
 * A connected folder that holds a team's other files (a README, `.gitkeep`, `docker-compose.yml`,
 * a Kubernetes manifest, Go sources) next to the collection: the plan and the folder code keep
 * every one of them through a folder rename, a folder delete and both answers to a conflict, and
 * a conflict names every file each answer writes or deletes. The same scenarios run over an
 * in-memory folder (the origin private file system's behaviour) and a real directory on disk.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Collection, CollectionItem } from '../../collections/model';
import { memoryFolderHandle } from '../../testing/fixtures/opencollection/memory-folder-handle';
import { nodeFolderHandle } from '../../testing/fixtures/opencollection/node-folder-handle';
import { brunoSample } from '../../testing/fixtures/opencollection/opencollection-samples';
import {
  collectionFiles,
  planSync,
  settleConflict,
  toFileList,
  toSyncRecord,
} from './folder-sync-plan';
import { exportOpenCollection } from './opencollection-export';
import { type FolderHandle, writeFolderFiles } from './opencollection-folder-io';
import { readFolderFiles } from './opencollection-folder-read';

const TEAM_FILES: Record<string, string> = {
  'README.md': '# Partner API\n',
  '.gitkeep': '',
  'docker-compose.yml': 'services:\n  api:\n    image: partner/api:1\n    ports: ["8080:8080"]\n',
  'deploy/k8s.yml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api\n',
  'deploy/run.sh': '#!/bin/sh\nkubectl apply -f k8s.yml\n',
  'src/app.yml': 'name: api\nport: 8080\ninfo:\n  owner: team\n',
  'src/main.go': 'package main\n\nfunc main() {}\n',
  'src/lib/util.go': 'package lib\n',
  '.github/workflows/ci.yml': 'on: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n',
  'Orders/README.md': '# Orders\n',
  'Orders/.gitkeep': '',
  'Stock/notes.txt': 'count on Fridays\n',
};

const tempRoots: string[] = [];
afterAll(async () => {
  await Promise.all(tempRoots.map((root) => rm(root, { recursive: true, force: true })));
});

const FOLDERS: [string, () => Promise<FolderHandle>][] = [
  ['in memory', async () => memoryFolderHandle()],
  [
    'on disk',
    async () => {
      const root = await mkdtemp(join(tmpdir(), 'team-folder-'));
      tempRoots.push(root);
      return nodeFolderHandle(root);
    },
  ],
];

/** Every file under `folder`, hidden ones too, and every folder (as `name/`). */
async function everything(folder: FolderHandle, prefix = ''): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for await (const [name, entry] of folder.entries()) {
    const path = `${prefix}${name}`;
    if (entry.kind === 'directory') {
      found.set(`${path}/`, '');
      for (const [inner, text] of await everything(entry, `${path}/`)) found.set(inner, text);
    } else found.set(path, await (await entry.getFile()).text());
  }
  return found;
}

async function put(folder: FolderHandle, files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    const parts = path.split('/');
    const name = parts.pop() as string;
    let directory = folder;
    for (const part of parts)
      directory = await directory.getDirectoryHandle(part, { create: true });
    const writable = await (await directory.getFileHandle(name, { create: true })).createWritable();
    await writable.write(text);
    await writable.close();
  }
}

function exported(collection: Collection): Map<string, string> {
  const result = exportOpenCollection(collection, { environments: [], storedSecrets: [] });
  if (!result.ok) throw new Error(result.error.message);
  return new Map(result.value.map(({ path, text }) => [path, text]));
}

const request = (id: string, name: string): CollectionItem => ({
  kind: 'request',
  id,
  name,
  method: 'GET',
  path: 'stock',
  query: [],
  headers: [],
  body: '',
});

/** The sample with a "Stock" folder, whose team folder holds notes. */
function teamCollection(): Collection {
  const collection = brunoSample();
  collection.items.push({
    kind: 'folder',
    id: 'fld_stock',
    name: 'Stock',
    items: [request('req_stock', 'Stock levels')],
  });
  return collection;
}

/** What a sync sees: the collection's files among the folder's, given the owned record. */
async function collectionOnDisk(folder: FolderHandle, owned: ReadonlyMap<string, string>) {
  return collectionFiles(await readFolderFiles(folder), owned);
}

function changedPaths(before: Map<string, string>, after: Map<string, string>): string[] {
  const paths = new Set([...before.keys(), ...after.keys()]);
  return [...paths].filter((path) => before.get(path) !== after.get(path)).sort();
}

const withoutFolders = (paths: string[]) => paths.filter((path) => !path.endsWith('/'));

describe.each(FOLDERS)('a folder holding a team’s files (%s)', (_where, makeFolder) => {
  it('takes only the collection’s files, and writes beside the team’s files without touching them', async () => {
    const folder = await makeFolder();
    await put(folder, TEAM_FILES);
    expect(await collectionOnDisk(folder, new Map())).toEqual(new Map());
    const files = exported(teamCollection());
    const written = await writeFolderFiles(folder, toFileList(files), new Map());
    expect(written.ok).toBe(true);
    const after = await everything(folder);
    for (const [path, text] of Object.entries(TEAM_FILES)) expect(after.get(path)).toBe(text);
    expect(await collectionOnDisk(folder, files)).toEqual(files);
  });

  it('keeps the team’s files through a folder rename and a folder delete', async () => {
    const folder = await makeFolder();
    await put(folder, TEAM_FILES);
    const collection = teamCollection();
    const before = exported(collection);
    await writeFolderFiles(folder, toFileList(before), new Map());
    const orders = collection.items[1];
    if (orders?.kind !== 'folder') throw new Error('fixture changed');
    orders.name = 'Purchases';
    collection.items.pop(); // Stock
    const after = exported(collection);
    const owned = await collectionOnDisk(folder, before);
    const plan = planSync({
      base: toSyncRecord(before),
      seen: toSyncRecord(owned),
      local: after,
      disk: owned,
    });
    if (plan.kind !== 'apply') throw new Error(`expected a plan to apply, got ${plan.kind}`);
    const result = await writeFolderFiles(folder, toFileList(plan.files), owned);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.removed.sort()).toEqual([
      'Orders/Create order- today-.yml',
      'Orders/One product.yml',
      'Orders/folder.yml',
      'Stock/Stock levels.yml',
      'Stock/folder.yml',
    ]);
    // Orders and Stock hold the team's files, so they stay; nothing is removed recursively.
    expect(result.value.removedFolders).toEqual([]);
    const left = await everything(folder);
    for (const [path, text] of Object.entries(TEAM_FILES)) expect(left.get(path)).toBe(text);
    expect(await collectionOnDisk(folder, after)).toEqual(after);
  });

  it('removes a folder the collection emptied only when nothing else is in it', async () => {
    const folder = await makeFolder();
    const collection = teamCollection();
    const before = exported(collection);
    await writeFolderFiles(folder, toFileList(before), new Map());
    await put(folder, { 'Stock/.gitkeep': '' });
    collection.items.splice(1, 1); // Orders: only the collection's files
    collection.items.pop(); // Stock: the collection's files and a .gitkeep
    const result = await writeFolderFiles(folder, toFileList(exported(collection)), before);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.removedFolders).toEqual(['Orders']);
    const left = await everything(folder);
    expect(left.has('Orders/')).toBe(false);
    expect([...left.keys()].filter((path) => path.startsWith('Stock/'))).toEqual([
      'Stock/',
      'Stock/.gitkeep',
    ]);
  });

  it('on a first connection to a clone with a collection, lists only collection files and names what each answer does', async () => {
    const folder = await makeFolder();
    const theirs = brunoSample();
    theirs.items.push(request('req_legacy', 'Legacy'));
    const theirFiles = exported(theirs);
    await put(folder, { ...TEAM_FILES, ...Object.fromEntries(theirFiles) });
    const local = exported(teamCollection());
    const disk = await collectionOnDisk(folder, new Map());
    expect(disk).toEqual(theirFiles);
    const plan = planSync({
      base: toSyncRecord(new Map()),
      seen: toSyncRecord(new Map()),
      local,
      disk,
    });
    if (plan.kind !== 'conflict') throw new Error(`expected a conflict, got ${plan.kind}`);
    expect(plan.paths).toEqual(['Legacy.yml', 'Stock/Stock levels.yml', 'Stock/folder.yml']);
    expect(plan.answers).toEqual({
      panel: { write: ['Stock/Stock levels.yml', 'Stock/folder.yml'], remove: ['Legacy.yml'] },
      folder: { write: [], remove: [] },
    });

    // Keep the folder's version: the folder is left exactly as it was.
    const untouched = await everything(folder);
    const keepFolder = await writeFolderFiles(
      folder,
      toFileList(settleConflict({ local, disk }, 'folder').files),
      disk,
    );
    expect(keepFolder.ok).toBe(true);
    expect(changedPaths(untouched, await everything(folder))).toEqual([]);

    // Keep the panel's version: exactly the files the prompt named change.
    const keepPanel = await writeFolderFiles(
      folder,
      toFileList(settleConflict({ local, disk }, 'panel').files),
      disk,
    );
    expect(keepPanel.ok).toBe(true);
    const after = await everything(folder);
    expect(withoutFolders(changedPaths(untouched, after))).toEqual(
      [...plan.answers.panel.write, ...plan.answers.panel.remove].sort(),
    );
    for (const [path, text] of Object.entries(TEAM_FILES)) expect(after.get(path)).toBe(text);
  });

  it('on a conflict after syncing, keeps the team’s files with either answer', async () => {
    for (const keep of ['panel', 'folder'] as const) {
      const folder = await makeFolder();
      await put(folder, TEAM_FILES);
      const collection = teamCollection();
      const base = exported(collection);
      await writeFolderFiles(folder, toFileList(base), new Map());
      const products = base.get('List products.yml') ?? '';
      await put(folder, { 'List products.yml': products.replace('products', 'products/cheap') });
      const local = new Map(base).set('List products.yml', products.replace('products', 'new'));
      const disk = await collectionOnDisk(folder, base);
      const plan = planSync({ base: toSyncRecord(base), seen: toSyncRecord(base), local, disk });
      if (plan.kind !== 'conflict') throw new Error(`expected a conflict, got ${plan.kind}`);
      expect(plan.paths).toEqual(['List products.yml']);
      const before = await everything(folder);
      const result = await writeFolderFiles(
        folder,
        toFileList(settleConflict({ local, disk }, keep).files),
        disk,
      );
      expect(result.ok).toBe(true);
      const after = await everything(folder);
      const named = [...plan.answers[keep].write, ...plan.answers[keep].remove].sort();
      expect(changedPaths(before, after)).toEqual(named);
      expect(named).toEqual(keep === 'panel' ? ['List products.yml'] : []);
      for (const [path, text] of Object.entries(TEAM_FILES)) expect(after.get(path)).toBe(text);
    }
  });

  it('refuses to write a file whose name a team’s file holds, changing nothing', async () => {
    const folder = await makeFolder();
    await put(folder, TEAM_FILES);
    const collection = teamCollection();
    collection.items.push(request('req_compose', 'docker-compose'));
    const before = await everything(folder);
    const result = await writeFolderFiles(folder, toFileList(exported(collection)), new Map());
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.message).toContain('docker-compose.yml');
    expect(result.error.message).toContain('not part of the collection');
    expect(await everything(folder)).toEqual(before);
  });

  it('leaves a file of its own that was edited since it was known', async () => {
    const folder = await makeFolder();
    const collection = teamCollection();
    const before = exported(collection);
    await writeFolderFiles(folder, toFileList(before), new Map());
    await put(folder, { 'Company.yml': `${before.get('Company.yml')}# a teammate's note\n` });
    collection.items.splice(2, 1); // Company
    const result = await writeFolderFiles(folder, toFileList(exported(collection)), before);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.kept).toEqual(['Company.yml']);
    expect((await everything(folder)).get('Company.yml')).toContain("a teammate's note");
  });
});
