/**
 * Export for Bruno and back, in Chromium and in Firefox (a journey of both projects): Export for
 * Bruno asks which profiles become environments (only the active one is ticked: a scratch profile
 * stays out), the collection downloads as a zip of its OpenCollection folder (an environment for
 * the profile, the secret by name only), the panel shows the `bru run` command for it, and the
 * zip imports back through Import collection and calls as the original did; a zip that holds no
 * collection is refused. In Chromium, Bruno's own CLI runs the unpacked folder green with the
 * environment that command names (the zip is the same in both browsers; the run needs none), and
 * the folder imports back through Import Bruno folder, where the driver `picksFolders` (Firefox's
 * BiDi refuses a folder). Firefox has no folder picker: no Connect folder, and a note says what to
 * use instead.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { load } from 'js-yaml';
import {
  junitCounts,
  removeFolder,
  runBru,
  writeCollectionFolder,
} from '../../src/testing/fixtures/opencollection/bru-runner-fixture';
import { openCollectionActions, saveRequest } from './collection-steps';
import { expectText, type PanelDriver } from './driver';
import { expect, test } from './fixtures';
import { createApiKeyProfile } from './profiles';

/** Answers the name clash an import of "Team" raises with Keep both. */
async function keepBoth(panel: PanelDriver) {
  const clash = panel.role('dialog', 'Name clash');
  await expectText(clash, '“Team” already exists');
  await clash.within('button', 'Keep both').click();
}

/** Waits until the Collections tree shows `count` saved requests named "List products". */
async function expectCopies(panel: PanelDriver, count: number) {
  await expect
    .poll(() => panel.role('region', 'Collections').within('treeitem', 'List products').count(), {
      timeout: panel.waitMs,
    })
    .toBe(count);
}

test('Export for Bruno downloads a zip bru runs green, and the zip (and the folder) import back and call', async ({
  panel,
  sandbox,
}) => {
  if (panel.browser === 'chromium') test.setTimeout(120_000);
  const { apiKey, companyId } = sandbox.credentials;
  // A scratch profile first, then the one in use (the last saved is the active one).
  await createApiKeyProfile(panel, {
    name: 'Broken key',
    companyId,
    apiKey: 'not-the-key-000000',
    baseUrl: sandbox.url,
  });
  await createApiKeyProfile(panel, { baseUrl: sandbox.url, companyId, apiKey });
  await saveRequest(panel, 'products?sort=name', 'List products', 'Team');

  const collections = panel.role('region', 'Collections');
  await openCollectionActions(panel, 'Team');
  if (panel.browser === 'firefox') {
    // Firefox has no folder picker: no Connect folder, and the panel says what to use instead.
    expect(await panel.role('button', 'Connect folder Team').count()).toBe(0);
    const note = await panel.evaluate(() =>
      [...document.querySelectorAll('[role="note"]')]
        .map((element) => element.textContent ?? '')
        .join('\n'),
    );
    expect(note).toContain('Connect folder needs a browser with a folder picker');
    expect(note).toContain('Export for Bruno');
  }
  const ask = panel.role('dialog', 'Export “Team” for Bruno');
  const download = await panel.download(async () => {
    await collections.within('button', 'Export for Bruno Team').click();
    // It asks which profiles become environments; only the active one is ticked.
    expect(await ask.within('checkbox', 'Sandbox').checked()).toBe(true);
    expect(await ask.within('checkbox', 'Broken key').checked()).toBe(false);
    await ask.within('button', 'Export').click();
  });
  expect(download.name).toBe('Team.zip');
  const saved = collections.byText('Saved “Team.zip” to your downloads folder.');
  const command = await saved.evaluate((element) => element.querySelector('code')?.textContent);
  expect(command).toBe(
    'npx bru run --env Sandbox --env-var apiKey="$PARTNER_API_KEY" --reporter-junit results.xml',
  );
  const zip = readFileSync(download.path);
  const files = Object.entries(unzipSync(new Uint8Array(zip))).map(([path, data]) => ({
    path: path.replace(/^Team\//, ''),
    text: Buffer.from(data).toString('utf8'),
  }));
  expect(files.map(({ path }) => path)).toEqual([
    'opencollection.yml',
    'environments/Sandbox.yml',
    'List products.yml',
  ]);
  expect(files.map(({ text }) => text).join('\n')).not.toContain(apiKey);
  expect(load(files[1]?.text ?? '')).toEqual({
    name: 'Sandbox',
    variables: [
      { name: 'baseUrl', value: sandbox.url },
      { name: 'companyId', value: companyId },
      { name: 'apiKey', secret: true },
    ],
  });

  if (panel.browser === 'chromium') {
    // Bruno's CLI runs the downloaded folder as the panel's command says, the secret given on the
    // command line.
    const root = await writeCollectionFolder(files);
    try {
      const environment = /--env (\S+)/.exec(command ?? '')?.[1] ?? '';
      const run = await runBru(root, environment, { apiKey });
      expect(run.exitCode, run.output).toBe(0);
      expect(junitCounts(run.junit)).toMatchObject({ suites: 1, skipped: 0, failures: 0 });
      const call = sandbox.requests.findLast(({ path }) => path === '/v1/products');
      expect(call?.url).toBe('/v1/products?sort=name');
      expect(call?.headers).toMatchObject({
        'x-apikey': apiKey,
        companyid: companyId,
        'content-type': 'application/json',
      });
    } finally {
      await removeFolder(root);
    }
  }

  let copies = 1;
  if (panel.picksFolders) {
    // The unpacked folder imports too, picked as a folder.
    const folder = await writeCollectionFolder(files);
    try {
      await panel.label('Import Bruno folder').setFiles([folder]);
      await keepBoth(panel);
      await expectText(panel.role('status', 'Import summary'), 'Imported “Team');
      await expectCopies(panel, ++copies);
    } finally {
      await removeFolder(folder);
    }
  }

  // The downloaded zip imports back: a name clash is asked about, the summary names the
  // environment.
  await panel.label('Import collection').setFiles([download.path]);
  await keepBoth(panel);
  const summary = panel.role('status', 'Import summary');
  await expectText(summary, 'Imported “Team');
  await expectText(summary, 'Environments were not imported');
  await expectCopies(panel, ++copies);

  // The last imported copy calls as the original would.
  await panel.role('treeitem', 'List products').nth(-1).click();
  await panel.role('button', 'Send').click();
  await expectText(panel.role('region', 'Response'), '200 OK');
  const call = sandbox.requests.findLast(({ path }) => path === '/v1/products');
  expect(call?.url).toBe('/v1/products?sort=name');
  expect(call?.headers['x-apikey']).toBe(apiKey);

  // A zip that holds no collection is refused with what to pick instead.
  const other = test.info().outputPath('other.zip');
  writeFileSync(other, zipSync({ 'notes/readme.txt': strToU8('no collection here') }));
  await panel.label('Import collection').setFiles([other]);
  await expectText(collections.within('alert'), 'no opencollection.yml');
});
