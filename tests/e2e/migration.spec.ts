/**
 * Storage written by an earlier build (issue 6, promise 8): the kept snapshot of each earlier
 * version is put into the real extension's `storage.local`, the worker is stopped (as after an
 * update), and the panel must work with it: profiles, secrets, history and collections, migrated
 * to today's shape in place. Data from a newer version is refused with a message to update.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { createSandbox } from '../../src/sandbox/server';
import { STORAGE_SCHEMA_VERSION } from '../../src/service/storage/stored-shapes';
import { expect, killServiceWorker, test } from './fixtures';
import { sidebarTab } from './workbench';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'storage');
/** The origin the snapshots were saved with; each test puts its own sandbox's in its place. */
const SNAPSHOT_ORIGIN = 'http://127.0.0.1:8787';

interface Snapshot {
  profiles: { id: string; name: string; authMethod: string; companyId: string; clientId: string }[];
  secrets: { profileId: string; apiKey?: string; clientSecret?: string }[];
  history: { profileId: string }[];
  collections: string;
}

async function putStorage(panel: Page, items: Record<string, unknown>) {
  await panel.evaluate(async (items) => {
    await chrome.storage.local.clear();
    await chrome.storage.local.set(items);
  }, items);
}

const earlier = readdirSync(FIXTURES)
  .map((name) => /^v(\d+)\.json$/.exec(name)?.[1])
  .filter((version): version is string => version !== undefined)
  .map(Number)
  .filter((version) => version < STORAGE_SCHEMA_VERSION);

test('there is a snapshot of every earlier storage version to test', () => {
  expect(earlier).toEqual(
    Array.from({ length: STORAGE_SCHEMA_VERSION - 1 }, (_, index) => index + 1),
  );
});

for (const version of earlier) {
  test(`storage written by version ${version} is migrated on first use and keeps working`, async ({
    context,
    panel,
    extensionId,
  }) => {
    const text = readFileSync(join(FIXTURES, `v${version}.json`), 'utf8');
    const snapshot = JSON.parse(text) as Snapshot;
    const keyProfile = snapshot.profiles.find((profile) => profile.authMethod === 'apiKey');
    const oauthProfile = snapshot.profiles.find((profile) => profile.authMethod !== 'apiKey');
    const secretOf = (id: string | undefined) =>
      snapshot.secrets.find((record) => record.profileId === id);
    if (keyProfile === undefined || oauthProfile === undefined) {
      throw new Error(`v${version}.json needs an API-key profile and an OAuth profile`);
    }
    const sandbox = await createSandbox({
      port: 0,
      credentials: {
        companyId: keyProfile.companyId,
        apiKey: secretOf(keyProfile.id)?.apiKey ?? '',
        clientId: oauthProfile.clientId,
        clientSecret: secretOf(oauthProfile.id)?.clientSecret ?? '',
      },
    });
    try {
      await putStorage(panel, JSON.parse(text.replaceAll(SNAPSHOT_ORIGIN, sandbox.url)));
      await killServiceWorker(context, panel, extensionId);
      await panel.reload();

      const picker = panel.getByRole('combobox', { name: 'Profile' });
      await expect(picker).toContainText(keyProfile.name);
      await expect(picker).toContainText(oauthProfile.name);
      const collection = JSON.parse(snapshot.collections)[0] as { name: string };
      await expect(panel.getByRole('region', { name: 'Collections' })).toContainText(
        collection.name,
      );

      // The secrets came through: both profiles authenticate against the sandbox.
      await picker.selectOption({ label: keyProfile.name });
      await panel.getByRole('textbox', { name: 'Path' }).fill('products');
      await panel.getByRole('button', { name: 'Send' }).click();
      await expect(panel.getByRole('region', { name: 'Response', exact: true })).toContainText(
        '200',
      );
      await picker.selectOption({ label: oauthProfile.name });
      await panel.getByRole('button', { name: 'Get token' }).click();
      await expect(panel.getByRole('region', { name: 'Token' })).toContainText('access_token');
      const oldEntries = snapshot.history.filter((item) => item.profileId === oauthProfile.id);
      await sidebarTab(panel, 'History');
      await expect(
        panel.getByRole('region', { name: 'History' }).getByRole('listitem'),
      ).toHaveCount(oldEntries.length);

      // And storage has today's shape.
      const stored = await panel.evaluate(() => chrome.storage.local.get(null));
      expect(stored.schemaVersion).toBe(STORAGE_SCHEMA_VERSION);
      expect(stored.secrets).toMatchObject({ kind: 'plain' });
      expect((stored.secrets as { records: unknown[] }).records).toEqual(
        expect.arrayContaining(snapshot.secrets.map((record) => expect.objectContaining(record))),
      );
    } finally {
      await sandbox.close();
    }
  });
}

test('storage from a newer version is refused with a message to update, and left alone', async ({
  context,
  panel,
  extensionId,
}) => {
  const future = {
    schemaVersion: STORAGE_SCHEMA_VERSION + 97,
    profiles: 'a shape from the future',
  };
  await putStorage(panel, future);
  await killServiceWorker(context, panel, extensionId);
  await panel.reload();
  const alert = panel.getByRole('alert');
  await expect(alert).toContainText(`schema version ${STORAGE_SCHEMA_VERSION + 97}`);
  await expect(alert).toContainText('update the extension');
  expect(await panel.evaluate(() => chrome.storage.local.get(null))).toEqual(future);
});
