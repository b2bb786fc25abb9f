/**
 * Saved collections in the panel: save, organise, search, open with unsaved changes; export and
 * import in our format (round trip, no secret, hostile files and other kinds refused, name clash);
 * Import cURL.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createApiKeyProfile } from './profiles';
import { openCollectionActions, openRowMenu, requestTab } from './workbench';

async function saveRequest(panel: Page, path: string, name: string, collection: string | null) {
  await panel.getByRole('textbox', { name: 'Path' }).fill(path);
  await panel.getByRole('button', { name: 'Save request' }).click();
  const form = panel.getByRole('form', { name: 'Save request' });
  await form.getByRole('textbox', { name: 'Request name' }).fill(name);
  if (collection !== null) {
    await form
      .getByRole('combobox', { name: 'Collection' })
      .selectOption({ label: 'New collection…' });
    await form.getByRole('textbox', { name: 'New collection name' }).fill(collection);
  }
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(panel.getByRole('treeitem', { name, exact: true })).toBeVisible();
}

/** Runs a row's menu action that opens a dialog, fills its one field and submits it. */
async function nameViaDialog(
  panel: Page,
  row: string,
  action: string,
  submit: string,
  text: string,
) {
  const menu = await openRowMenu(panel, row);
  await menu.getByRole('menuitem', { name: action }).click();
  const dialog = panel.getByRole('dialog');
  await dialog.getByRole('textbox').fill(text);
  await dialog.getByRole('button', { name: submit }).click();
  await expect(dialog).toHaveCount(0);
}

test('save, organise, search and reopen requests; they survive a reload', async ({
  panel,
  sandbox,
}) => {
  await createApiKeyProfile(panel, { ...sandbox.credentials, baseUrl: sandbox.url });
  await saveRequest(panel, 'products', 'List products', 'Shop');
  await saveRequest(panel, 'products/prd_1001', 'One product', null);
  const collections = panel.getByRole('region', { name: 'Collections' });
  const row = (name: string) => collections.getByRole('treeitem', { name, exact: true });

  await openCollectionActions(panel, 'Shop');
  await collections.getByRole('button', { name: 'New folder in Shop' }).click();
  const newFolder = panel.getByRole('dialog', { name: 'New folder in “Shop”' });
  await newFolder.getByRole('textbox', { name: 'Folder name' }).fill('Orders');
  await newFolder.getByRole('button', { name: 'Create folder' }).click();
  await expect(row('Orders')).toHaveAttribute('aria-expanded', 'false');

  let menu = await openRowMenu(panel, 'One product');
  await menu.getByRole('menuitem', { name: 'Move to folder One product' }).click();
  await panel
    .getByRole('combobox', { name: 'Move One product to folder' })
    .selectOption({ label: 'Orders' });
  await panel.getByRole('dialog').getByRole('button', { name: 'Move', exact: true }).click();
  await row('Orders').click();
  await expect(row('Orders')).toHaveAttribute('aria-expanded', 'true');
  await expect(row('One product')).toHaveAttribute('aria-level', '2');
  await nameViaDialog(panel, 'One product', 'Rename One product', 'Rename', 'Get one product');
  menu = await openRowMenu(panel, 'List products');
  await menu.getByRole('menuitem', { name: 'Duplicate List products' }).click();
  await expect(row('List products copy')).toBeVisible();
  menu = await openRowMenu(panel, 'List products copy');
  await menu.getByRole('menuitem', { name: 'Move up List products copy' }).click();
  await expect(row('List products copy')).toHaveAttribute('aria-posinset', '1');
  await expect(row('List products')).toHaveAttribute('aria-posinset', '2');
  await expect(row('Orders')).toHaveAttribute('aria-posinset', '3');
  await expect(row('Get one product')).toHaveAttribute('aria-level', '2');

  menu = await openRowMenu(panel, 'List products copy');
  await menu.getByRole('menuitem', { name: 'Delete List products copy' }).click();
  await panel.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(row('List products copy')).toHaveCount(0);

  await collections.getByRole('searchbox', { name: 'Search requests' }).fill('one');
  await expect(collections.getByRole('treeitem')).toHaveText([/Orders/, /Get one product/]);
  await collections.getByRole('searchbox', { name: 'Search requests' }).fill('nothing like it');
  await expect(collections).toContainText('No saved request matches “nothing like it”.');
  await collections.getByRole('searchbox', { name: 'Search requests' }).fill('');

  await panel.reload();
  await row('Orders').click();
  await row('Get one product').click();
  await expect(panel.getByRole('textbox', { name: 'Path' })).toHaveValue('products/prd_1001');
  await panel.getByRole('textbox', { name: 'Path' }).fill('products/prd_1002');
  await expect(panel.getByText('Unsaved changes to “Get one product”')).toBeVisible();
  await panel.getByRole('button', { name: 'Save changes' }).click();
  await expect(panel.getByText('Unsaved changes to “Get one product”')).toHaveCount(0);
  await panel.reload();
  await row('Orders').click();
  await row('Get one product').click();
  await expect(panel.getByRole('textbox', { name: 'Path' })).toHaveValue('products/prd_1002');
});

