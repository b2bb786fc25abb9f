/**
 * Connect folder on a Postman 12 repository: the folder holds `postman/collections/` (and the
 * team's own files), so the collection is kept there in Postman's collection schema v3. As in
 * folder.spec.ts, the Connect folder tab's picker hands out a real directory of the extension
 * origin's private file system (a headless browser cannot answer a picker); the rest is the
 * product: the tab and the panel say the format, saves are written at once in v3 spelling beside
 * the team's files (never touched), an outside edit shows, a conflict asks, no secret is written.
 */
import type { Page } from '@playwright/test';
import { load } from 'js-yaml';
import { expect, OFTEN, test } from './fixtures';
import { saveApiKeyProfile } from './profiles';
import { openCollectionActions } from './workbench';

const FOLDER = 'team-repo';
const TEAM = 'postman/collections/Team';
const V3 = 'Postman 12 (collection schema v3)';

/** The team's files in the repository before it is connected: none of them is the collection's. */
const TEAM_FILES: Record<string, string> = {
  'README.md': '# Orders service\n',
  'postman/collections/Billing/.resources/definition.yaml': '$kind: collection\nname: Billing\n',
  'postman/collections/Billing/Invoices.request.yaml':
    '$kind: http-request\nurl: https://billing.example/invoices\nmethod: GET\n',
  'postman/environments/Staging.environment.yaml':
    'name: Staging\nvalues:\n  - key: baseUrl\n    value: https://staging.example\n',
};

