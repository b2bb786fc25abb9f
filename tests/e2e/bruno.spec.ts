/**
 * Export for Bruno and back: Export for Bruno asks which profiles become environments (only the
 * active one is ticked: a scratch profile stays out), the collection downloads as a zip of its
 * OpenCollection folder (an environment for the profile, the secret by name only), the panel
 * shows the `bru run` command for it, Bruno's own CLI runs the unpacked folder green against the
 * sandbox with the environment that command names, and the folder (Import Bruno folder) and the
 * zip (Import collection) import back.
 */
import { readFileSync } from 'node:fs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { load } from 'js-yaml';
import {
  junitCounts,
  removeFolder,
  runBru,
  writeCollectionFolder,
} from '../../src/testing/fixtures/opencollection/bru-runner-fixture';
import { expect, test } from './fixtures';
import { createApiKeyProfile } from './profiles';
import { openCollectionActions } from './workbench';

test('Export for Bruno downloads a folder bru runs green, and the folder and the zip import back', async ({
  panel,
  sandbox,
}) => {
  test.setTimeout(120_000);
  // A scratch profile first, then the one in use (the last saved is the active one).
  await createApiKeyProfile(panel, {
    name: 'Broken key',
    companyId: sandbox.credentials.companyId,
    apiKey: 'not-the-key-000000',
    baseUrl: sandbox.url,
  });
  await createApiKeyProfile(panel, { ...sandbox.credentials, baseUrl: sandbox.url });
  await panel.getByRole('textbox', { name: 'Path' }).fill('products?sort=name');
  await panel.getByRole('button', { name: 'Save request' }).click();
  const form = panel.getByRole('form', { name: 'Save request' });
  await form.getByRole('textbox', { name: 'Request name' }).fill('List products');
  await form
    .getByRole('combobox', { name: 'Collection' })
    .selectOption({ label: 'New collection…' });
  await form.getByRole('textbox', { name: 'New collection name' }).fill('Team');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(panel.getByRole('treeitem', { name: 'List products', exact: true })).toBeVisible();

  const collections = panel.getByRole('region', { name: 'Collections' });
  await openCollectionActions(panel, 'Team');
  await collections.getByRole('button', { name: 'Export for Bruno Team' }).click();
  const ask = panel.getByRole('dialog', { name: 'Export “Team” for Bruno' });
  await expect(ask.getByRole('checkbox', { name: 'Sandbox' })).toBeChecked();
  await expect(ask.getByRole('checkbox', { name: 'Broken key' })).not.toBeChecked();
  const [download] = await Promise.all([
    panel.waitForEvent('download'),
    ask.getByRole('button', { name: 'Export', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Team.zip');
  const saved = collections.getByRole('status').filter({ hasText: 'Team.zip' });
  await expect(saved).toContainText('Saved “Team.zip” to your downloads folder.');
  const command = (await saved.locator('code').textContent()) ?? '';
  expect(command).toBe(
    'npx bru run --env Sandbox --env-var apiKey="$PARTNER_API_KEY" --reporter-junit results.xml',
  );
  const environment = /--env (\S+)/.exec(command)?.[1] ?? '';
  const zip = readFileSync((await download.path()) ?? '');
  const entries = unzipSync(new Uint8Array(zip));
  const files = Object.entries(entries).map(([path, data]) => ({
    path: path.replace(/^Team\//, ''),
    text: Buffer.from(data).toString('utf8'),
  }));
  expect(files.map(({ path }) => path)).toEqual([
    'opencollection.yml',
    'environments/Sandbox.yml',
    'List products.yml',
  ]);
  const everything = files.map(({ text }) => text).join('\n');
  expect(everything).not.toContain(sandbox.credentials.apiKey);
  expect(load(files[1]?.text ?? '')).toEqual({
    name: 'Sandbox',
    variables: [
      { name: 'baseUrl', value: sandbox.url },
      { name: 'companyId', value: sandbox.credentials.companyId },
      { name: 'apiKey', secret: true },
    ],
  });

  // Bruno's CLI runs the downloaded folder as the panel's command says, the secret given on the
  // command line.
  const root = await writeCollectionFolder(files);
  try {
    const run = await runBru(root, environment, { apiKey: sandbox.credentials.apiKey });
    expect(run.exitCode, run.output).toBe(0);
    expect(junitCounts(run.junit)).toMatchObject({ suites: 1, skipped: 0, failures: 0 });
    const call = sandbox.requests.findLast(({ path }) => path === '/v1/products');
    expect(call?.url).toBe('/v1/products?sort=name');
    expect(call?.headers).toMatchObject({
      'x-apikey': sandbox.credentials.apiKey,
      companyid: sandbox.credentials.companyId,
      'content-type': 'application/json',
    });
  } finally {
    await removeFolder(root);
  }

  // The unpacked folder imports too, picked as a folder.
  const folder = await writeCollectionFolder(files);
  try {
    await panel.getByLabel('Import Bruno folder').setInputFiles(folder);
    await panel
      .getByRole('dialog', { name: 'Name clash' })
      .getByRole('button', { name: 'Keep both' })
      .click();
    await expect(panel.getByRole('status', { name: 'Import summary' })).toContainText(
      'Imported “Team',
    );
    await expect(
      collections.getByRole('treeitem', { name: 'List products', exact: true }),
    ).toHaveCount(2);
  } finally {
    await removeFolder(folder);
  }

  // The same zip imports back: a name clash is asked about, the summary names the environment.
  await panel.getByLabel('Import collection').setInputFiles({
    name: 'Team.zip',
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
    collections.getByRole('treeitem', { name: 'List products', exact: true }),
  ).toHaveCount(3);

  // A zip that holds no collection is refused with what to pick instead.
  await panel.getByLabel('Import collection').setInputFiles({
    name: 'other.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(zipSync({ 'notes/readme.txt': strToU8('no collection here') })),
  });
  await expect(collections.getByRole('alert')).toContainText('no opencollection.yml');
});
