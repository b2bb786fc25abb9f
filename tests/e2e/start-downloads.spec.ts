/**
 * Exports under `npm start`: the real start script (scripts/start.ts, headless, with a fresh
 * profile and `--downloads` naming a temporary folder) is driven through its remote debugging
 * port. Save body and Export for Postman land in that folder under the names the panel chose, the
 * panel says which file it saved, and the file is still there once `npm start` has closed the browser.
 * (Playwright's default would have saved a UUID-named file into a folder it deletes at exit.)
 * `npm start` starts on a copy of the build every e2e test loads (dist/), stamped as its own
 * build would be, so it does not build again: its build is tests/unit/start.test.ts's part.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, type Page, test } from '@playwright/test';
import { inputsDigest, recordBuild } from '../../scripts/build-stamp';
import { DIST } from '../../scripts/extension-browser';
import { createApiKeyProfile } from './profiles';
import { openCollectionActions } from './workbench';

const ROOT = join(import.meta.dirname, '..', '..');
const REMOVE = { recursive: true, force: true, maxRetries: 10, retryDelay: 100 } as const;

/** Resolves with everything printed so far once `marker` appears. */
function waitForOutput(child: ChildProcess, marker: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`no "${marker}" within ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(marker)) {
        clearTimeout(timer);
        resolve(output);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before "${marker}":\n${output}`));
    });
  });
}

test('npm start saves an export in the downloads folder under its name, kept after the browser closes', async () => {
  test.setTimeout(240_000);
  const outDir = mkdtempSync(join(tmpdir(), 'partner-api-start-out-'));
  cpSync(DIST, outDir, { recursive: true });
  recordBuild(ROOT, outDir, inputsDigest(ROOT, 'production'));
  const profileDir = mkdtempSync(join(tmpdir(), 'partner-api-start-profile-'));
  const downloads = join(mkdtempSync(join(tmpdir(), 'partner-api-start-dl-')), 'Exports');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PARTNER_API_OUT_DIR: outDir,
    PARTNER_API_PROFILE_DIR: profileDir,
  };
  delete env.DISPLAY;
  const started = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/start.ts',
      '--port',
      '0',
      '--headless',
      // Port 0: Chromium takes a free one and start.ts says which.
      '--debugging-port',
      '0',
      '--downloads',
      downloads,
    ],
    { cwd: ROOT, env },
  );
  let printed = '';
  started.stdout.on('data', (chunk: Buffer) => {
    printed += chunk.toString();
  });
  try {
    const output = await waitForOutput(started, 'Press Ctrl+C to stop', 180_000);
    expect(output).toContain('is already built from these sources: starting without a build');
    expect(output).toContain(`Exports and saved files go to ${downloads}`);
    const url = /sandbox running at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1] ?? '';
    const apiKey = /API key\s+(\S+)/.exec(output)?.[1] ?? '';
    const companyId = /Company ID\s+(\S+)/.exec(output)?.[1] ?? '';
    const port = /Its remote debugging port is 127\.0\.0\.1:(\d+)\./.exec(output)?.[1] ?? '';
    expect(Number(port), 'the port Chromium took, as npm start says it').toBeGreaterThan(0);

    // The default context as it is: no Playwright download settings of its own (noDefaults).
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`, {
      noDefaults: true,
    });
    const context = browser.contexts()[0];
    if (context === undefined) throw new Error('npm start’s browser has no default context.');
    const isPanel = (page: Page) => page.url().endsWith('/extension/panel/panel.html');
    const panel =
      context.pages().find(isPanel) ??
      (await context.waitForEvent('page', { predicate: isPanel, timeout: 10_000 }));
    await createApiKeyProfile(panel, { baseUrl: url, apiKey, companyId });
    await panel.getByRole('textbox', { name: 'Path' }).fill('products');
    await panel.getByRole('button', { name: 'Send' }).click();
    await panel.getByRole('button', { name: 'Save body' }).click();
    await expect(
      panel.getByText('Saved “response-200.json” to your downloads folder.'),
    ).toBeVisible();
    await panel.getByRole('button', { name: 'Save request' }).click();
    const form = panel.getByRole('form', { name: 'Save request' });
    await form.getByRole('textbox', { name: 'Request name' }).fill('List products');
    await form
      .getByRole('combobox', { name: 'Collection' })
      .selectOption({ label: 'New collection…' });
    await form.getByRole('textbox', { name: 'New collection name' }).fill('Team');
    await form.getByRole('button', { name: 'Save', exact: true }).click();

    const collections = panel.getByRole('region', { name: 'Collections' });
    await openCollectionActions(panel, 'Team');
    await collections.getByRole('button', { name: 'Export for Postman Team' }).click();
    await expect(collections.getByRole('status').filter({ hasText: 'Saved' })).toContainText(
      'Saved “team.postman_collection.json” to your downloads folder.',
    );
    const file = join(downloads, 'team.postman_collection.json');
    await expect.poll(() => existsSync(file), { timeout: 10_000 }).toBe(true);
    await browser.close(); // the CDP connection only; npm start's browser goes on

    // Ctrl+C: npm start closes the browser and the sandbox; the export stays, complete.
    const exited = new Promise<number | null>((resolve) => started.on('exit', resolve));
    started.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(printed).toContain('Closing Chromium and the sandbox');
    expect(printed).not.toContain('keeps running until Ctrl+C');
    expect(readdirSync(downloads).sort()).toEqual([
      'response-200.json',
      'team.postman_collection.json',
    ]);
    const exported = JSON.parse(readFileSync(file, 'utf8')) as { info: { name: string } };
    expect(exported.info.name).toBe('Team');
  } finally {
    if (started.exitCode === null) started.kill('SIGKILL');
    rmSync(outDir, REMOVE);
    rmSync(profileDir, REMOVE);
    rmSync(join(downloads, '..'), REMOVE);
  }
});
