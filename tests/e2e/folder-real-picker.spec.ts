/**
 * Connect folder with the browser's real folder picker, from the panel inside real DevTools: the
 * one place the folder's access can be lost, since Chromium lets the extension use a picked folder
 * only while a tab of the extension is open (extension/connect-folder/folder-keeper.ts). A panel
 * opened as a tab would be such a tab and hide that, so here the panel is only inside DevTools;
 * the GTK picker and Chromium's prompts are answered with xdotool on an Xvfb display the test
 * starts itself. The folder is a git repository holding other files, as a team's clone would.
 * After the Connect folder tab closes, a sed-like edit of a request file shows in the panel; then
 * a conflict; then DevTools closes and opens again; then a browser restart, where the panel says
 * it needs a click, and "Allow on every visit" keeps the folder connected with no tab of the
 * extension open at all.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { TargetHub } from '../../scripts/devtools-cdp';
import { panelInspecting } from './devtools-panel-dom';
import { expect, launchWithExtension, OFTEN, PANEL_PATH, test } from './fixtures';
import { saveApiKeyProfile } from './profiles';
import {
  ALLOW_EVERY_VISIT,
  answerPrompt,
  BROWSER_WINDOW_ARGS,
  filesOnDisk,
  pickFolder,
  pickFolderAllowed,
  saidOutcome,
  sed,
} from './real-picker';
import { XDesktop } from './x-desktop';

const ARGS = ['--auto-open-devtools-for-tabs', ...BROWSER_WINDOW_ARGS];

const waitForTab = (context: BrowserContext, query: string) =>
  context.waitForEvent('page', {
    predicate: (page) => page.url().includes(`connect-folder.html?${query}`),
    timeout: 30_000,
  });

test('a folder connected with the real picker from the panel inside DevTools stays connected: its tab closed, DevTools closed and opened, the browser restarted', async ({
  sandbox,
}) => {
  test.setTimeout(360_000);
  const desktop = await XDesktop.start();
  const folder = mkdtempSync(join(tmpdir(), 'partner-api-team-'));
  const name = basename(folder);
  execFileSync('git', ['init', '-q', folder]);
  writeFileSync(join(folder, 'README.md'), '# Our partner API calls\n');
  const profileDir = mkdtempSync(join(tmpdir(), 'partner-api-e2e-'));
  let browser = await launchWithExtension(ARGS, [], profileDir, desktop.display);
  try {
    const panelUrl = `chrome-extension://${browser.extensionId}/${PANEL_PATH}`;
    // A profile and a collection, made in a panel tab that is closed before the folder is picked.
    const setup = await browser.context.newPage();
    await setup.goto(panelUrl);
    await saveApiKeyProfile(setup, { ...sandbox.credentials, baseUrl: sandbox.url });
    await setup.getByRole('textbox', { name: 'Path' }).fill('products');
    await setup.getByRole('button', { name: 'Save request' }).click();
    const form = setup.getByRole('form', { name: 'Save request' });
    await form.getByRole('textbox', { name: 'Request name' }).fill('List products');
    await form
      .getByRole('combobox', { name: 'Collection' })
      .selectOption({ label: 'New collection…' });
    await form.getByRole('textbox', { name: 'New collection name' }).fill('Team');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(setup.getByRole('treeitem', { name: 'List products', exact: true })).toBeVisible();
    await setup.close();

    const inspected = browser.context.pages()[0] ?? (await browser.context.newPage());
    const firstUrl = `${sandbox.url}/?devtools=1`;
    await inspected.goto(firstUrl);
    let hub = await TargetHub.open(browser.context, inspected);
    let panel = await panelInspecting(hub, panelUrl, firstUrl);
    // Without the status, what the panel shows instead, so that a failure says where it stood.
    const folderStatus = async () =>
      (await panel.text('status', 'Folder of Team')) ??
      `no status “Folder of Team”; the panel shows: ${await panel.shows()}`;
    const kept = `Kept in folder “${name}” as OpenCollection YAML (Bruno)`;

    // Connect folder, from the panel inside DevTools: a tab asks for the folder.
    await panel.click('button', 'Actions for collection Team');
    const opening = waitForTab(browser.context, 'collection=');
    await panel.click('button', 'Connect folder Team');
    const tab = await opening;
    const choose = tab.getByRole('button', { name: 'Choose folder for Team' });
    // Don't Allow is said, with how to try again.
    await choose.click();
    await pickFolder(desktop, folder, 'Don’t Allow', saidOutcome(tab));
    await expect(tab.getByRole('alert')).toHaveText(
      'No folder was connected: the picker was closed, or the browser was told not to allow editing files. Click “Choose folder for Team” to try again, and choose Allow when the browser asks.',
      { timeout: 20_000 },
    );
    const keeping = waitForTab(browser.context, 'keep=1');
    await pickFolderAllowed(desktop, tab, folder, 'Team');
    await expect(tab.getByRole('status')).toContainText(
      `“Team” is kept in the folder “${name}”. Close this tab and return to DevTools`,
      { timeout: 20_000 },
    );
    const keeper = await keeping;
    await expect(keeper.getByRole('heading', { name: 'Folder access' })).toBeVisible();
    await tab.close();

    // The tab is closed (Chromium takes access back within a second when no tab holds it), and
    // the panel writes the collection beside the repository's own files.
    await expect.poll(folderStatus, { ...OFTEN, timeout: 20_000 }).toBe(kept);
    await expect
      .poll(() => Object.keys(filesOnDisk(folder)).sort(), { ...OFTEN, timeout: 20_000 })
      .toEqual([
        'List products.yml',
        'README.md',
        'environments/Sandbox.yml',
        'opencollection.yml',
      ]);
    expect(JSON.stringify(filesOnDisk(folder))).not.toContain(sandbox.credentials.apiKey);

    // An outside edit (sed) of a request file, and a new file, show in the panel within seconds.
    const request = join(folder, 'List products.yml');
    sed(request, '/v1/products"', '/v1/products/all"');
    writeFileSync(
      join(folder, 'Orders.yml'),
      readFileSync(request, 'utf8')
        .replace('name: List products', 'name: Orders')
        .replace('seq: 1', 'seq: 2'),
    );
    await expect
      .poll(() => panel.rows('Team'), { ...OFTEN, timeout: 20_000 })
      .toEqual(['List products', 'Orders']);
    await panel.click('treeitem', 'List products', { role: 'tree', name: 'Team' });
    await expect.poll(() => panel.value('path'), OFTEN).toBe('products/all');
    expect(await folderStatus()).toBe(kept);
    // What the panel could not take is listed; the environment file it wrote itself is not.
    const notTaken = await panel.text('list', 'Not taken from the folder of Team');
    expect(notTaken ?? '').not.toContain('Environments were not imported');

    // A conflict: the same file changed on both sides before a sync sees either. A Web Lock held
    // in the Folder access tab holds the panel's sync back, as another DevTools window's would.
    const collectionId = await keeper.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const open = indexedDB.open('partner-api-folders');
          open.onsuccess = () => {
            const all = open.result.transaction('connections').objectStore('connections').getAll();
            all.onsuccess = () => resolve(all.result[0].collectionId);
          };
        }),
    );
    await holdFolderLock(keeper, collectionId);
    sed(request, '/v1/products/all"', '/v1/products/cheap"');
    await panel.fill('path', 'products/new');
    await panel.click('button', 'Save changes');
    await keeper.evaluate(() =>
      (window as unknown as { releaseFolder: () => void }).releaseFolder(),
    );
    await expect
      .poll(() => panel.text('region', 'Folder conflict Team'), { ...OFTEN, timeout: 20_000 })
      .toContain('List products.yml');
    await panel.click('button', 'Keep the folder’s version', {
      role: 'region',
      name: 'Folder conflict Team',
    });
    await expect.poll(folderStatus, { ...OFTEN, timeout: 20_000 }).toBe(kept);
    // The composer shows the folder's version; only the kept collection's row is marked open.
    await expect.poll(() => panel.value('path'), OFTEN).toBe('products/cheap');
    await expect
      .poll(() => panel.rows('Team (panel copy)'), OFTEN)
      .toEqual(['List products', 'Orders']);
    expect(await panel.openRows()).toEqual(['Team/List products']);
    expect(readFileSync(request, 'utf8')).toContain('/v1/products/cheap"');

    // DevTools closes (its tab with it) and opens on another tab: still connected, still syncing.
    const other = await browser.context.newPage();
    const secondUrl = `${sandbox.url}/?devtools=2`;
    await other.goto(secondUrl);
    await hub.dispose();
    await inspected.close();
    hub = await TargetHub.open(browser.context, other);
    panel = await panelInspecting(hub, panelUrl, secondUrl);
    await expect.poll(folderStatus, { ...OFTEN, timeout: 20_000 }).toBe(kept);
    writeFileSync(
      join(folder, 'Later.yml'),
      readFileSync(request, 'utf8')
        .replace('name: List products', 'name: Later')
        .replace('seq: 1', 'seq: 3'),
    );
    await expect.poll(() => panel.rows('Team'), { ...OFTEN, timeout: 20_000 }).toContain('Later');
    await hub.dispose();

    // A browser restart: the browser wants a click again, and the panel says so.
    await browser.close();
    browser = await launchWithExtension(ARGS, [], profileDir, desktop.display);
    // The browser's first tab: a new one would open a second DevTools window, which loads a panel
    // of its own (it held the panel here up for seconds, the browser being busiest just started).
    const restarted =
      browser.context.pages().find((page) => /^(http|about:blank)/.test(page.url())) ??
      (await browser.context.newPage());
    const thirdUrl = `${sandbox.url}/?devtools=3`;
    await restarted.goto(thirdUrl);
    hub = await TargetHub.open(browser.context, restarted);
    panel = await panelInspecting(hub, panelUrl, thirdUrl);
    await expect
      .poll(() => panel.text('region', 'Folder of Team'), { ...OFTEN, timeout: 20_000 })
      .toContain(`The folder “${name}” needs a click to reconnect`);
    const asking = waitForTab(browser.context, 'collection=');
    await panel.click('button', 'Reconnect folder Team');
    const again = await asking;
    await again.getByRole('button', { name: 'Allow access for Team' }).click();
    // After a restart Chromium offers "Allow on every visit", in a bubble that takes no focus.
    await answerPrompt(desktop, ALLOW_EVERY_VISIT, saidOutcome(again));
    await expect(again.getByRole('status')).toContainText(
      `“Team” is kept in the folder “${name}”`,
      {
        timeout: 20_000,
      },
    );
    await expect.poll(folderStatus, { ...OFTEN, timeout: 20_000 }).toBe(kept);
    // Every tab of the extension closed, the Folder access tab too: still connected.
    for (const page of browser.context.pages())
      if (page.url().startsWith('chrome-extension://')) await page.close();
    sed(request, '/v1/products/cheap"', '/v1/products/every-visit"');
    await panel.click('treeitem', 'List products', { role: 'tree', name: 'Team' });
    await expect
      .poll(() => panel.value('path'), { ...OFTEN, timeout: 20_000 })
      .toBe('products/every-visit');
    expect(await folderStatus()).toBe(kept);
    await hub.dispose();
  } finally {
    await browser.close();
    await desktop.stop();
    rmSync(profileDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    rmSync(folder, { recursive: true, force: true });
  }
});

/** Holds the collection's folder Web Lock in `page` until `releaseFolder()` is called there. */
function holdFolderLock(page: Page, collectionId: string): Promise<void> {
  return page.evaluate(
    (name) =>
      new Promise<void>((held) => {
        void navigator.locks.request(name, () => {
          held();
          return new Promise((release) => Object.assign(window, { releaseFolder: release }));
        });
      }),
    `partner-api-folder:${collectionId}`,
  );
}
