/**
 * A collection's export and import, in Chromium and in Firefox (a journey of both projects): the
 * export is a real download; imported back through the file input (the downloaded file itself,
 * as a user picks it), a name clash is asked about, Replace keeps the bytes, and a second export
 * is the same file, with `{{companyId}}` kept as a variable and no secret in either; hostile files
 * and other kinds are refused with the problem named; a saved secret is never saved into a
 * collection, a legacy one reaches the panel masked, and what only looks like a secret stops the
 * export.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { openCollectionActions, saveRequest } from './collection-steps';
import type { PanelDriver } from './driver';
import { expectGone, expectText, expectValue } from './driver';
import { expect, test } from './fixtures';
import { createApiKeyProfile } from './profiles';

/** Firefox's `browser` or Chromium's `chrome`: the same extension API, in the panel page. */
function storedCollections(panel: PanelDriver) {
  return panel.evaluate(() => {
    const api = (globalThis as { browser?: typeof chrome }).browser ?? chrome;
    return api.storage.local.get('collections');
  });
}

test('export and import round-trip exactly, refuse secrets and hostile files, and ask on a clash', async ({
  panel,
  sandbox,
}) => {
  const { apiKey } = sandbox.credentials;
  await createApiKeyProfile(panel, { ...sandbox.credentials, baseUrl: sandbox.url });
  await panel.choose('Method', 'POST');
  await panel.tab('Request', 'Body');
  await panel.role('textbox', 'Body').fill('{"sku":"A-1","company":"{{companyId}}"}');
  await saveRequest(panel, 'orders', 'Create order', 'Team');
  const collections = panel.role('region', 'Collections');
  const exportTeam = async () => {
    await openCollectionActions(panel, 'Team');
    await collections.within('button', 'Export collection Team').click();
  };

  const download = await panel.download(exportTeam);
  expect(download.name).toBe('team.partner-api.json');
  const exported = readFileSync(download.path, 'utf8');
  expect(exported).toContain('"version": 1');
  expect(exported).toContain('{{companyId}}');
  expect(exported).not.toContain(apiKey);

  // Same name: asked; Cancel changes nothing, Replace puts the same collection back.
  const file = panel.label('Import collection');
  await file.setFiles([download.path]);
  const clash = panel.role('dialog', 'Name clash');
  await expectText(clash, '“Team” already exists');
  await clash.within('button', 'Cancel').click();
  await expectGone(panel.role('dialog', 'Name clash'));
  const again = test.info().outputPath('team.json');
  writeFileSync(again, exported);
  await file.setFiles([again]);
  await clash.within('button', 'Replace').click();
  await expectText(panel.role('status', 'Import summary'), 'Imported “Team”');
  await panel.role('treeitem', 'Create order').wait();
  // The summary opens across the main area, where there is room; Close gives the panes back.
  await panel.role('button', 'Close import summary').click();
  await expectGone(panel.role('status', 'Import summary'));
  const second = await panel.download(exportTeam);
  expect(readFileSync(second.path, 'utf8')).toBe(exported);

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
  ] as const;
  for (const [index, [text, problem]] of hostile.entries()) {
    const bad = test.info().outputPath(`bad-${index}.json`);
    writeFileSync(bad, text);
    await file.setFiles([bad]);
    await expectText(collections.within('alert'), new RegExp(problem, 'i'));
  }
  expect(await collections.within('treeitem').count()).toBe(1);

  // A saved secret typed into a request is never saved into a collection: the save is refused,
  // naming where it is and what to write instead, and the request stays in the composer.
  await panel.tab('Request', 'Headers');
  await panel.role('button', 'Add header').click();
  await panel.role('textbox', 'Header 1 name').fill('X-Debug');
  await panel.role('textbox', 'Header 1 value').fill(apiKey);
  await panel.role('textbox', 'Path').fill('ping');
  await panel.role('button', 'Save request').click();
  const form = panel.role('form', 'Save request');
  await form.within('textbox', 'Request name').fill('Leaky');
  await form.within('button', 'Save').click();
  const refused = form.within('alert');
  await expectText(refused, 'Not saved');
  await expectText(refused, 'X-Debug');
  await expectText(refused, '{{variable}}');
  await form.within('button', 'Cancel').click();
  expect(await panel.role('treeitem', 'Leaky').count()).toBe(0);
  await expectValue(panel.role('textbox', 'Header 1 value'), apiKey);
  const stored = JSON.stringify(await storedCollections(panel));
  expect(stored).toContain('Create order');
  expect(stored).not.toContain(apiKey);
  // A collection saved before that rule, with the key in it, reaches the panel masked, and is
  // written back masked.
  const legacy = await panel.evaluate(async (key) => {
    const api = (globalThis as { browser?: typeof chrome }).browser ?? chrome;
    const { collections } = await api.storage.local.get('collections');
    const all = JSON.parse(String(collections));
    all[0].items[0].headers.push({ name: 'X-Old', value: key });
    await api.storage.local.set({ collections: JSON.stringify(all) });
    const reply = await api.runtime.sendMessage({ type: 'collections/list', payload: {} });
    return JSON.stringify(reply);
  }, apiKey);
  expect(legacy).toContain(`"X-Old","value":"••••${apiKey.slice(-4)}"`);
  expect(legacy).not.toContain(apiKey);
  const rewritten = JSON.stringify(await storedCollections(panel));
  expect(rewritten).toContain('X-Old');
  expect(rewritten).not.toContain(apiKey);

  // What only looks like a secret may be saved, but it stops the export, naming where it is.
  await panel.role('textbox', 'Header 1 value').fill('Zq8xL2mP9vR4tY7wK1nB5cJ3');
  await saveRequest(panel, 'ping', 'Leaky', null);
  await exportTeam();
  await expectText(collections.within('alert'), 'X-Debug');
  expect(await panel.content()).not.toContain(apiKey);
});
