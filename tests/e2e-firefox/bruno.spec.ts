/**
 * OpenCollection (Bruno) in Firefox: Export for Bruno asks which profiles become environments,
 * then downloads a zip of the collection's folder with no secret in it; the zip imports back through Import collection, and the imported request
 * calls the sandbox as the original did. Import Bruno folder (a directory input, which Firefox has)
 * is not driven here: Firefox's WebDriver BiDi `input.setFiles` refuses a directory ("File error:
 * Is directory"), so the folder pick is tested in Chromium (tests/e2e/bruno.spec.ts) only.
 */
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import type { ElementHandle, Page } from 'puppeteer-core';
import { expect, nextDownload, test } from './downloads';
import { byLabel, byRole, choose, expectText, fill, inside, PANEL_WAIT_MS } from './panel-driver';
import { createApiKeyProfile } from './profiles';

async function pick(panel: Page, label: string, path: string) {
  const input = (await byLabel(panel, label).waitHandle()) as ElementHandle<HTMLInputElement>;
  await input.uploadFile(path);
}

async function keepBoth(panel: Page) {
  const clash = byRole(panel, 'dialog', 'Name clash');
  await expectText(clash, '“Team” already exists');
  await (await inside(clash, 'button', 'Keep both')).click();
}

/** How many saved requests named `name` the Collections tree shows. */
async function countNamed(panel: Page, name: string): Promise<number> {
  return (await panel.$$(`::-p-aria([name=${JSON.stringify(name)}][role="treeitem"])`)).length;
}

test('Export for Bruno downloads a zip; the zip imports back and calls', async ({
  panel,
  sandbox,
  downloads,
}) => {
  const { apiKey, companyId } = sandbox.credentials;
  await createApiKeyProfile(panel, { baseUrl: sandbox.url, companyId, apiKey });
  await fill(byRole(panel, 'textbox', 'Path'), 'products?sort=name');
  await byRole(panel, 'button', 'Save request').click();
  await fill(byRole(panel, 'textbox', 'Request name'), 'List products');
  await choose(panel, 'Collection', 'New collection…');
  await fill(byRole(panel, 'textbox', 'New collection name'), 'Team');
  await byRole(panel, 'button', 'Save').click();
  await byRole(panel, 'treeitem', 'List products').wait();

  const toggle = await byRole(panel, 'button', 'Actions for collection Team').waitHandle();
  if ((await toggle.evaluate((button) => button.getAttribute('aria-expanded'))) !== 'true')
    await toggle.click();
  // Firefox has no folder picker: no Connect folder, and the panel says what to use instead.
  expect(await panel.$$('::-p-aria([name="Connect folder Team"][role="button"])')).toHaveLength(0);
  const note = await panel.$$eval('[role="note"]', (notes) =>
    notes.map((element) => element.textContent ?? '').join('\n'),
  );
  expect(note).toContain('Connect folder needs a browser with a folder picker');
  expect(note).toContain('Export for Bruno');
  await byRole(panel, 'button', 'Export for Bruno Team').click();
  // It asks which profiles become environments; the active one is ticked.
  const ask = byRole(panel, 'dialog', 'Export “Team” for Bruno');
  const sandboxBox = await inside(ask, 'checkbox', 'Sandbox');
  expect(await sandboxBox.evaluate((box) => (box as HTMLInputElement).checked)).toBe(true);
  await (await inside(ask, 'button', 'Export')).click();
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
  await expectText(byRole(panel, 'status', 'Import summary'), 'Environments were not imported');
  await expect.poll(() => countNamed(panel, 'List products'), { timeout: PANEL_WAIT_MS }).toBe(2);

  // The last imported copy calls as the original would.
  const items = await panel.$$('::-p-aria([name="List products"][role="treeitem"])');
  await items.at(-1)?.click();
  await byRole(panel, 'button', 'Send').click();
  await expectText(byRole(panel, 'region', 'Response'), '200 OK');
  const call = sandbox.requests.findLast(({ path }) => path === '/v1/products');
  expect(call?.url).toBe('/v1/products?sort=name');
  expect(call?.headers['x-apikey']).toBe(apiKey);
});
