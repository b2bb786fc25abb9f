/**
 * Export for Postman 12 and back, in the built extension: the collection's actions download a zip
 * of Postman 12's git-native folder (`postman/collections/<name>/…` and the profile as
 * `postman/environments/<profile>.environment.yaml`, the API key empty, by name only) beside the
 * v2.1 Export for Postman, the panel shows the `postman collection run` command for it, and the
 * zip (Import collection) and the unpacked folder (Import Bruno folder, which takes a Postman v3
 * folder too) import back with a summary. Postman's own CLI judges the same files in
 * src/formats/postman-v3/postman-v3.cli.test.ts.
 */

import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { unzipSync } from 'fflate';
import { load } from 'js-yaml';
import { expect, test } from './fixtures';
import { saveApiKeyProfile } from './profiles';
import { openCollectionActions } from './workbench';

test('Export for Postman 12 downloads a v3 zip without the key, and the zip and the folder import back', async ({
  panel,
  sandbox,
}) => {
  test.setTimeout(120_000);
  await saveApiKeyProfile(panel, { ...sandbox.credentials, baseUrl: sandbox.url });
  await panel.getByRole('textbox', { name: 'Path' }).fill('products?sort=name');
  await panel.getByRole('button', { name: 'Save request' }).click();
  const form = panel.getByRole('form', { name: 'Save request' });
  await form.getByRole('textbox', { name: 'Request name' }).fill('List: products?');
  await form
    .getByRole('combobox', { name: 'Collection' })
    .selectOption({ label: 'New collection…' });
  await form.getByRole('textbox', { name: 'New collection name' }).fill('Team');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(panel.getByRole('treeitem', { name: 'List: products?', exact: true })).toBeVisible();

  const collections = panel.getByRole('region', { name: 'Collections' });
  await openCollectionActions(panel, 'Team');
  // The v2.1 export stays beside the new one.
  await expect(
    collections.getByRole('button', { name: 'Export for Postman Team', exact: true }),
  ).toBeVisible();
  const [download] = await Promise.all([
    panel.waitForEvent('download'),
    collections.getByRole('button', { name: 'Export for Postman 12 Team', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('team.postman12.zip');
  const saved = collections.getByRole('status').filter({ hasText: 'team.postman12.zip' });
  await expect(saved).toContainText('Saved “team.postman12.zip” to your downloads folder.');
  await expect(saved.locator('code')).toHaveText(
    'npx postman collection run postman/collections/Team -e postman/environments/Sandbox.environment.yaml --env-var apiKey="$PARTNER_API_KEY"',
  );

  const zip = readFileSync((await download.path()) ?? '');
  const files = Object.entries(unzipSync(new Uint8Array(zip))).map(([path, data]) => ({
    path,
    text: Buffer.from(data).toString('utf8'),
  }));
  expect(files.map(({ path }) => path)).toEqual([
    'postman/collections/Team/.resources/definition.yaml',
    'postman/collections/Team/List- products-.request.yaml',
    'postman/environments/Sandbox.environment.yaml',
  ]);
  expect(files.map(({ text }) => text).join('\n')).not.toContain(sandbox.credentials.apiKey);
  expect(load(files[1]?.text ?? '')).toMatchObject({
    $kind: 'http-request',
    name: 'List: products?',
    url: '{{baseUrl}}/v1/products?sort=name',
    method: 'GET',
    queryParams: { sort: 'name' },
  });
  expect(load(files[2]?.text ?? '')).toMatchObject({
    name: 'Sandbox',
    values: expect.arrayContaining([
      { key: 'baseUrl', value: sandbox.url, enabled: true, type: 'default' },
      { key: 'apiKey', value: '', enabled: true, type: 'secret' },
    ]),
  });

  // The zip imports back through Import collection: the clash is asked, the summary names the
  // environment, which a profile holds here.
  await panel.getByLabel('Import collection').setInputFiles({
    name: 'team.postman12.zip',
    mimeType: 'application/zip',
    buffer: zip,
  });
  const clash = panel.getByRole('dialog', { name: 'Name clash' });
  await expect(clash).toContainText('“Team” already exists');
  await clash.getByRole('button', { name: 'Keep both' }).click();
  const summary = panel.getByRole('status', { name: 'Import summary' });
  await expect(summary).toContainText('Imported “Team');
  await expect(summary).toContainText('Environments were not imported');
  await expect(
    collections.getByRole('treeitem', { name: 'List: products?', exact: true }),
  ).toHaveCount(2);

  // Unpacked, the collection's own folder (hidden .resources included) imports as a folder.
  const root = await mkdtemp(join(tmpdir(), 'postman12-'));
  try {
    for (const { path, text } of files) {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), text);
    }
    await panel
      .getByLabel('Import Bruno folder')
      .setInputFiles(join(root, 'postman/collections/Team'));
    await panel
      .getByRole('dialog', { name: 'Name clash' })
      .getByRole('button', { name: 'Keep both' })
      .click();
    await expect(panel.getByRole('status', { name: 'Import summary' })).toContainText(
      'Imported “Team',
    );
    await expect(
      collections.getByRole('treeitem', { name: 'List: products?', exact: true }),
    ).toHaveCount(3);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
