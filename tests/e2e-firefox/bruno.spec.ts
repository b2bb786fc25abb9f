/**
 * OpenCollection (Bruno) in Firefox: Export for Bruno asks which profiles become environments,
 * then downloads a zip of the collection's folder with no secret in it; the zip imports back through Import collection, and the imported request
 * calls the sandbox as the original did. Import Bruno folder (a directory input, which Firefox has)
 * is not driven here: Firefox's WebDriver BiDi `input.setFiles` refuses a directory ("File error:
 * Is directory"), so the folder pick is tested in Chromium (tests/e2e/bruno.spec.ts) only.
 */
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { expectText, type PanelDriver } from '../journeys/driver';
import { createApiKeyProfile } from '../journeys/profiles';
import { FIREFOX_WAIT_MS } from '../journeys/puppeteer-panel';
import { expect, nextDownload, test } from './downloads';

async function pick(panel: PanelDriver, label: string, path: string) {
  await panel.label(label).setFiles([path]);
}

async function keepBoth(panel: PanelDriver) {
  const clash = panel.role('dialog', 'Name clash');
  await expectText(clash, '“Team” already exists');
  await clash.within('button', 'Keep both').click();
}

/** How many saved requests named `name` the Collections tree shows. */
async function countNamed(panel: PanelDriver, name: string): Promise<number> {
  return panel.role('treeitem', name).count();
}

test('Export for Bruno downloads a zip; the zip imports back and calls', async ({
  panel,
  sandbox,
  downloads,
}) => {
  const { apiKey, companyId } = sandbox.credentials;
  await createApiKeyProfile(panel, { baseUrl: sandbox.url, companyId, apiKey });
  await panel.role('textbox', 'Path').fill('products?sort=name');
  await panel.role('button', 'Save request').click();
  await panel.role('textbox', 'Request name').fill('List products');
  await panel.choose('Collection', 'New collection…');
  await panel.role('textbox', 'New collection name').fill('Team');
  await panel.role('button', 'Save').click();
  await panel.role('treeitem', 'List products').wait();

  const toggle = panel.role('button', 'Actions for collection Team');
  if ((await toggle.attribute('aria-expanded')) !== 'true') await toggle.click();
  // Firefox has no folder picker: no Connect folder, and the panel says what to use instead.
  expect(await panel.role('button', 'Connect folder Team').count()).toBe(0);
  const note = await panel.evaluate(() =>
    [...document.querySelectorAll('[role="note"]')]
      .map((element) => element.textContent ?? '')
      .join('\n'),
  );
  expect(note).toContain('Connect folder needs a browser with a folder picker');
  expect(note).toContain('Export for Bruno');
  await panel.role('button', 'Export for Bruno Team').click();
  // It asks which profiles become environments; the active one is ticked.
  const ask = panel.role('dialog', 'Export “Team” for Bruno');
  expect(await ask.within('checkbox', 'Sandbox').checked()).toBe(true);
  await ask.within('button', 'Export').click();
  const zipPath = await nextDownload(downloads, new Set());
  expect(zipPath.endsWith('Team.zip')).toBe(true);
  const entries = unzipSync(new Uint8Array(readFileSync(zipPath)));
  const files = Object.entries(entries).map(([path, data]) => ({
    path: path.replace(/^Team\//, ''),
    text: Buffer.from(data).toString('utf8'),
  }));
  expect(files.map(({ path }) => path).sort()).toEqual([
    'List products.yml',
    'environments/Sandbox.yml',
    'opencollection.yml',
  ]);
  expect(files.map(({ text }) => text).join('\n')).not.toContain(apiKey);

  // The zip, through Import collection.
  await pick(panel, 'Import collection', zipPath);
  await keepBoth(panel);
  await expectText(panel.role('status', 'Import summary'), 'Environments were not imported');
  await expect.poll(() => countNamed(panel, 'List products'), { timeout: FIREFOX_WAIT_MS }).toBe(2);

  // The last imported copy calls as the original would.
  await panel.role('treeitem', 'List products').nth(-1).click();
  await panel.role('button', 'Send').click();
  await expectText(panel.role('region', 'Response'), '200 OK');
  const call = sandbox.requests.findLast(({ path }) => path === '/v1/products');
  expect(call?.url).toBe('/v1/products?sort=name');
  expect(call?.headers['x-apikey']).toBe(apiKey);
});
