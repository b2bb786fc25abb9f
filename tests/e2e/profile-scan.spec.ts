/**
 * Looks where an attacker with the user's disk looks. Four profiles (two API keys, two OAuth
 * clients, one of each against a hostile server that echoes every credential it receives) make
 * calls that carry every profile's secrets: another profile's key in the query, a token in a
 * header, a client secret in the body, a key typed slowly into the path. Then the browser is
 * closed and every file of its profile folder (LevelDB logs, Sessions, IndexedDB, everything) is
 * read as bytes, as UTF-8 and UTF-16, for the canaries. With the lock on none may be there; with
 * it off only the stored secrets record may hold the saved secrets, and a token never.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { launchWithExtension, PANEL_PATH } from '../../scripts/extension-browser';
import { createSandbox } from '../../src/sandbox/server';
import { expect, OFTEN, test } from './fixtures';
import { startHostileServer } from './hostile-server';
import { createApiKeyProfile, createOAuthProfile } from './profiles';
import { requestTab, responseTab } from './workbench';

const K_KEY = 'AK-canary-5b1e9f0c7d2a4e6b8c0d';
const K2_KEY = 'K2canaryKEY-3c5e7a9b1d2f4a6c8e';
const O_SECRET = 'OcanarySECRET-9d7b5f3a1c2e4b6d';
const H_SECRET = 'HcanarySECRET-6a4c2e0f8b1d3f5a';
const H_CLIENT = 'hostile-client';
const PASSPHRASE = 'correct horse battery staple';

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat === undefined) return [];
    return stat.isDirectory() ? filesUnder(path) : stat.isFile() ? [path] : [];
  });
}

/** Where `needle` occurs in `haystack`, as the byte offsets of each occurrence. */
function occurrences(haystack: Buffer, needle: Buffer): number[] {
  const found: number[] = [];
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1))
    found.push(at);
  return found;
}

interface Finding {
  file: string;
  canary: string;
  encoding: string;
}

/**
 * Every place a canary is on disk. `allowedRecord`: with the lock off, a saved secret may stand as
 * the value of its own field of the stored secrets record (`"apiKey":"…`), and nowhere else.
 */
function scanProfile(folder: string, canaries: Record<string, string>, allowedRecord: boolean) {
  const findings: Finding[] = [];
  for (const file of filesUnder(folder)) {
    const bytes = readFileSync(file);
    for (const [name, canary] of Object.entries(canaries)) {
      for (const encoding of ['utf8', 'utf16le'] as const) {
        for (const at of occurrences(bytes, Buffer.from(canary, encoding))) {
          const before = bytes.subarray(Math.max(0, at - 16), at).toString(encoding);
          const inRecord = /"(apiKey|clientSecret)":"$/.test(before);
          if (!(allowedRecord && encoding === 'utf8' && inRecord))
            findings.push({ file: file.slice(folder.length), canary: name, encoding });
        }
      }
    }
  }
  return findings;
}

async function turnOnLock(panel: Page) {
  await panel.getByRole('button', { name: 'Lock with passphrase' }).click();
  const form = panel.getByRole('form', { name: 'Lock with passphrase' });
  await form.getByLabel('New passphrase').fill(PASSPHRASE);
  await form.getByLabel('Confirm passphrase').fill(PASSPHRASE);
  await form.getByRole('button', { name: 'Turn on lock' }).click();
  await expect(panel.getByRole('status', { name: 'Lock status' })).toHaveText('Unlocked');
}

const pick = (panel: Page, name: string) =>
  panel.getByRole('combobox', { name: 'Profile' }).selectOption({ label: name });
const response = (panel: Page) => panel.getByRole('region', { name: 'Response', exact: true });

/**
 * The panel as a user sees it: no canary in its text, whatever the server echoed (soft: the
 * disk scan still runs and reports too).
 */
async function expectNothingShown(panel: Page, canaries: readonly string[]) {
  const shown = `${await panel.content()}${await panel.locator('body').innerText()}`;
  for (const canary of canaries)
    expect.soft(shown.includes(canary), `the panel shows ${canary}`).toBe(false);
}

/** The drafts as the worker stored them. */
const storedDrafts = async (panel: Page) =>
  JSON.stringify(await panel.evaluate(() => chrome.storage.local.get('drafts')));

/** Whether K's last draft (POST orders with its body) and its call's history entry are stored. */
function lastCallKept(panel: Page) {
  return panel.evaluate(async () => {
    const stored = await chrome.storage.local.get(['drafts', 'history']);
    type Call = { method?: string; path?: string; body?: string };
    const drafts = Object.values((stored.drafts ?? {}) as Record<string, Call>);
    const history = (stored.history ?? []) as { entry?: Call }[];
    const posted = (call: Call | undefined) => call?.method === 'POST' && call.path === 'orders';
    return {
      draft: drafts.some((draft) => posted(draft) && (draft.body ?? '') !== ''),
      history: history.some((record) => posted(record.entry)),
    };
  });
}