test('export and import round-trip exactly, refuse secrets and hostile files, and ask on a clash', async ({
  panel,
  sandbox,
}) => {
  await createApiKeyProfile(panel, { ...sandbox.credentials, baseUrl: sandbox.url });
  await panel.getByRole('combobox', { name: 'Method' }).selectOption('POST');
  await requestTab(panel, 'Body');
  await panel
    .getByRole('textbox', { name: 'Body' })
    .fill('{"sku":"A-1","company":"{{companyId}}"}');
  await saveRequest(panel, 'orders', 'Create order', 'Team');
  const collections = panel.getByRole('region', { name: 'Collections' });
  await openCollectionActions(panel, 'Team');
  const exportTeam = collections.getByRole('button', { name: 'Export collection Team' });

  const [download] = await Promise.all([panel.waitForEvent('download'), exportTeam.click()]);
  const exported = readFileSync((await download.path()) ?? '', 'utf8');
  expect(download.suggestedFilename()).toBe('team.partner-api.json');
  expect(exported).toContain('"version": 1');
  expect(exported).toContain('{{companyId}}');
  expect(exported).not.toContain(sandbox.credentials.apiKey);

  // Same name: asked; Keep both gives a second collection, whose export equals the first.
  const file = panel.getByLabel('Import collection');
  await file.setInputFiles({
    name: 'team.json',
    mimeType: 'application/json',
    buffer: Buffer.from(exported),
  });
  const clash = panel.getByRole('dialog', { name: 'Name clash' });
  await expect(clash).toContainText('“Team” already exists');
  await clash.getByRole('button', { name: 'Cancel' }).click();
  await file.setInputFiles({
    name: 'team.json',
    mimeType: 'application/json',
    buffer: Buffer.from(exported),
  });
  await clash.getByRole('button', { name: 'Replace' }).click();
  await expect(panel.getByRole('status', { name: 'Import summary' })).toContainText(
    'Imported “Team”',
  );
  // The summary opens across the main area, where there is room; Close gives the panes back.
  await panel.getByRole('button', { name: 'Close import summary' }).click();
  await expect(panel.getByRole('status', { name: 'Import summary' })).toHaveCount(0);
  await openCollectionActions(panel, 'Team');
  const [again] = await Promise.all([panel.waitForEvent('download'), exportTeam.click()]);
  expect(readFileSync((await again.path()) ?? '', 'utf8')).toBe(exported);

  // Hostile files: refused with the problem named, nothing changed.
  const hostile = [
    ['not json', 'not valid JSON'],
    ['openapi: 3.0.3\ninfo:\n  title: Orders\npaths: {}\n', 'no operation under /v1'],
    ['name: partner\nitems:\n  - a\n', 'a YAML file, not a collection'],
    [exported.replace('"version": 1', '"version": 9'), 'newer version'],
    [
      exported.replace('"name": "Create order"', '"name": "Create order", "__proto__": {"x": 1}'),
      '__proto__',
    ],
    [`${'['.repeat(10_000)}${']'.repeat(10_000)}`, 'deep'],
  ];
  for (const [text, problem] of hostile) {
    await file.setInputFiles({
      name: 'bad.json',
      mimeType: 'application/json',
      buffer: Buffer.from(text ?? ''),
    });
    await expect(collections.getByRole('alert')).toContainText(new RegExp(problem ?? '', 'i'));
  }
  await expect(collections.getByRole('treeitem')).toHaveCount(1);

  // A saved secret typed into a request is never saved into a collection: the save is refused,
  // naming where it is and what to write instead, and the request stays in the composer.
  await requestTab(panel, 'Headers');
  await panel.getByRole('button', { name: 'Add header' }).click();
  await panel.getByRole('textbox', { name: 'Header 1 name' }).fill('X-Debug');
  await panel.getByRole('textbox', { name: 'Header 1 value' }).fill(sandbox.credentials.apiKey);
  await panel.getByRole('textbox', { name: 'Path' }).fill('ping');
  await panel.getByRole('button', { name: 'Save request' }).click();
  const form = panel.getByRole('form', { name: 'Save request' });
  await form.getByRole('textbox', { name: 'Request name' }).fill('Leaky');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form.getByRole('alert')).toContainText('Not saved');
  await expect(form.getByRole('alert')).toContainText('X-Debug');
  await expect(form.getByRole('alert')).toContainText('{{variable}}');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.getByRole('treeitem', { name: 'Leaky' })).toHaveCount(0);
  await expect(panel.getByRole('textbox', { name: 'Header 1 value' })).toHaveValue(
    sandbox.credentials.apiKey,
  );
  const stored = await panel.evaluate(() => chrome.storage.local.get('collections'));
  expect(JSON.stringify(stored)).toContain('Create order');
  expect(JSON.stringify(stored)).not.toContain(sandbox.credentials.apiKey);
  // A collection saved before that rule, with the key in it, reaches the panel masked, and is
  // written back masked.
  const legacy = await panel.evaluate(async (key) => {
    const { collections } = await chrome.storage.local.get('collections');
    const all = JSON.parse(String(collections));
    all[0].items[0].headers.push({ name: 'X-Old', value: key });
    await chrome.storage.local.set({ collections: JSON.stringify(all) });
    const reply = await chrome.runtime.sendMessage({ type: 'collections/list', payload: {} });
    return JSON.stringify(reply);
  }, sandbox.credentials.apiKey);
  expect(legacy).toContain(`"X-Old","value":"••••${sandbox.credentials.apiKey.slice(-4)}"`);
  expect(legacy).not.toContain(sandbox.credentials.apiKey);
  const rewritten = await panel.evaluate(() => chrome.storage.local.get('collections'));
  expect(JSON.stringify(rewritten)).toContain('X-Old');
  expect(JSON.stringify(rewritten)).not.toContain(sandbox.credentials.apiKey);

  // What only looks like a secret may be saved, but it stops the export, naming where it is.
  await panel.getByRole('textbox', { name: 'Header 1 value' }).fill('Zq8xL2mP9vR4tY7wK1nB5cJ3');
  await saveRequest(panel, 'ping', 'Leaky', null);
  await openCollectionActions(panel, 'Team');
  await exportTeam.click();
  await expect(collections.getByRole('alert')).toContainText('X-Debug');
  expect(await panel.content()).not.toContain(sandbox.credentials.apiKey);
});

