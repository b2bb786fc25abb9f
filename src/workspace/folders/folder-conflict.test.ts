/**
 * A file changed on both sides since the last sync: the sync stops and asks, naming only the
 * collection's files (never a teammate's beside them) and what each answer writes and deletes;
 * either answer keeps the other side as a copy collection, so nothing is lost; an answer given
 * for files that changed again since the question is not carried out.
 */
import { describe, expect, it } from 'vitest';
import type { SavedRequest } from '../../collections/model';
import { brunoSample } from '../../testing/fixtures/opencollection/opencollection-samples';
import { folderSyncHarness } from '../../testing/folder-sync-harness';

const ID = 'col_orders';
const FILE = 'List products.yml';
const TEAM: Record<string, string> = {
  'README.md': '# Orders service\n',
  '.git/HEAD': 'ref: refs/heads/main\n',
  'deploy/k8s.yml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api\n',
  'Orders/README.md': '# Orders\n',
};

type Harness = ReturnType<typeof folderSyncHarness>;

/** A collection in sync with a folder that holds the team's files too. */
async function inSync() {
  const harness = folderSyncHarness([brunoSample()]);
  for (const [path, text] of Object.entries(TEAM)) await harness.write(path, text);
  await harness.connect(ID);
  const sync = harness.start();
  await sync.started;
  return { ...harness, sync };
}

const headerOf = (harness: Harness, name: string) =>
  (harness.saved().find((item) => item.name === name)?.items[0] as SavedRequest | undefined)
    ?.headers[0]?.value;

/** The same request changed in the panel (saved by the worker) and in the folder. */
async function changeBothSides(
  harness: Harness & { sync: { changed(id: string): Promise<void> } },
) {
  const collection = structuredClone(harness.saved()[0]);
  if (collection === undefined) throw new Error('no collection');
  const first = collection.items[0] as SavedRequest;
  collection.items[0] = { ...first, headers: [{ name: 'X-Request-Id', value: 'from-panel' }] };
  await harness.deps.ask('collections/put', { collection });
  const text = (await harness.files())[FILE] ?? '';
  await harness.write(FILE, text.replace('walkthrough-1', 'from-folder'));
  await harness.sync.changed(ID);
}

async function teamFiles(harness: Harness) {
  const files = await harness.files();
  return Object.fromEntries(Object.keys(TEAM).map((path) => [path, files[path]]));
}

describe('a folder conflict', () => {
  it('asks, naming only the collection’s file and what each answer writes', async () => {
    const harness = await inSync();
    await changeBothSides(harness);
    const view = harness.store.get().folders.views[ID];
    expect(view).toMatchObject({ state: 'conflict', folder: 'team-repo', paths: [FILE] });
    if (view?.state !== 'conflict') throw new Error('no conflict');
    expect(view.answers.panel).toEqual({ write: [FILE], remove: [] });
    expect(view.answers.folder).toEqual({ write: [], remove: [] });
    // Nothing was written or read while the question is open.
    expect((await harness.files())[FILE]).toContain('from-folder');
    expect(headerOf(harness, 'Orders walkthrough')).toBe('from-panel');
    expect(await teamFiles(harness)).toEqual(TEAM);
  });

  it('keeps the panel’s version, and the folder’s as a copy collection', async () => {
    const harness = await inSync();
    await changeBothSides(harness);
    await harness.sync.settle(ID, 'panel');
    expect(harness.store.get().folders.views[ID]?.state).toBe('synced');
    expect((await harness.files())[FILE]).toContain('value: from-panel');
    expect(headerOf(harness, 'Orders walkthrough')).toBe('from-panel');
    expect(headerOf(harness, 'Orders walkthrough (folder copy)')).toBe('from-folder');
    expect(harness.store.get().collections.list.map(({ name }) => name)).toContain(
      'Orders walkthrough (folder copy)',
    );
    expect(await teamFiles(harness)).toEqual(TEAM);
  });

  it('keeps the folder’s version, and the panel’s as a copy collection', async () => {
    const harness = await inSync();
    await changeBothSides(harness);
    await harness.sync.settle(ID, 'folder');
    expect(harness.store.get().folders.views[ID]?.state).toBe('synced');
    expect((await harness.files())[FILE]).toContain('value: from-folder');
    expect(headerOf(harness, 'Orders walkthrough')).toBe('from-folder');
    expect(headerOf(harness, 'Orders walkthrough (panel copy)')).toBe('from-panel');
    expect(await teamFiles(harness)).toEqual(TEAM);
  });

  it('does not carry out an answer given for files that changed since the question', async () => {
    const harness = await inSync();
    await changeBothSides(harness);
    const text = (await harness.files())[FILE] ?? '';
    await harness.write(FILE, text.replace('from-folder', 'from-folder-again'));
    await harness.sync.settle(ID, 'panel');
    const view = harness.store.get().folders.views[ID];
    expect(view).toMatchObject({ state: 'conflict', paths: [FILE] });
    expect(view?.state === 'conflict' && view.problem).toMatch(/changed since this question/);
    expect((await harness.files())[FILE]).toContain('from-folder-again');
    expect(harness.saved().map(({ name }) => name)).toEqual(['Orders walkthrough']);
  });
});
