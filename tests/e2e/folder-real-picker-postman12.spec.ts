/**
 * Connect folder on a team's Postman 12 repository with the browser's real folder picker, from
 * the panel inside real DevTools (as folder-real-picker.spec.ts does for an empty folder): a git
 * repository on disk holds `postman/collections/Team/` and the team's other files, committed. The
 * panel's collection of the same name is connected to it through the GTK picker on an Xvfb display;
 * the panel names the format, asks which side to keep, and from then on a save in the panel changes
 * that request's file only and an outside edit (plain file writes, as `git pull` makes) shows in the
 * panel. `git status` is the judge of what the panel wrote: only the files expected, no secret.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { TargetHub } from '../../scripts/devtools-cdp';
import { panelInspecting } from './devtools-panel-dom';
import { expect, launchWithExtension, OFTEN, PANEL_PATH, test } from './fixtures';
import { saveApiKeyProfile } from './profiles';
import { BROWSER_WINDOW_ARGS, filesOnDisk, pickFolderAllowed, sed } from './real-picker';
import { XDesktop } from './x-desktop';

const ARGS = ['--auto-open-devtools-for-tabs', ...BROWSER_WINDOW_ARGS];
const TEAM = 'postman/collections/Team';
const V3 = 'Postman 12 (collection schema v3)';

/** The team's repository as Postman 12 keeps it, with the team's own files beside it. */
const REPOSITORY: Record<string, string> = {
  'README.md': '# Orders service\n\nRun the calls with `postman collection run`.\n',
  [`${TEAM}/.resources/definition.yaml`]: '$kind: collection\nname: Team\n',
  [`${TEAM}/List products.request.yaml`]:
    "$kind: http-request\nmethod: GET\nurl: '{{baseUrl}}/v1/products/featured'\norder: 1000\n",
  [`${TEAM}/Get order.request.yaml`]:
    "$kind: http-request\nmethod: GET\nurl: '{{baseUrl}}/v1/orders'\norder: 2000\n",
  'postman/collections/Billing/.resources/definition.yaml': '$kind: collection\nname: Billing\n',
  'postman/collections/Billing/Invoices.request.yaml':
    "$kind: http-request\nmethod: GET\nurl: 'https://billing.example/invoices'\norder: 1000\n",
  'postman/environments/Staging.environment.yaml':
    'name: Staging\nvalues:\n  - key: baseUrl\n    value: https://staging.example\n',
};

const git = (folder: string, ...args: string[]) =>
  execFileSync('git', ['-C', folder, ...args], { encoding: 'utf8' });

/** `git status`: each changed or untracked path (NUL-separated, so no quoting), with its code. */
const gitStatus = (folder: string) =>
  git(folder, 'status', '--porcelain', '-z', '--untracked-files=all')
    .split('\0')
    .filter((line) => line !== '')
    .sort();

const waitForTab = (context: BrowserContext, query: string) =>
  context.waitForEvent('page', {
    predicate: (page) => page.url().includes(`connect-folder.html?${query}`),
    timeout: 30_000,
  });

