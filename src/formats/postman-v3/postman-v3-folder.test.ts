/**
 * Connect folder in Postman 12's format, on a real folder on disk (Node's file system through the
 * folder code, as the panel's sync drives it): a repository's format is told from what it holds,
 * the panel's collection is written under `postman/collections/<Collection>/` and reads back as the
 * same collection, an outside edit is read in, a removal in the panel removes that file only, and
 * nothing of the team's (README, `.git`, another collection, environments, examples, notes) is ever
 * read into the collection, written over or removed. No secret reaches a file.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keepItemIds } from '../../collections/keep-item-ids';
import type { Collection, CollectionItem } from '../../collections/model';
import { nodeFolderHandle } from '../../testing/fixtures/opencollection/node-folder-handle';
import { brunoSample } from '../../testing/fixtures/opencollection/opencollection-samples';
import {
  type FileMap,
  planSync,
  toFileList,
  toSyncRecord,
} from '../opencollection/folder-sync-plan';
import { writeFolderFiles } from '../opencollection/opencollection-folder-io';
import { exportPostman } from '../postman/postman-export';
import { detectFolderFormat, formatOfRecord } from './folder-format';
import {
  keptCollectionDir,
  postmanV3CollectionFiles,
  postmanV3FolderFiles,
  readPostmanV3Folder,
  wantedCollectionDir,
} from './postman-v3-folder';
import { importPostmanV3 } from './postman-v3-import';

const API_KEY = 'k-3f9a1c77e2b04d58';

/** The team's files in the repository: none of them is the collection's. */
const TEAM_FILES: Record<string, string> = {
  'README.md': '# Orders service\n',
  '.git/HEAD': 'ref: refs/heads/main\n',
  'src/app.ts': 'export const app = 1;\n',
  'postman/collections/Billing/.resources/definition.yaml': '$kind: collection\nname: Billing\n',
  'postman/collections/Billing/Invoices.request.yaml':
    '$kind: http-request\nurl: https://billing.example/invoices\nmethod: GET\n',
  'postman/environments/Staging.environment.yaml':
    'name: Staging\nvalues:\n  - key: baseUrl\n    value: https://staging.example\n',
};

let root = '';
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'postman-v3-folder-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function put(path: string, text: string) {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), text);
}

/** Every file under the folder, hidden ones too, by `/`-separated path. */
async function everything(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out[
      path
        .slice(root.length + 1)
        .split('\\')
        .join('/')
    ] = await readFile(path, 'utf8');
  }
  return out;
}

function sample(): Collection {
  return { ...brunoSample(), name: 'Team' };
}

/** The panel's side, as the worker's v2.1 export and the folder kind make it. */
function panelFiles(collection: Collection, dir: string): FileMap {
  return postmanV3FolderFiles(
    exportPostman(collection, {
      values: { baseUrl: 'http://127.0.0.1:8787', companyId: 'c-1', clientId: 'p-1' },
      storedSecrets: [API_KEY],
    }),
    dir,
  );
}

/** One sync as folder-sync.ts runs it; returns the new record and what was read in. */
async function sync(
  collection: Collection,
  record: { base: FileMap; seen: FileMap },
): Promise<{ base: FileMap; seen: FileMap; read: Collection | null; dir: string }> {
  const handle = nodeFolderHandle(root);
  const { files } = await readPostmanV3Folder(handle);
  const dir = keptCollectionDir(record.seen.keys(), wantedCollectionDir(collection.name));
  const disk = postmanV3CollectionFiles(files, record.seen, dir);
  const local = panelFiles(collection, dir);
  const plan = planSync({ ...record, local, disk });
  if (plan.kind === 'conflict') throw new Error(`conflict on ${plan.paths.join(', ')}`);
  if (plan.kind === 'none') return { ...record, read: null, dir };
  const written = await writeFolderFiles(handle, toFileList(plan.files), disk);
  if (!written.ok) throw new Error(written.error.message);
  let read: Collection | null = null;
  if (plan.fromFolder) {
    const imported = importPostmanV3(toFileList(plan.files), () => crypto.randomUUID());
    if (!imported.ok) throw new Error(imported.error.message);
    read = keepItemIds(collection, imported.value.collection);
  }
  const base = read === null ? plan.files : panelFiles(read, dir);
  return { base: toSyncRecord(base), seen: toSyncRecord(plan.files), read, dir };
}

const names = (items: readonly CollectionItem[]): string[] =>
  items.flatMap((item) =>
    item.kind === 'folder' ? [item.name, ...names(item.items)] : [item.name],
  );

const EMPTY = { base: new Map(), seen: new Map() };

