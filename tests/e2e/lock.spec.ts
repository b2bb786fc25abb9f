/**
 * The passphrase lock (issue 6, promise 2), in Chromium: changing the passphrase re-seals every
 * record; a forgotten one can only reset the secrets, never the profiles and collections. The lock
 * turned on, the secrets sealed in storage and on disk, a stopped worker and a restart that asks
 * for the passphrase, in both browsers: the journey tests/journeys/lock.spec.ts.
 */
import type { Page } from '@playwright/test';
import { createSandbox } from '../../src/sandbox/server';
import { test as base, expect } from './fixtures';
import { createApiKeyProfile } from './profiles';
import { openCollectionActions } from './workbench';

const CANARY_KEY = 'canaryLOCKKEY-5e1d9b3f7a2c4e6b8d0f';
const CANARY_SECRET = 'canaryLOCKSECRET-8c6a4e2f0d1b3a5c7e9f';
const PASSPHRASE = 'correct horse battery staple';

/** Every test here talks to a sandbox that expects the canary credentials. */
const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
  sandbox: async ({}, use) => {
    const sandbox = await createSandbox({
      port: 0,
      credentials: { apiKey: CANARY_KEY, clientSecret: CANARY_SECRET },
    });
    await use(sandbox);
    await sandbox.close();
  },
});

function expectNoCanary(where: string, text: string) {
  for (const canary of [CANARY_KEY, CANARY_SECRET])
    expect(text.includes(canary), `${where} contains a canary`).toBe(false);
}

const lockStatus = (panel: Page) => panel.getByRole('status', { name: 'Lock status' });

async function turnOnLock(panel: Page, passphrase: string) {
  await panel.getByRole('button', { name: 'Lock with passphrase' }).click();
  const form = panel.getByRole('form', { name: 'Lock with passphrase' });
  await form.getByLabel('New passphrase').fill(passphrase);
  await form.getByLabel('Confirm passphrase').fill(passphrase);
  await form.getByRole('button', { name: 'Turn on lock' }).click();
  await expect(lockStatus(panel)).toHaveText('Unlocked');
}

async function unlockWith(panel: Page, passphrase: string) {
  const form = panel.getByRole('form', { name: 'Unlock' });
  await form.getByLabel('Passphrase').fill(passphrase);
  await form.getByRole('button', { name: 'Unlock' }).click();
}

/** Sends GET /v1/products with the active profile; resolves with the Response region. */
async function sendProducts(panel: Page) {
  await panel.getByRole('textbox', { name: 'Path' }).fill('products');
  await panel.getByRole('button', { name: 'Send' }).click();
  return panel.getByRole('region', { name: 'Response', exact: true });
}

const rawLocal = (panel: Page) =>
  panel.evaluate(() => chrome.storage.local.get(null)) as Promise<Record<string, unknown>>;

interface SealedValue {
  kind: 'sealed';
  lock: { iterations: number; salt: string };
  records: { profileId: string; fields: string[]; iv: string; data: string }[];
}

