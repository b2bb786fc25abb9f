/**
 * Canary secrets, saved in profiles and used for a whole session, must not reach the inspected
 * page, another extension, or anything that leaves the extension or is shown: exports, copied
 * cURL (default mode), history, error messages, the panel's console, storage.sync.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchWithExtension, PANEL_PATH } from '../../scripts/extension-browser';
import { createSandbox } from '../../src/sandbox/server';
import { expect, test } from './fixtures';
import { createApiKeyProfile, createOAuthProfile } from './profiles';
import { openCollectionActions } from './workbench';

const CANARY_KEY = 'canaryKEY-7f3a9c1e5b2d4f6a8c0e';
const CANARY_SECRET = 'canarySECRET-2b4d6f8a0c1e3f5a7b9d';
const CANARIES = [CANARY_KEY, CANARY_SECRET];

function expectNoCanary(where: string, text: string) {
  for (const canary of CANARIES)
    expect(text.includes(canary), `${where} contains a canary`).toBe(false);
}

test('canary secrets stay inside the worker through a whole session', async () => {
  test.setTimeout(90_000);
  const sandbox = await createSandbox({
    port: 0,
    credentials: { apiKey: CANARY_KEY, clientSecret: CANARY_SECRET },
  });
  // A neighbour extension that will try to talk to ours.
  const neighbour = mkdtempSync(join(tmpdir(), 'neighbour-extension-'));
  writeFileSync(
    join(neighbour, 'manifest.json'),
    JSON.stringify({
      manifest_version: 3,
      name: 'Neighbour',
      version: '1.0',
      background: { service_worker: 'sw.js' },
    }),
  );
  writeFileSync(join(neighbour, 'sw.js'), 'self.addEventListener("install", () => {});');
  const browser = await launchWithExtension([], [neighbour]);
  try {
    const { context, extensionId } = browser;
    const consoleLines: string[] = [];
    const panel = await context.newPage();
    panel.on('console', (message) => consoleLines.push(message.text()));
    await panel.goto(`chrome-extension://${extensionId}/${PANEL_PATH}`);
    const { companyId, clientId } = sandbox.credentials;

    // The session: an API-key profile and an OAuth profile, calls, a token, an error, history,
    // a saved collection exported in both formats, Copy as cURL.
    await createApiKeyProfile(panel, {
      name: 'Key',
      baseUrl: sandbox.url,
      companyId,
      apiKey: CANARY_KEY,
    });
    await panel.getByRole('textbox', { name: 'Path' }).fill('products');
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect(panel.getByRole('region', { name: 'Response', exact: true })).toContainText(
      /(?<!\d)200(?!\d)/,
    );
    await panel.getByRole('button', { name: 'Copy as cURL', exact: true }).click();
    const curl = (await panel.getByLabel('cURL command').textContent()) ?? '';
    expect(curl).toContain('$API_KEY');
    await panel.getByRole('button', { name: 'Save request' }).click();
    const form = panel.getByRole('form', { name: 'Save request' });
    await form
      .getByRole('combobox', { name: 'Collection' })
      .selectOption({ label: 'New collection…' });
    await form.getByRole('textbox', { name: 'New collection name' }).fill('Canary');
    await form.getByRole('button', { name: 'Save', exact: true }).click();

    await createOAuthProfile(panel, {
      name: 'OAuth',
      method: 'OAuth (Basic header)',
      authUrl: sandbox.url,
      companyId,
      clientId,
      clientSecret: CANARY_SECRET,
    });
    await panel.getByRole('button', { name: 'Get token' }).click();
    await expect(panel.getByRole('region', { name: 'Token', exact: true })).toContainText(
      'approved',
    );
    await panel.getByRole('textbox', { name: 'Path' }).fill('../admin');
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect(
      panel.getByRole('region', { name: 'Response', exact: true }).getByRole('alert'),
    ).toBeVisible();
    await panel.getByRole('textbox', { name: 'Path' }).fill('orders');
    await panel.getByRole('button', { name: 'Send' }).click();

    const exports: string[] = [];
    await openCollectionActions(panel, 'Canary');
    for (const button of ['Export collection', 'Export for Postman']) {
      const [download] = await Promise.all([
        panel.waitForEvent('download'),
        panel.getByRole('button', { name: `${button} Canary`, exact: true }).click(),
      ]);
      exports.push(readFileSync((await download.path()) ?? '', 'utf8'));
    }
    expect(exports[0]).toContain('partner-api-devtools.collection');

    const stored = await panel.evaluate(async () => ({
      history: await chrome.storage.local.get('history'),
      collections: await chrome.storage.local.get('collections'),
      drafts: await chrome.storage.local.get(['drafts', 'draftChecks']),
      answers: await chrome.storage.session.get(['answers', 'tokenFailures']),
      sync: await chrome.storage.sync.get(null),
    }));
    expect(stored.sync).toEqual({});
    expectNoCanary('the exports', exports.join('\n'));
    expectNoCanary('the copied cURL command', curl);
    expectNoCanary('history', JSON.stringify(stored.history));
    expectNoCanary('the collections', JSON.stringify(stored.collections));
    expectNoCanary('the drafts kept for a reopened panel', JSON.stringify(stored.drafts));
    expectNoCanary('the answers kept for a reopened panel', JSON.stringify(stored.answers));
    expect(JSON.stringify(stored.answers)).toContain('/v1/orders'); // the scan reads real answers
    expectNoCanary('the panel', await panel.content());
    expectNoCanary("the panel's console", consoleLines.join('\n'));

    // The inspected page: nothing in its DOM, globals or storage, and no way to message us.
    const page = await context.newPage();
    await page.goto(`${sandbox.url}/`);
    const seen = await page.evaluate(async (id) => {
      const globals = Object.getOwnPropertyNames(window).join(',');
      const runtime = (globalThis as { chrome?: { runtime?: { sendMessage?: unknown } } }).chrome
        ?.runtime;
      return {
        html: document.documentElement.outerHTML,
        globals,
        storage:
          JSON.stringify({ ...localStorage }) +
          JSON.stringify({ ...sessionStorage }) +
          document.cookie,
        canMessage: typeof runtime?.sendMessage === 'function',
        id,
      };
    }, extensionId);
    expectNoCanary('the inspected page', JSON.stringify(seen));
    expect(seen.canMessage).toBe(false);

    // The neighbour extension's messages are refused: no listener answers other extensions.
    const other = context.serviceWorkers().find((worker) => worker.url().endsWith('/sw.js'));
    expect(other).toBeDefined();
    const answer = await other?.evaluate(async (id) => {
      try {
        return JSON.stringify(
          await chrome.runtime.sendMessage(id, { type: 'profiles/list', payload: {} }),
        );
      } catch (error) {
        return `refused: ${(error as Error).message}`;
      }
    }, extensionId);
    expect(answer).toMatch(/^refused: /);
    expectNoCanary("the neighbour's answer", answer ?? '');
  } finally {
    await browser.close();
    await sandbox.close();
    rmSync(neighbour, { recursive: true, force: true });
  }
});