test('Import cURL fills the composer and drops the credentials it finds', async ({
  panel,
  sandbox,
}) => {
  await createApiKeyProfile(panel, { ...sandbox.credentials, baseUrl: sandbox.url });
  await panel.getByRole('button', { name: 'Import cURL' }).click();
  await panel
    .getByRole('textbox', { name: 'cURL command' })
    .fill(
      `curl '${sandbox.url}/v1/products?limit=5' -X POST -H 'authorization: Bearer abc.def.ghi' -H 'X-Trace: 7' --data-raw '{"a":1}'`,
    );
  await panel
    .getByRole('form', { name: 'Import cURL' })
    .getByRole('button', { name: 'Import' })
    .click();
  await expect(panel.getByRole('textbox', { name: 'Path' })).toHaveValue('products');
  await expect(panel.getByRole('combobox', { name: 'Method' })).toHaveValue('POST');
  await requestTab(panel, 'Body');
  await expect(panel.getByRole('textbox', { name: 'Body' })).toHaveValue('{"a":1}');
  await expect(panel.getByRole('status', { name: 'cURL import notes' })).toContainText(
    /Authorization.*dropped/i,
  );
  await panel.getByRole('button', { name: 'Send' }).click();
  // Read what the sandbox received only once the answer is on screen.
  await expect(panel.getByRole('region', { name: 'Response', exact: true })).toContainText(
    '200 OK',
  );
  const sent = sandbox.requests.find((request) => request.path === '/v1/products');
  expect(sent?.headers.authorization).toBeUndefined();
  expect(sent?.headers['x-trace']).toBe('7');
  expect(sent?.headers['x-apikey']).toBe(sandbox.credentials.apiKey);
});
