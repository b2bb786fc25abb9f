/**
 * Copy as code through the built extension: the worker answers `code/build` for a saved profile
 * (its `{{variables}}` resolved, its secrets only in values mode), and what it writes runs: the
 * fetch snippet in a real page of Chromium, answering its prompt for API_KEY as a user would, and
 * the Python script in python3. Most cases send the message from the panel page exactly as the
 * panel sends it; one goes through the panel's `Copy as` menu, as a user does.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { saveApiKeyProfile, saveOAuthProfile } from './profiles';

const run = promisify(execFile);

interface Reply {
  ok: boolean;
  value?: { code: string };
  error?: { code: string; message: string };
}

/** One message to the worker, sent from the panel page as the panel sends it. */
function ask(panel: Page, type: string, payload: unknown): Promise<Reply> {
  return panel.evaluate(([type, payload]) => chrome.runtime.sendMessage({ type, payload }), [
    type,
    payload,
  ] as const) as Promise<Reply>;
}

async function activeProfileId(panel: Page): Promise<string> {
  const listed = (await panel.evaluate(() =>
    chrome.runtime.sendMessage({ type: 'profiles/list', payload: {} }),
  )) as { value: { activeProfileId: string } };
  return listed.value.activeProfileId;
}

const ORDER = {
  method: 'POST',
  path: 'orders',
  query: [{ name: 'ref', value: "it's {{companyId}}" }],
  headers: [{ name: 'X-Note', value: 'from "copied" code' }],
  body: '{"company":"{{companyId}}","note":"$HOME `x`"}',
};

async function runPython(code: string, env: Record<string, string> = {}): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'copy-as-python-'));
  try {
    writeFileSync(join(dir, 'call.py'), code);
    const { stdout } = await run('python3', [join(dir, 'call.py')], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, no_proxy: '*', ...env },
    });
    return stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the worker writes the call as fetch and Python, which run; secrets only when asked', async ({
  context,
  panel,
  sandbox,
}) => {
  const { apiKey, companyId } = sandbox.credentials;
  await saveApiKeyProfile(panel, { baseUrl: sandbox.url, companyId, apiKey });
  const profileId = await activeProfileId(panel);
  const build = (language: string, mode = 'variables') =>
    ask(panel, 'code/build', { profileId, language, mode, ...ORDER });

  const fetchReply = await build('fetch');
  expect(fetchReply.ok, fetchReply.error?.message).toBe(true);
  const fetchCode = fetchReply.value?.code ?? '';
  expect(fetchCode).toContain('"x-apikey": readVariable("API_KEY")');
  expect(fetchCode).toContain(companyId); // {{companyId}} resolved, as the panel sends it
  expect(fetchCode).not.toContain(apiKey);

  // Pasted into the console of a page, as DevTools runs it (REPL mode: top-level await), the
  // snippet asks for API_KEY and a user types it. The page is one of the sandbox's own (so no
  // CORS is involved), not its demo page, whose Content-Security-Policy allows no fetch.
  const page = await context.newPage();
  await page.goto(`${sandbox.url}/__sandbox/switches`);
  const prompts: string[] = [];
  page.on('dialog', async (dialog) => {
    prompts.push(dialog.message());
    await dialog.accept(apiKey);
  });
  const printed = page.waitForEvent('console', (message) => message.text().startsWith('{'));
  const devtools = await context.newCDPSession(page);
  const evaluated = await devtools.send('Runtime.evaluate', {
    expression: fetchCode,
    replMode: true,
    awaitPromise: true,
  });
  expect(evaluated.exceptionDetails).toBeUndefined();
  const answer = JSON.parse((await printed).text());
  expect(prompts).toEqual(['API_KEY']);
  expect(answer.echo.body).toEqual({ company: companyId, note: '$HOME `x`' });
  const fromPage = sandbox.requests.filter((request) => request.path === '/v1/orders');
  expect(fromPage).toHaveLength(1);
  expect(fromPage[0]?.headers).toMatchObject({
    'x-apikey': apiKey,
    companyid: companyId,
    'x-note': 'from "copied" code',
  });

  const python = (await build('python')).value?.code ?? '';
  expect(python).toContain('os.environ["API_KEY"]');
  expect(python).not.toContain(apiKey);
  expect(JSON.parse(await runPython(python, { API_KEY: apiKey })).echo.query).toEqual({
    ref: `it's ${companyId}`,
  });

  // Values mode (the panel asks first) writes the key in; nothing else is needed to run it.
  const withKey = (await build('python', 'values')).value?.code ?? '';
  expect(withKey).toContain(`"x-apikey": "${apiKey}"`);
  expect(JSON.parse(await runPython(withKey)).echo.auth).toMatchObject({ method: 'apikey' });

  const unknown = await build('ruby');
  expect(unknown).toMatchObject({ ok: false, error: { code: 'bad_message' } });

  // Through the panel: the Copy as menu beside Copy as cURL, its item named for the language. The
  // panel is brought to front first, as a user's click does: behind the console's page its
  // animation frames are held back, and each action would wait about 2 s for a stable target.
  await panel.bringToFront();
  await panel.getByRole('textbox', { name: 'Path' }).fill('ping');
  await panel.getByRole('button', { name: 'Copy as', exact: true }).click();
  await panel.getByRole('menuitem', { name: 'Copy as Python', exact: true }).click();
  const shown = (await panel.getByRole('region', { name: 'Python code' }).textContent()) ?? '';
  expect(shown).not.toContain(apiKey);
  expect(JSON.parse(await runPython(shown, { API_KEY: apiKey })).echo.path).toBe('/v1/ping');
  await expect(panel.getByRole('button', { name: 'Copy as', exact: true })).toBeFocused();
});

test('for an OAuth profile the code runs the grant first; values mode carries the token only', async ({
  panel,
  sandbox,
}) => {
  const { clientId, clientSecret, companyId } = sandbox.credentials;
  await saveOAuthProfile(panel, {
    method: 'OAuth (Basic header)',
    authUrl: sandbox.url,
    companyId,
    clientId,
    clientSecret,
  });
  const profileId = await activeProfileId(panel);
  const build = (language: string, mode: string) =>
    ask(panel, 'code/build', { profileId, language, mode, ...ORDER });

  for (const language of ['fetch', 'python', 'httpie', 'powershell']) {
    const code = (await build(language, 'variables')).value?.code ?? '';
    expect(code, language).toContain('(variant A, Basic header)');
    expect(code, language).toMatch(/CLIENT_SECRET/);
    expect(code, language).not.toContain(clientSecret);
  }
  const python = (await build('python', 'variables')).value?.code ?? '';
  const answer = JSON.parse(
    await runPython(python, { CLIENT_ID: clientId, CLIENT_SECRET: clientSecret }),
  );
  expect(answer.echo.auth).toEqual({ method: 'bearer', clientId });
  const grants = sandbox.requests.filter((request) => request.path === '/o/oauth/accesstoken');
  expect(grants.map((request) => request.headers.authorization?.split(' ')[0])).toEqual(['Basic']);

  const withToken = (await build('python', 'values')).value?.code ?? '';
  const token = /"Authorization": "Bearer ([^"]+)"/.exec(withToken)?.[1] ?? '';
  expect(token).not.toBe('');
  expect(withToken).not.toContain(clientSecret);
  expect(JSON.parse(await runPython(withToken)).echo.auth).toEqual({ method: 'bearer', clientId });
});
