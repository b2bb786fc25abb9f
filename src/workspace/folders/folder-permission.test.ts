/**
 * A folder whose access the browser took back (after a restart, or once the extension's last tab
 * closed): the collection shows that it needs a click, nothing is read or written meanwhile;
 * Reconnect folder syncs at once when the browser grants access, and otherwise asks the worker to
 * open the Connect folder tab, which may ask where the panel may not.
 */
import { describe, expect, it } from 'vitest';
import { brunoSample } from '../../testing/fixtures/opencollection/opencollection-samples';
import { folderSyncHarness } from '../../testing/folder-sync-harness';

const ID = 'col_orders';

async function withoutAccess(answer: PermissionState) {
  const harness = folderSyncHarness([brunoSample()]);
  let state: PermissionState = 'prompt';
  Object.assign(harness.root, {
    queryPermission: async () => state,
    requestPermission: async () => {
      state = answer;
      return answer;
    },
  });
  await harness.connect(ID);
  const sync = harness.start();
  await sync.started;
  return { ...harness, sync };
}

describe('a folder whose access the browser took back', () => {
  it('needs a click, and nothing is written meanwhile', async () => {
    const harness = await withoutAccess('granted');
    expect(harness.store.get().folders.views[ID]).toEqual({
      state: 'needs-permission',
      folder: 'team-repo',
    });
    expect(await harness.files()).toEqual({});
  });

  it('syncs at once when Reconnect folder is granted', async () => {
    const harness = await withoutAccess('granted');
    await harness.sync.reconnect(ID);
    expect(harness.store.get().folders.views[ID]?.state).toBe('synced');
    expect(Object.keys(await harness.files())).toContain('opencollection.yml');
    expect(harness.worker.payloads('collections/connect-folder')).toEqual([]);
  });

  it('opens the Connect folder tab to ask again when the panel may not', async () => {
    const harness = await withoutAccess('prompt');
    await harness.sync.reconnect(ID);
    expect(harness.worker.payloads('collections/connect-folder')).toEqual([
      { id: ID, reconnect: true },
    ]);
    expect(harness.store.get().folders.views[ID]?.state).toBe('needs-permission');
  });
});
