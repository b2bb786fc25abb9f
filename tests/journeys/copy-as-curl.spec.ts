/**
 * Copy as cURL, in Chromium and in Firefox (a journey of both projects): Copy as cURL copies (the
 * panel says so) and shows a command with the API key as a variable; run by the real curl with
 * the key exported, it reaches the sandbox and gets the answer the panel would. "With secrets"
 * asks first, Cancel copies nothing and gives the focus back; the other languages come from the
 * Copy as menu. No key in the panel either way. A clipboard that refuses:
 * tests/e2e/copy-as-curl.spec.ts.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expectGone, expectPanelText, expectText } from './driver';
import { expect, test } from './fixtures';
import { createApiKeyProfile } from './profiles';

const run = promisify(execFile);

test('Copy as cURL gives a command curl runs against the sandbox, secrets only when asked', async ({
  panel,
  sandbox,
}) => {
  const { apiKey, companyId } = sandbox.credentials;
  await createApiKeyProfile(panel, { baseUrl: sandbox.url, companyId, apiKey });
  await panel.choose('Method', 'POST');
  await panel.role('textbox', 'Path').fill('orders');
  await panel.tab('Request', 'Body');
  await panel.role('textbox', 'Body').fill(`{"note":"it's $HOME \`x\`","company":"{{companyId}}"}`);

  await panel.role('button', 'Copy as cURL').click();
  await expectPanelText(panel, 'Copied. Set the variables');
  const command = await panel.role('region', 'cURL command').text();
  expect(command).toContain('"x-apikey: $API_KEY"');
  expect(command).not.toContain(apiKey);

  const { stdout } = await run('sh', ['-c', command], {
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: '/nonexistent',
      API_KEY: apiKey,
      no_proxy: '*',
    },
  });
  expect(JSON.parse(stdout).echo.body).toEqual({ note: "it's $HOME `x`", company: companyId });
  const received = sandbox.requests.filter((request) => request.path === '/v1/orders');
  expect(received).toHaveLength(1);
  expect(received[0]?.headers['x-apikey']).toBe(apiKey);
  expect(received[0]?.headers['user-agent']).toMatch(/^curl\//);

  // With secrets: asked first; Cancel copies nothing and gives the focus back to what asked.
  const withSecrets = panel.role('button', 'Copy as cURL with secrets');
  await withSecrets.click();
  const ask = panel.role('dialog', 'Copy as cURL with secrets');
  await expectText(ask, 'API key in clear text');
  await ask.within('button', 'Cancel').click();
  await expectGone(panel.role('dialog', 'Copy as cURL with secrets'));
  expect(await panel.evaluate(() => document.body.innerText)).not.toContain(
    'Copied, with the API key',
  );
  await expect.poll(() => withSecrets.focused()).toBe(true);
  await withSecrets.click();
  await ask.within('button', 'Copy with the API key').click();
  await expectPanelText(panel, 'Copied, with the API key in clear text.');

  // The menu's languages: Python, with the key as an environment variable.
  await panel.role('button', 'Copy as').click();
  await panel.role('menuitem', 'Copy as Python').click();
  await expectText(panel.role('region', 'Python code'), 'os.environ["API_KEY"]');
  expect(await panel.content()).not.toContain(apiKey);
});
