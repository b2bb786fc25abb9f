/**
 * The folder sync never touches a file it did not write: a teammate's files beside the collection
 * stay byte-identical through syncs, a rename and a removal in the panel, and a removal removes the
 * collection's file only; Disconnect forgets the folder and leaves every file. And the base the
 * sync records after reading a teammate's hand-written file is the panel's own files, so the next
 * outside edit of that file is read in, not taken for a change on both sides.
 */
import { describe, expect, it } from 'vitest';
import type { Collection, SavedRequest } from '../../collections/model';
import { fileDigest } from '../../formats/opencollection/file-digest';
import { brunoSample } from '../../testing/fixtures/opencollection/opencollection-samples';
import { folderSyncHarness } from '../../testing/folder-sync-harness';
import { ok } from '../../vocabulary/errors';
import { createCollectionCommands } from '../collection-commands';
import { POLL_MS } from './folder-sync';

const ID = 'col_orders';
const TEAM: Record<string, string> = {
  'README.md': '# Orders service\n',
  '.git/HEAD': 'ref: refs/heads/main\n',
  'docker-compose.yml': 'services:\n  api:\n    image: partner/api:1\n',
  'deploy/k8s.yml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api\n',
  'Orders/README.md': '# Orders\n',
};

async function inSync() {
  const harness = folderSyncHarness([brunoSample()]);
  for (const [path, text] of Object.entries(TEAM)) await harness.write(path, text);
  await harness.connect(ID);
  const sync = harness.start();
  await sync.started;
  const collections = createCollectionCommands(harness.deps);
  collections.onChanged((id) => void sync.changed(id));
  await collections.reload();
  return { ...harness, sync, collections };
}

const current = (harness: ReturnType<typeof folderSyncHarness>): Collection =>
  structuredClone(harness.saved()[0] as Collection);

/** Waits for the save's sync to be recorded (the record changes with each sync that wrote). */
async function recorded(harness: ReturnType<typeof folderSyncHarness>, before: unknown) {
  await harness.until(() => JSON.stringify(harness.records.get(ID)?.seen) !== before);
}

describe('the folder sync and the files it did not write', () => {
  it('leaves the team’s files byte-identical through a rename and a removal', async () => {
    const harness = await inSync();
    const teamNow = async () => {
      const files = await harness.files();
      return Object.fromEntries(Object.keys(TEAM).map((path) => [path, files[path]]));
    };
    expect(await teamNow()).toEqual(TEAM);

    const renamed = current(harness);
    renamed.items[0] = { ...(renamed.items[0] as SavedRequest), name: 'All products' };
    let before = JSON.stringify(harness.records.get(ID)?.seen);
    await harness.collections.save(ok(renamed));
    await recorded(harness, before);
    const afterRename = await harness.files();
    expect(afterRename['All products.yml']).toContain('name: All products');
    expect(afterRename['List products.yml']).toBeUndefined();
    expect(await teamNow()).toEqual(TEAM);

    const removed = current(harness);
    removed.items = removed.items.filter((item) => item.name !== 'Company');
    before = JSON.stringify(harness.records.get(ID)?.seen);
    await harness.collections.save(ok(removed));
    await recorded(harness, before);
    const afterRemoval = await harness.files();
    const gone = Object.keys(afterRename).filter((path) => !(path in afterRemoval));
    expect(gone).toEqual(['Company.yml']);
    for (const [path, text] of Object.entries(afterRemoval))
      expect(text, path).toBe(afterRename[path]);
  });

  it('forgets the folder on Disconnect and leaves every file in it', async () => {
    const harness = await inSync();
    const files = await harness.files();
    await harness.sync.disconnect(ID);
    expect(harness.records.has(ID)).toBe(false);
    expect(harness.store.get().folders.views).toEqual({});
    const renamed = { ...current(harness), name: 'Renamed' };
    await harness.collections.save(ok(renamed));
    harness.clock.advance(POLL_MS);
    await harness.until(() => harness.store.get().collections.list[0]?.name === 'Renamed');
    expect(await harness.files()).toEqual(files);
  });

  it('records the panel’s files as the base after reading a hand-written file, so its next edit is read in', async () => {
    const harness = await inSync();
    const handWritten = [
      '# Written by hand, in another spelling than the panel writes',
      'info:',
      '  name: Health',
      '  type: http',
      '  seq: 9',
      'http:',
      '  url: "{{baseUrl}}/v1/health"',
      '  method: GET',
      '',
    ].join('\n');
    await harness.write('Health.yml', handWritten);
    harness.clock.advance(POLL_MS);
    await harness.until(
      () => harness.saved()[0]?.items.some((item) => item.name === 'Health') === true,
    );
    await harness.until(
      () => harness.records.get(ID)?.seen.some(([path]) => path === 'Health.yml') === true,
    );
    const record = harness.records.get(ID);
    const baseOf = new Map(record?.base);
    expect(new Map(record?.seen).get('Health.yml')).toBe(fileDigest(handWritten));
    expect(baseOf.get('Health.yml')).toBeDefined();
    expect(baseOf.get('Health.yml')).not.toBe(fileDigest(handWritten));

    await harness.write('Health.yml', handWritten.replace('/v1/health', '/v1/health/deep'));
    harness.clock.advance(POLL_MS);
    const health = () =>
      harness.saved()[0]?.items.find((item) => item.name === 'Health') as SavedRequest | undefined;
    await harness.until(() => health()?.path === 'health/deep');
    expect(harness.store.get().folders.views[ID]?.state).toBe('synced');
    expect((await harness.files())['Health.yml']).toContain('/v1/health/deep');
  });
});