/** Every file of the folder, by `/`-separated path (read again when the panel changes it). */
function folderFiles(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async (folder) => {
    const files: Record<string, string> = {};
    const walk = async (handle: FileSystemDirectoryHandle, prefix: string) => {
      // biome-ignore lint/suspicious/noExplicitAny: entries() is missing from the DOM typings in use
      for await (const [name, entry] of (handle as any).entries()) {
        if (entry.kind === 'directory') await walk(entry, `${prefix}${name}/`);
        else files[`${prefix}${name}`] = await (await entry.getFile()).text();
      }
    };
    const root = await navigator.storage.getDirectory();
    for (let attempt = 1; ; attempt += 1) {
      try {
        await walk(await root.getDirectoryHandle(folder), '');
        return files;
      } catch (error) {
        const name = (error as DOMException).name;
        if (!['NotFoundError', 'NotReadableError'].includes(name) || attempt === 5) throw error;
        for (const path of Object.keys(files)) delete files[path];
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }, FOLDER);
}

/** Writes files into the folder as an editor or `git pull` would. */
function writeOutside(page: Page, files: Record<string, string>): Promise<void> {
  return page.evaluate(
    async ({ folder, files }) => {
      const top = await (await navigator.storage.getDirectory()).getDirectoryHandle(folder, {
        create: true,
      });
      for (const [path, text] of Object.entries(files)) {
        const parts = path.split('/');
        const name = parts.pop() as string;
        let directory = top;
        for (const part of parts)
          directory = await directory.getDirectoryHandle(part, { create: true });
        const writable = await (
          await directory.getFileHandle(name, { create: true })
        ).createWritable();
        await writable.write(text);
        await writable.close();
      }
    },
    { folder: FOLDER, files },
  );
}

test('Connect folder keeps a collection in a Postman 12 repository, in v3, beside the team’s files', async ({
  context,
  panel,
  sandbox,
}) => {
  test.setTimeout(120_000);
  await context.addInitScript((folder) => {
    Object.assign(window, {
      showDirectoryPicker: async () =>
        (await navigator.storage.getDirectory()).getDirectoryHandle(folder, { create: true }),
    });
  }, FOLDER);
  await writeOutside(panel, TEAM_FILES);
  await saveApiKeyProfile(panel, { ...sandbox.credentials, baseUrl: sandbox.url });
  await panel.getByRole('textbox', { name: 'Path' }).fill('products');
  await panel.getByRole('button', { name: 'Save request' }).click();
  const form = panel.getByRole('form', { name: 'Save request' });
  await form.getByRole('textbox', { name: 'Request name' }).fill('List products');
  await form
    .getByRole('combobox', { name: 'Collection' })
    .selectOption({ label: 'New collection…' });
  await form.getByRole('textbox', { name: 'New collection name' }).fill('Team');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  const collections = panel.getByRole('region', { name: 'Collections' });
  const row = (name: string) =>
    collections
      .getByRole('tree', { name: 'Team', exact: true })
      .getByRole('treeitem', { name, exact: true });
  await expect(row('List products')).toBeVisible();

  // The tab and the panel say the format the folder is kept in.
  await openCollectionActions(panel, 'Team');
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    collections.getByRole('button', { name: 'Connect folder Team' }).click(),
  ]);
  await tab.getByRole('button', { name: 'Choose folder for Team' }).click();
  await expect(tab.getByRole('status')).toContainText(
    `“Team” is kept in the folder “${FOLDER}”. Close this tab and return to DevTools`,
  );
  await expect(tab.getByRole('status')).toContainText(`The collection is kept there as ${V3}.`);
  // Back to the panel, as the tab says: a page behind another tab gets its animation frames late,
  // and each Playwright action waited about two seconds on them to find its control stable.
  await panel.bringToFront();
  const status = collections.getByRole('status', { name: 'Folder of Team' });
  await expect(status).toHaveText(`Kept in folder “${FOLDER}” as ${V3}`);

  // Written in v3 beside the team's files, which are left as they were; no secret, no environment.
  const ours = [`${TEAM}/.resources/definition.yaml`, `${TEAM}/List products.request.yaml`];
  await expect
    .poll(async () => Object.keys(await folderFiles(panel)).sort(), OFTEN)
    .toEqual([...Object.keys(TEAM_FILES), ...ours].sort());
  const first = await folderFiles(panel);
  for (const [path, text] of Object.entries(TEAM_FILES)) expect(first[path]).toBe(text);
  expect(JSON.stringify(first)).not.toContain(sandbox.credentials.apiKey);
  const request = load(first[`${TEAM}/List products.request.yaml`] ?? '') as Record<
    string,
    unknown
  >;
  expect(request).toMatchObject({
    $kind: 'http-request',
    method: 'GET',
    url: '{{baseUrl}}/v1/products',
  });

  // A save is written at once, to that request's file only.
  await row('List products').click();
  await panel.getByRole('textbox', { name: 'Path' }).fill('products/all');
  await panel.getByRole('button', { name: 'Save changes' }).click();
  await expect
    .poll(async () => (await folderFiles(panel))[`${TEAM}/List products.request.yaml`], OFTEN)
    .toContain('url: "{{baseUrl}}/v1/products/all"');
  const definition = (await folderFiles(panel))[`${TEAM}/.resources/definition.yaml`];
  expect(definition).toBe(first[`${TEAM}/.resources/definition.yaml`]);

  // A request added outside (a teammate's, pulled with git) shows in the panel.
  await writeOutside(panel, {
    [`${TEAM}/Stock.request.yaml`]:
      '$kind: http-request\nurl: "{{baseUrl}}/v1/stock"\nmethod: GET\norder: 5000\n',
  });
  await expect(row('Stock')).toBeVisible({ timeout: 10_000 });
  await row('Stock').click();
  await expect(panel.getByRole('textbox', { name: 'Path' })).toHaveValue('stock');

  // The same file changed on both sides before a sync sees either: the panel asks. A Web Lock
  // held here holds the panel's sync back, as a sync in another DevTools window would.
  const collectionId = await panel.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('partner-api-folders');
        open.onsuccess = () => {
          const all = open.result.transaction('connections').objectStore('connections').getAll();
          all.onsuccess = () => resolve(all.result[0].collectionId);
        };
      }),
  );
  await tab.evaluate(
    (name) =>
      new Promise<void>((held) => {
        void navigator.locks.request(name, () => {
          held();
          return new Promise((release) => Object.assign(window, { releaseFolder: release }));
        });
      }),
    `partner-api-folder:${collectionId}`,
  );
  const stock = (await folderFiles(panel))[`${TEAM}/Stock.request.yaml`] ?? '';
  await writeOutside(panel, {
    [`${TEAM}/Stock.request.yaml`]: stock.replace('/v1/stock', '/v1/stock/low'),
  });
  await panel.getByRole('textbox', { name: 'Path' }).fill('stock/all');
  await panel.getByRole('button', { name: 'Save changes' }).click();
  await tab.evaluate(() => (window as unknown as { releaseFolder: () => void }).releaseFolder());
  const conflict = collections.getByRole('region', { name: 'Folder conflict Team' });
  await expect(conflict).toContainText(`${TEAM}/Stock.request.yaml`);
  await expect(conflict).not.toContainText('Billing');
  await conflict.getByRole('button', { name: 'Keep the folder’s version' }).click();
  await expect(conflict).toHaveCount(0);
  await expect(status).toHaveText(`Kept in folder “${FOLDER}” as ${V3}`);
  await row('Stock').click();
  await expect(panel.getByRole('textbox', { name: 'Path' })).toHaveValue('stock/low');
  // The panel's version is kept as a copy collection.
  const copy = collections.getByRole('tree', { name: 'Team (panel copy)', exact: true });
  await copy.getByRole('treeitem', { name: 'Stock', exact: true }).click();
  await expect(panel.getByRole('textbox', { name: 'Path' })).toHaveValue('stock/all');

  const last = await folderFiles(panel);
  for (const [path, text] of Object.entries(TEAM_FILES)) expect(last[path]).toBe(text);
  expect(JSON.stringify(last)).not.toContain(sandbox.credentials.apiKey);
});
