/**
 * A collection's round trip in Firefox: save a request into a new collection, export it (a real
 * download, to the folder the browser saves to), import the file back (a real file chooser input),
 * answer the name clash with Replace, and export again: the same bytes, with `{{companyId}}` kept
 * as a variable and no secret in either file.
 */
import { readFileSync } from 'node:fs';
import type { ElementHandle, Page } from 'puppeteer-core';
import { expect, nextDownload, test } from './downloads';
import { byLabel, byRole, choose, expectText, fill, requestTab } from './panel-driver';
import { createApiKeyProfile } from './profiles';

async function exportTeam(panel: Page) {
  const toggle = await byRole(panel, 'button', 'Actions for collection Team').waitHandle();
  if ((await toggle.evaluate((button) => button.getAttribute('aria-expanded'))) !== 'true')
    await toggle.click();
  await byRole(panel, 'button', 'Export collection Team').click();
}

test('a collection exports and imports back unchanged, with no secret in it', async ({
  panel,
  sandbox,
  downloads,
}) => {
  const { apiKey, companyId } = sandbox.credentials;
  await createApiKeyProfile(panel, { baseUrl: sandbox.url, companyId, apiKey });
  await choose(panel, 'Method', 'POST');
  await requestTab(panel, 'Body');
  await fill(byRole(panel, 'textbox', 'Body'), '{"sku":"A-1","company":"{{companyId}}"}');
  await fill(byRole(panel, 'textbox', 'Path'), 'orders');
  await byRole(panel, 'button', 'Save request').click();
  await fill(byRole(panel, 'textbox', 'Request name'), 'Create order');
  await choose(panel, 'Collection', 'New collection…');
  await fill(byRole(panel, 'textbox', 'New collection name'), 'Team');
  await byRole(panel, 'button', 'Save').click();
  await byRole(panel, 'treeitem', 'Create order').wait();

  const seen = new Set<string>();
  await exportTeam(panel);
  const first = await nextDownload(downloads, seen);
  expect(first.endsWith('team.partner-api.json')).toBe(true);
  const exported = readFileSync(first, 'utf8');
  expect(exported).toContain('"version": 1');
  expect(exported).toContain('{{companyId}}');
  expect(exported).not.toContain(apiKey);

  const file = (await byLabel(
    panel,
    'Import collection',
  ).waitHandle()) as ElementHandle<HTMLInputElement>;
  await file.uploadFile(first);
  const clash = byRole(panel, 'dialog', 'Name clash');
  await expectText(clash, '“Team” already exists');
  await byRole(panel, 'button', 'Replace').click();
  await expectText(byRole(panel, 'status', 'Import summary'), 'Imported “Team”');
  await byRole(panel, 'treeitem', 'Create order').wait();

  await exportTeam(panel);
  expect(readFileSync(await nextDownload(downloads, seen), 'utf8')).toBe(exported);
});