test('changing the passphrase re-seals; a forgotten one resets only the secrets', async ({
  panel,
  sandbox,
}) => {
  test.setTimeout(90_000);
  await createApiKeyProfile(panel, {
    name: 'Key profile',
    baseUrl: sandbox.url,
    companyId: sandbox.credentials.companyId,
    apiKey: CANARY_KEY,
  });
  await panel.getByRole('textbox', { name: 'Path' }).fill('products');
  await panel.getByRole('button', { name: 'Save request' }).click();
  const save = panel.getByRole('form', { name: 'Save request' });
  await save.getByRole('textbox', { name: 'Request name' }).fill('List products');
  await save
    .getByRole('combobox', { name: 'Collection' })
    .selectOption({ label: 'New collection…' });
  await save.getByRole('textbox', { name: 'New collection name' }).fill('Team calls');
  await save.getByRole('button', { name: 'Save', exact: true }).click();
  const collections = panel.getByRole('region', { name: 'Collections' });
  await expect(collections).toContainText('List products');

  // Turning the lock on seals the secret saved before it.
  await turnOnLock(panel, PASSPHRASE);
  const first = (await rawLocal(panel)).secrets as SealedValue;
  expect(first.kind).toBe('sealed');
  expectNoCanary('storage.local', JSON.stringify(await rawLocal(panel)));

  // Change: a wrong current passphrase changes nothing; the right one re-seals every record.
  await panel.getByRole('button', { name: 'More lock actions' }).click();
  await panel.getByRole('button', { name: 'Change passphrase' }).click();
  const change = panel.getByRole('form', { name: 'Change passphrase' });
  await change.getByLabel('Current passphrase').fill('wrong wrong wrong');
  await change.getByLabel('New passphrase').fill('a second passphrase');
  await change.getByLabel('Confirm passphrase').fill('a second passphrase');
  await change.getByRole('button', { name: 'Save passphrase' }).click();
  await expect(change.getByRole('alert')).toContainText('does not unlock');
  expect((await rawLocal(panel)).secrets).toEqual(first);
  await change.getByLabel('Current passphrase').fill(PASSPHRASE);
  await change.getByRole('button', { name: 'Save passphrase' }).click();
  await expect(change).toBeHidden();
  const second = (await rawLocal(panel)).secrets as SealedValue;
  expect(second.lock.salt).not.toBe(first.lock.salt);
  expect(second.records[0]?.iv).not.toBe(first.records[0]?.iv);
  expect(second.records[0]?.data).not.toBe(first.records[0]?.data);
  await expect(await sendProducts(panel)).toContainText(/(?<!\d)200(?!\d)/);

  // Lock now: the old passphrase no longer opens it, the new one does. Focus goes to the form
  // that opens it again.
  await panel.getByRole('button', { name: 'Lock now' }).click();
  await expect(lockStatus(panel)).toHaveText('Locked');
  await expect(
    panel.getByRole('form', { name: 'Unlock' }).getByLabel('Passphrase', { exact: true }),
  ).toBeFocused();
  await unlockWith(panel, PASSPHRASE);
  await expect(panel.getByRole('form', { name: 'Unlock' }).getByRole('alert')).toContainText(
    'does not unlock',
  );
  await unlockWith(panel, 'a second passphrase');
  await expect(lockStatus(panel)).toHaveText('Unlocked');

  // Locked, an export cannot be checked against the secrets, so it waits for the passphrase.
  await panel.getByRole('button', { name: 'Lock now' }).click();
  await expect(lockStatus(panel)).toHaveText('Locked');
  await openCollectionActions(panel, 'Team calls');
  await collections.getByRole('button', { name: 'Export collection Team calls' }).click();
  // It says why an export needs the secrets: to check that none of them leaks into the file.
  await expect(collections.getByRole('alert')).toContainText('no saved secret');
  await expect(collections.getByRole('alert')).toContainText('Unlock');

  // Forgotten: reset removes the secrets and the lock, and keeps profile, collection, history.
  await panel.getByRole('button', { name: 'Forgot passphrase?' }).click();
  await panel.getByRole('button', { name: 'Reset secrets' }).click();
  await expect(lockStatus(panel)).toHaveText('Not locked');
  await expect(panel.getByRole('combobox', { name: 'Profile' })).toContainText('Key profile');
  await expect(collections).toContainText('List products');
  const response = await sendProducts(panel);
  await expect(response.getByRole('alert')).toContainText('no API key');
  const stored = await rawLocal(panel);
  expect(stored.secrets).toEqual({ kind: 'plain', records: [] });
  expect(JSON.parse(String(stored.collections))).toHaveLength(1);
  expect(stored.history).toEqual(expect.arrayContaining([expect.anything()]));

  // Enter the key again, lock, and remove the lock: the secret is back in plain storage.
  await panel.getByRole('button', { name: 'Edit profile' }).click();
  await panel.getByLabel('API key', { exact: true }).fill(CANARY_KEY);
  await panel.getByRole('button', { name: 'Save profile' }).click();
  await turnOnLock(panel, PASSPHRASE);
  await panel.getByRole('button', { name: 'More lock actions' }).click();
  await panel.getByRole('button', { name: 'Remove lock' }).click();
  const remove = panel.getByRole('form', { name: 'Remove lock' });
  await remove.getByLabel('Passphrase').fill(PASSPHRASE);
  await remove.getByRole('button', { name: 'Store secrets unencrypted' }).click();
  await expect(lockStatus(panel)).toHaveText('Not locked');
  expect((await rawLocal(panel)).secrets).toMatchObject({
    kind: 'plain',
    records: [{ apiKey: CANARY_KEY }],
  });
  await expect(await sendProducts(panel)).toContainText(/(?<!\d)200(?!\d)/);
});
