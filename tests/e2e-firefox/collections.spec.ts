/**
 * A collection's round trip in Firefox: save a request into a new collection, export it (a real
 * download, to the folder the browser saves to), import the file back (a real file chooser input),
 * answer the name clash with Replace, and export again: the same bytes, with `{{companyId}}` kept
 * as a variable and no secret in either file.
 */
import { readFileSync } from 'node:fs';
import { expectText, type PanelDriver } from '../journeys/driver';
import { createApiKeyProfile } from '../journeys/profiles';
import { expect, nextDownload, test } from './downloads';

async function exportTeam(panel: PanelDriver) {
  const toggle = panel.role('button', 'Actions for collection Team');
  if ((await toggle.attribute('aria-expanded')) !== 'true') await toggle.click();
  await panel.role('button', 'Export collection Team').click();
}

test('a collection exports and imports back unchanged, with no secret in it', async ({
  panel,
  sandbox,
  downloads,
}) => {
  const { apiKey, companyId } = sandbox.credentials;
  await createApiKeyProfile(panel, { baseUrl: sandbox.url, companyId, apiKey });
  await panel.choose('Method', 'POST');
  await panel.tab('Request', 'Body');
  await panel.role('textbox', 'Body').fill('{"sku":"A-1","company":"{{companyId}}"}');
  await panel.role('textbox', 'Path').fill('orders');
  await panel.role('button', 'Save request').click();
  await panel.role('textbox', 'Request name').fill('Create order');
  await panel.choose('Collection', 'New collection…');
  await panel.role('textbox', 'New collection name').fill('Team');
  await panel.role('button', 'Save').click();
  await panel.role('treeitem', 'Create order').wait();

  const seen = new Set<string>();
  await exportTeam(panel);
  const first = await nextDownload(downloads, seen);
  expect(first.endsWith('team.partner-api.json')).toBe(true);
  const exported = readFileSync(first, 'utf8');
  expect(exported).toContain('"version": 1');
  expect(exported).toContain('{{companyId}}');
  expect(exported).not.toContain(apiKey);

  await panel.label('Import collection').setFiles([first]);
  const clash = panel.role('dialog', 'Name clash');
  await expectText(clash, '“Team” already exists');
  await panel.role('button', 'Replace').click();
  await expectText(panel.role('status', 'Import summary'), 'Imported “Team”');
  await panel.role('treeitem', 'Create order').wait();

  await exportTeam(panel);
  expect(readFileSync(await nextDownload(downloads, seen), 'utf8')).toBe(exported);
});
