/**
 * Names written to a real folder on disk (Node's file system through the folder code) and read
 * back: a request or folder named like the format's own files (`folder`, `opencollection`,
 * `environments`, `folder.yml`), names of 100 CJK characters, names that only Unicode case folding
 * or a lone surrogate tells apart. Each gets a file of its own that the file system accepts, and
 * each is read back under its own name.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Collection, CollectionItem } from '../../collections/model';
import { nodeFolderHandle } from '../../testing/fixtures/opencollection/node-folder-handle';
import { brunoSample } from '../../testing/fixtures/opencollection/opencollection-samples';
import { exportOpenCollection } from './opencollection-export';
import { MAX_NAME_BYTES } from './opencollection-file-names';
import { writeFolderFiles } from './opencollection-folder-io';
import { readFolderFiles } from './opencollection-folder-read';
import { importOpenCollection } from './opencollection-import';

let root = '';
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'folder-names-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const request = (name: string, index: number): CollectionItem => ({
  kind: 'request',
  id: `req_${index}`,
  name,
  method: 'GET',
  path: `items/${index}`,
  query: [],
  headers: [],
  body: '',
});

const NAMES = [
  'folder',
  'Folder',
  'folder.yml',
  'opencollection',
  'opencollection.yml',
  'environments',
  'stock',
  'ſtock',
  'id',
  'ıd',
  'kelvin',
  '\u212Aelvin',
  'Orders \uD800',
  'Orders \uDBFF',
  '注文'.repeat(50),
  '注文'.repeat(50),
];

function names(items: readonly CollectionItem[]): string[] {
  return items.flatMap((item) =>
    item.kind === 'folder' ? [`${item.name}/`, ...names(item.items)] : [item.name],
  );
}

describe('names that collide with the format’s files or with each other', () => {
  it('writes each under a safe name of at most 255 bytes and reads each back as itself', async () => {
    const collection: Collection = brunoSample();
    collection.items = [
      ...NAMES.map(request),
      { kind: 'folder', id: 'fld_env', name: 'environments', items: [request('folder', 90)] },
      { kind: 'folder', id: 'fld_oc', name: 'opencollection.yml', items: [request('x', 91)] },
    ];
    const exported = exportOpenCollection(collection, { environments: [], storedSecrets: [] });
    if (!exported.ok) throw new Error(exported.error.message);
    const folder = nodeFolderHandle(root);
    const written = await writeFolderFiles(folder, exported.value, new Map());
    expect(written.ok).toBe(true);

    const onDisk = await readdir(root, { recursive: true });
    const files = exported.value.map(({ path }) => path);
    expect(onDisk.filter((path) => path.endsWith('.yml')).sort()).toEqual(
      files.map((path) => path.split('/').join('/')).sort(),
    );
    for (const path of files)
      for (const part of path.split('/'))
        expect(new TextEncoder().encode(part).byteLength, part).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(files).not.toContain('folder.yml');
    expect(files).toContain('folder (2).yml');

    const imported = importOpenCollection(await readFolderFiles(folder), () => 'id');
    if (!imported.ok) throw new Error(imported.error.message);
    expect(names(imported.value.collection.items)).toEqual(names(collection.items));
  });
});