for (const lock of ['off', 'on'] as const) {
  test(`no canary anywhere in the browser profile after calls with every profile's secrets (lock ${lock})`, async () => {
    test.setTimeout(180_000);
    const folder = mkdtempSync(join(tmpdir(), 'partner-api-scan-'));
    const sandbox = await createSandbox({
      port: 0,
      credentials: { apiKey: K_KEY, clientSecret: O_SECRET },
    });
    const hostile = await startHostileServer();
    const browser = await launchWithExtension([], [], folder);
    let oToken = '';
    try {
      const { context, extensionId } = browser;
      const panel = await context.newPage();
      await panel.goto(`chrome-extension://${extensionId}/${PANEL_PATH}`);
      if (lock === 'on') await turnOnLock(panel);
      const { companyId, clientId } = sandbox.credentials;
      await createOAuthProfile(panel, {
        name: 'O',
        method: 'OAuth (Basic header)',
        authUrl: sandbox.url,
        companyId,
        clientId,
        clientSecret: O_SECRET,
      });
      await createOAuthProfile(panel, {
        name: 'H',
        method: 'OAuth (Basic header)',
        authUrl: hostile.url,
        companyId,
        clientId: H_CLIENT,
        clientSecret: H_SECRET,
      });
      await createApiKeyProfile(panel, {
        name: 'K2',
        baseUrl: hostile.url,
        companyId,
        apiKey: K2_KEY,
      });
      await createApiKeyProfile(panel, {
        name: 'K',
        baseUrl: sandbox.url,
        companyId,
        apiKey: K_KEY,
      });

      // O's token, from the sandbox; H's token request, refused by a server echoing its Basic value.
      await pick(panel, 'O');
      await panel.getByRole('button', { name: 'Get token' }).click();
      const tokenRegion = panel.getByRole('region', { name: 'Token', exact: true });
      await expect(tokenRegion).toContainText('approved');
      const stored = (await panel.evaluate(() => chrome.storage.session.get('tokens'))) as {
        tokens: { accessToken: string }[];
      };
      oToken = stored.tokens[0]?.accessToken ?? '';
      expect(oToken.length).toBeGreaterThan(16);
      await pick(panel, 'H');
      await panel.getByRole('button', { name: 'Get token' }).click();
      await expect(
        tokenRegion.getByRole('heading', { name: 'Token request failed' }),
      ).toBeVisible();
      expect(hostile.paths).toContain('/o/oauth/accesstoken');
      const hBasic = Buffer.from(`${H_CLIENT}:${H_SECRET}`).toString('base64');
      await expectNothingShown(panel, [H_SECRET, hBasic]);

      // K2's key and O's token echoed back by a hostile /v1 in headers, bodies and Basic values.
      await pick(panel, 'K2');
      await panel.getByRole('textbox', { name: 'Path' }).fill('orders');
      await panel.getByRole('button', { name: 'Send' }).click();
      await expect(response(panel)).toContainText(/(?<!\d)403(?!\d)/);
      await responseTab(panel, 'Headers');
      await expect(response(panel)).toContainText('www-authenticate');
      await expectNothingShown(panel, [K2_KEY, encodeURIComponent(K2_KEY)]);
      await responseTab(panel, 'Body');
      await expectNothingShown(panel, [K2_KEY]);

      // In K: K2's key in the query, O's token in a header, both client secrets in the body, and
      // K's own key typed slowly into the path, then a "/": each pause outlasts the draft's save
      // delay. Slowly from its 8th character on, where the worker starts hiding a start of a
      // secret (the seven before it are no secret's start; typed slowly they only cost time).
      await pick(panel, 'K');
      const path = panel.getByRole('textbox', { name: 'Path' });
      await path.fill(`keys/${K_KEY.slice(0, 7)}`);
      await path.pressSequentially(`${K_KEY.slice(7, 14)}/`, { delay: 450 });
      // The last draft is written (its masked start and the "/" after it) before the next edit.
      await expect.poll(() => storedDrafts(panel), OFTEN).toContain('"path":"keys/••••/"');
      await path.fill('orders');
      await panel.getByRole('combobox', { name: 'Method' }).selectOption('POST');
      await requestTab(panel, 'Params');
      await panel.getByRole('button', { name: 'Add query parameter' }).click();
      await panel.getByRole('textbox', { name: 'Query parameter 1 name' }).fill('other');
      await panel.getByRole('textbox', { name: 'Query parameter 1 value' }).fill(K2_KEY);
      await requestTab(panel, 'Headers');
      await panel.getByRole('button', { name: 'Add header' }).click();
      await panel.getByRole('textbox', { name: 'Header 1 name' }).fill('X-Token');
      await panel.getByRole('textbox', { name: 'Header 1 value' }).fill(oToken);
      await requestTab(panel, 'Body');
      await panel
        .getByRole('textbox', { name: 'Body' })
        .fill(JSON.stringify({ o: O_SECRET, h: encodeURIComponent(H_SECRET) }));
      await panel.getByRole('button', { name: 'Send' }).click();
      await expect(response(panel)).toContainText(/\d{3}/);
      // The last draft and the call's history entry are written before the browser closes (the
      // entry a second after the answer, in the worker's batch: looked for often, not each second).
      await expect.poll(() => lastCallKept(panel), OFTEN).toEqual({ draft: true, history: true });
      await panel.close();
    } finally {
      await browser.close();
      await sandbox.close();
      await hostile.close();
    }
    const canaries = {
      K_KEY,
      K2_KEY,
      O_SECRET,
      H_SECRET,
      'typed start of K_KEY': K_KEY.slice(0, 14),
      "O's access token": oToken,
      'base64 of H_CLIENT:H_SECRET': Buffer.from(`${H_CLIENT}:${H_SECRET}`).toString('base64'),
    };
    const findings = scanProfile(folder, canaries, lock === 'off');
    rmSync(folder, { recursive: true, force: true });
    expect(findings).toEqual([]);
  });
}
