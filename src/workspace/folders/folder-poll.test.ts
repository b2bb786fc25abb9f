/**
 * The folder poll, on the injected timers: a first sync writes the collection and shows it synced;
 * an edit made outside (an editor, `git pull`) shows in the panel at the next poll and not before;
 * a poll never runs beside a sync still in progress (its turn is skipped, not queued); a save in
 * the panel is written at once; a folder refused as too large is left alone by the poll until a
 * focus (a whole repository picked by mistake once crashed the panel after a minute of polls);
 * stopping ends the polls and what the panel shows of the folder.
 */
import { describe, expect, it } from 'vitest';
import type { SavedRequest } from '../../collections/model';
import { deferred } from '../../testing/fake-worker';
import { brunoSample } from '../../testing/fixtures/opencollection/opencollection-samples';
import { folderSyncHarness } from '../../testing/folder-sync-harness';
import { settle } from '../../testing/workspace-harness';
import { ok } from '../../vocabulary/errors';
import { createCollectionCommands } from '../collection-commands';
import { POLL_MS } from './folder-sync';

const ID = 'col_orders';

async function started() {
  const harness = folderSyncHarness([brunoSample()]);
  await harness.connect(ID);
  const sync = harness.start();
  await sync.started;
  return { ...harness, sync };
}

const header = (harness: Awaited<ReturnType<typeof started>>) =>
  (harness.store.get().collections.list[0]?.items[0] as SavedRequest | undefined)?.headers[0]
    ?.value;

describe('the folder poll', () => {
  it('writes the collection at the first sync and shows it synced, in OpenCollection YAML', async () => {
    const harness = await started();
    expect(harness.store.get().folders.views[ID]).toEqual({
      state: 'synced',
      folder: 'team-repo',
      format: 'OpenCollection YAML (Bruno)',
      notes: [],
    });
    const files = await harness.files();
    expect(files['opencollection.yml']).toContain('name: Orders walkthrough');
    expect(files['List products.yml']).toContain('value: walkthrough-1');
  });

  it('shows an outside edit at the next poll of the injected timer, not before', async () => {
    const harness = await started();
    const edited = (await harness.files())['List products.yml']?.replace(
      'walkthrough-1',
      'walkthrough-2',
    );
    await harness.write('List products.yml', edited ?? '');
    for (let turn = 0; turn < 5; turn++) await settle();
    expect(harness.saved()[0]?.items[0]).toMatchObject({ headers: [{ value: 'walkthrough-1' }] });
    harness.clock.advance(POLL_MS);
    await harness.until(() => header(harness) === 'walkthrough-2');
    expect(harness.saved()[0]?.items[0]).toMatchObject({ headers: [{ value: 'walkthrough-2' }] });
    expect(harness.store.get().folders.views[ID]?.state).toBe('synced');
    // Other panels are told, so that they read the collection again.
    expect(harness.announced).toEqual([ID]);
  });

  it('skips a poll while a sync of the folder still runs, and polls again after', async () => {
    const harness = await started();
    const held = deferred<void>();
    const export1 = harness.worker.payloads('collections/export-folder').length;
    harness.worker.handle('collections/export-folder', async (payload) => {
      await held.promise;
      return harness.exportFolder(payload);
    });
    const saving = harness.sync.changed(ID);
    await harness.until(
      () => harness.worker.payloads('collections/export-folder').length > export1,
    );
    const readsWhileHeld = harness.reads();
    harness.clock.advance(POLL_MS * 3);
    for (let turn = 0; turn < 5; turn++) await settle();
    expect(harness.reads()).toBe(readsWhileHeld);
    held.resolve();
    await saving;
    for (let turn = 0; turn < 5; turn++) await settle();
    // The skipped polls were not queued behind the sync.
    expect(harness.reads()).toBe(readsWhileHeld);
    harness.clock.advance(POLL_MS);
    await harness.until(() => harness.reads() > readsWhileHeld);
  });

  it('writes a save in the panel at once, through the collection commands', async () => {
    const harness = await started();
    const collections = createCollectionCommands(harness.deps);
    collections.onChanged((id) => void harness.sync.changed(id));
    const renamed = { ...brunoSample(), name: 'Orders walkthrough' };
    const first = renamed.items[0] as SavedRequest;
    renamed.items = [{ ...first, headers: [{ name: 'X-Request-Id', value: 'from-panel' }] }];
    await collections.save(ok(renamed));
    await harness.until(() =>
      Boolean(harness.records.get(ID)?.seen.every(([path]) => path !== 'Orders/folder.yml')),
    );
    const files = await harness.files();
    expect(files['List products.yml']).toContain('value: from-panel');
    expect(files['Orders/folder.yml']).toBeUndefined();
  });

  it('leaves a folder refused as too large to itself until a focus or a save', async () => {
    // A whole repository picked by mistake: more files than a collection's folder may hold.
    const harness = folderSyncHarness([brunoSample()]);
    for (let part = 0; part < 6; part++)
      for (let index = 0; index < 1_000; index++)
        await harness.write(`pkg${part}/file${index}.yml`, '');
    await harness.connect(ID);
    const sync = harness.start();
    await sync.started;
    await harness.until(() => harness.store.get().folders.views[ID]?.state === 'error');
    expect(harness.store.get().folders.views[ID]).toMatchObject({
      message: expect.stringContaining('more than 5,000 files'),
    });
    const readsAtRefusal = harness.reads();
    // Thirty polls, a minute of the panel open: the folder is not listed once.
    for (let turn = 0; turn < 30; turn++) {
      harness.clock.advance(POLL_MS);
      await settle();
    }
    for (let turn = 0; turn < 5; turn++) await settle();
    expect(harness.reads()).toBe(readsAtRefusal);
    // The panel back in focus looks again, and refuses again.
    void sync.focused();
    await harness.until(() => harness.reads() > readsAtRefusal);
    expect(harness.store.get().folders.views[ID]?.state).toBe('error');
    expect(await harness.files()).not.toHaveProperty('opencollection.yml');
  });

  it('stops: no timer waits, and nothing of the folder is shown', async () => {
    const harness = await started();
    expect(harness.clock.waiting()).toBe(1);
    harness.sync.stop();
    expect(harness.clock.waiting()).toBe(0);
    expect(harness.store.get().folders.views).toEqual({});
  });
});