test('a Postman 12 folder in a git repository, connected with the real picker from the panel inside DevTools: one file per save, outside edits read, nothing else touched', async ({
  sandbox,
}) => {
  test.setTimeout(240_000);
  const desktop = await XDesktop.start();
  const folder = mkdtempSync(join(tmpdir(), 'partner-api-postman12-'));
  const name = basename(folder);
  execFileSync('git', ['init', '-q', folder]);
  for (const [path, text] of Object.entries(REPOSITORY)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  git(folder, 'add', '-A');
  git(folder, '-c', 'user.name=Team', '-c', 'user.email=team@example.com', 'commit', '-qm', 'v1');
  const profileDir = mkdtempSync(join(tmpdir(), 'partner-api-e2e-'));
  const browser = await launchWithExtension(ARGS, [], profileDir, desktop.display);
  try {
    const panelUrl = `chrome-extension://${browser.extensionId}/${PANEL_PATH}`;
    // A profile and a collection named as the team's, made in a panel tab closed before the pick.
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
    const inspectedUrl = `${sandbox.url}/?devtools=postman12`;
    await inspected.goto(inspectedUrl);
    const hub = await TargetHub.open(browser.context, inspected);
    const panel = await panelInspecting(hub, panelUrl, inspectedUrl);
    const folderStatus = () => panel.text('status', 'Folder of Team');
    const kept = `Kept in folder “${name}” as ${V3}`;

    // Connect folder from the panel; the real picker is given the repository's root.
    await panel.click('button', 'Actions for collection Team');
    const opening = waitForTab(browser.context, 'collection=');
    await panel.click('button', 'Connect folder Team');
    const tab = await opening;
    const keeping = waitForTab(browser.context, 'keep=1');
    await pickFolderAllowed(desktop, tab, folder, 'Team');
    await expect(tab.getByRole('status')).toContainText(
      `“Team” is kept in the folder “${name}”. Close this tab and return to DevTools`,
      { timeout: 20_000 },
    );
    await expect(tab.getByRole('status')).toContainText(`The collection is kept there as ${V3}.`);
    await keeping;
    await tab.close();

    // Both sides hold a Team: the panel asks, naming the collection's files only.
    await expect
      .poll(() => panel.text('region', 'Folder conflict Team'), { ...OFTEN, timeout: 20_000 })
      .toContain(`${TEAM}/`);
    const conflict = (await panel.text('region', 'Folder conflict Team')) ?? '';
    expect(conflict).not.toContain('Billing');
    expect(conflict).not.toContain('environments');
    expect(conflict).not.toContain('README');
    await panel.click('button', 'Keep the folder’s version', {
      role: 'region',
      name: 'Folder conflict Team',
    });
    await expect.poll(folderStatus, { ...OFTEN, timeout: 20_000 }).toBe(kept);
    await expect
      .poll(() => panel.rows('Team'), { ...OFTEN, timeout: 20_000 })
      .toEqual(['List products', 'Get order']);
    await expect.poll(() => panel.rows('Team (panel copy)'), OFTEN).toEqual(['List products']);
    // Keeping the folder's version wrote nothing.
    expect(gitStatus(folder)).toEqual([]);

    // A save in the panel writes that request's file, and no other.
    await panel.click('treeitem', 'List products', { role: 'tree', name: 'Team' });
    await expect.poll(() => panel.value('path'), OFTEN).toBe('products/featured');
    await panel.fill('path', 'products/on-sale');
    await panel.click('button', 'Save changes');
    await expect
      .poll(() => filesOnDisk(folder)[`${TEAM}/List products.request.yaml`], {
        ...OFTEN,
        timeout: 20_000,
      })
      .toContain('/v1/products/on-sale');
    expect(gitStatus(folder)).toEqual([` M ${TEAM}/List products.request.yaml`]);
    expect(await folderStatus()).toBe(kept);

    // A teammate's change, pulled: plain file writes, read into the panel within seconds.
    sed(join(folder, `${TEAM}/Get order.request.yaml`), "/v1/orders'", "/v1/orders/open'");
    await expect
      .poll(
        async () => {
          await panel.click('treeitem', 'Get order', { role: 'tree', name: 'Team' });
          return panel.value('path');
        },
        { ...OFTEN, timeout: 20_000 },
      )
      .toBe('orders/open');
    expect(await folderStatus()).toBe(kept);

    // In the end the repository holds the save and the teammate's edit only, and no secret.
    expect(gitStatus(folder)).toEqual([
      ` M ${TEAM}/Get order.request.yaml`,
      ` M ${TEAM}/List products.request.yaml`,
    ]);
    expect(git(folder, 'diff', '--name-only', 'HEAD').trim().split('\n').sort()).toEqual([
      `${TEAM}/Get order.request.yaml`,
      `${TEAM}/List products.request.yaml`,
    ]);
    const everything = JSON.stringify(filesOnDisk(folder));
    for (const secret of [sandbox.credentials.apiKey, sandbox.credentials.clientSecret])
      expect(everything).not.toContain(secret);
    await hub.dispose();
  } finally {
    await browser.close();
    await desktop.stop();
    rmSync(profileDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    rmSync(folder, { recursive: true, force: true });
  }
});