describe('Connect folder with a Postman 12 folder', () => {
  it('tells the format from what the folder holds; an empty folder stays OpenCollection', async () => {
    const handle = nodeFolderHandle(root);
    expect(await detectFolderFormat(handle)).toBe('opencollection');
    await put('postman/environments/Staging.environment.yaml', 'name: Staging\nvalues: []\n');
    expect(await detectFolderFormat(handle)).toBe('opencollection');
    await put('postman/collections/Team/.resources/definition.yaml', '$kind: collection\n');
    expect(await detectFolderFormat(handle)).toBe('postman-v3');
    await put('opencollection.yml', 'opencollection: 1.0.0\ninfo:\n  name: Team\n');
    expect(await detectFolderFormat(handle)).toBe('opencollection');
    expect(formatOfRecord(['postman/collections/Team/a.request.yaml'])).toBe('postman-v3');
    expect(formatOfRecord(['opencollection.yml'])).toBe('opencollection');
    expect(formatOfRecord([])).toBeNull();
  });

  it('writes the collection beside the team’s files, reads it back the same, and leaves theirs alone', async () => {
    for (const [path, text] of Object.entries(TEAM_FILES)) await put(path, text);
    const collection = sample();
    const first = await sync(collection, EMPTY);
    expect(first.dir).toBe('postman/collections/Team');
    const after = await everything();
    for (const [path, text] of Object.entries(TEAM_FILES)) expect(after[path]).toBe(text);
    const written = Object.keys(after).filter((path) => !(path in TEAM_FILES));
    expect(written.sort()).toEqual([
      'postman/collections/Team/.resources/definition.yaml',
      'postman/collections/Team/Company.request.yaml',
      'postman/collections/Team/List products.request.yaml',
      'postman/collections/Team/Orders/.resources/definition.yaml',
      'postman/collections/Team/Orders/Create order- today-.request.yaml',
      'postman/collections/Team/Orders/One product.request.yaml',
    ]);
    expect(JSON.stringify(after)).not.toContain(API_KEY);

    // Read back as a folder sync reads it: the same collection, and nothing more to do.
    const { files } = await readPostmanV3Folder(nodeFolderHandle(root));
    const own = postmanV3CollectionFiles(files, first.seen, first.dir);
    expect([...own.keys()].sort()).toEqual(written.sort());
    const imported = importPostmanV3(toFileList(own), () => crypto.randomUUID());
    if (!imported.ok) throw new Error(imported.error.message);
    const back = keepItemIds(collection, imported.value.collection);
    expect(names(back.items)).toEqual(names(collection.items));
    expect(back.items[0]).toMatchObject({ method: 'GET', path: 'products' });
    expect(panelFiles(back, first.dir)).toEqual(own);
    const again = await sync(collection, first);
    expect(again.read).toBeNull();
  });

  it('reads an outside edit in, and a removal in the panel removes that file only', async () => {
    const collection = sample();
    const first = await sync(collection, EMPTY);
    const path = 'postman/collections/Team/List products.request.yaml';
    const text = await readFile(join(root, path), 'utf8');
    // A teammate's change, pulled with git: the path of the request.
    await put(path, text.replace('/products?', '/catalogue?'));
    // And the team's own files inside the collection's folder: notes and a saved example.
    await put('postman/collections/Team/NOTES.md', 'Ask Ana before changing the order flow.\n');
    const example = 'postman/collections/Team/.resources/List products.resources/examples/ok.yaml';
    await put(example, '$kind: http-example\nname: ok\n');
    const second = await sync(collection, first);
    expect(second.read?.items[0]).toMatchObject({ name: 'List products', path: 'catalogue' });

    // The panel removes the request: its file goes, the notes and the example stay.
    const without = { ...(second.read as Collection) };
    without.items = without.items.filter((item) => item.name !== 'List products');
    await sync(without, second);
    const files = await everything();
    expect(files[path]).toBeUndefined();
    expect(files['postman/collections/Team/NOTES.md']).toBeDefined();
    expect(files[example]).toBe('$kind: http-example\nname: ok\n');
    expect(
      files['postman/collections/Team/Orders/Create order- today-.request.yaml'],
    ).toBeDefined();
  });

  it('keeps its own collection’s folder, and never takes another collection’s files', async () => {
    for (const [path, text] of Object.entries(TEAM_FILES)) await put(path, text);
    const { files } = await readPostmanV3Folder(nodeFolderHandle(root));
    const paths = files.map(({ path }) => path);
    // Hidden .resources are read; .git and the repository's other files are not.
    expect(paths).toContain('postman/collections/Billing/.resources/definition.yaml');
    expect(paths.every((path) => path.startsWith('postman/'))).toBe(true);
    // The folder named as the panel's collection, until a sync recorded one (a rename keeps it).
    expect(keptCollectionDir([], wantedCollectionDir('Team: v2'))).toBe(
      'postman/collections/Team- v2',
    );
    expect(
      keptCollectionDir(['postman/collections/Team/a.request.yaml'], wantedCollectionDir('Sales')),
    ).toBe('postman/collections/Team');
    // Within the kept folder, only files shaped as the collection's are its own.
    const own = postmanV3CollectionFiles(
      [
        { path: 'postman/collections/Team/a.request.yaml', text: '$kind: http-request\n' },
        { path: 'postman/collections/Team/b.request.yaml', text: '$kind: graphql-request\n' },
        { path: 'postman/collections/Team/c.request.yaml', text: 'url: [\n' },
        { path: 'postman/collections/Team/d.request.yaml', text: 'url: [\n' },
        { path: 'postman/collections/Team/notes.yaml', text: '$kind: http-request\n' },
        { path: 'postman/collections/Billing/x.request.yaml', text: '$kind: http-request\n' },
      ],
      new Map([['postman/collections/Team/d.request.yaml', 'digest']]),
      'postman/collections/Team',
    );
    expect([...own.keys()]).toEqual([
      'postman/collections/Team/a.request.yaml',
      'postman/collections/Team/d.request.yaml',
    ]);
  });
});
