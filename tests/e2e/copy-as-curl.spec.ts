/**
 * Copy as cURL from the panel: the command it shows, run by the real curl with the API key
 * exported, reaches the sandbox and succeeds; the copy "with secrets" asks first.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from './fixtures';
import { createApiKeyProfile } from './profiles';
import { requestTab } from './workbench';

const run = promisify(execFile);

test('the copied command runs with curl once the variables are exported', async ({
  panel,
  sandbox,
}) => {
  const { apiKey, companyId } = sandbox.credentials;
  await createApiKeyProfile(panel, { baseUrl: sandbox.url, companyId, apiKey });
  await panel.getByRole('combobox', { name: 'Method' }).selectOption('POST');
  await panel.getByRole('textbox', { name: 'Path' }).fill('orders');
  await requestTab(panel, 'Body');
  await panel
    .getByRole('textbox', { name: 'Body' })
    .fill(`{"note":"it's $HOME \`x\`","company":"{{companyId}}"}`);

  await panel.getByRole('button', { name: 'Copy as cURL', exact: true }).click();
  const command = (await panel.getByRole('region', { name: 'cURL command' }).textContent()) ?? '';
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

  // With secrets: only after a confirmation in the panel, and then the key is in the copied text.
  await panel.getByRole('button', { name: 'Copy as cURL with secrets' }).click();
  const ask = panel.getByRole('dialog', { name: 'Copy as cURL with secrets' });
  await expect(ask).toContainText('API key in clear text');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toHaveCount(0);
  await expect(panel.getByText('Copied, with the API key')).toHaveCount(0);
  // Focus goes back to what opened the dialog.
  await expect(panel.getByRole('button', { name: 'Copy as cURL with secrets' })).toBeFocused();

  await panel.getByRole('button', { name: 'Copy as cURL with secrets' }).click();
  await ask.getByRole('button', { name: 'Copy with the API key' }).click();
  await expect(panel.getByText('Copied, with the API key in clear text.')).toBeVisible();
  expect(await panel.content()).not.toContain(apiKey);
});

test('when the clipboard refuses, code with variables stays on screen to select; code with the key is never shown', async ({
  panel,
  sandbox,
}) => {
  const { apiKey, companyId } = sandbox.credentials;
  await createApiKeyProfile(panel, { baseUrl: sandbox.url, companyId, apiKey });
  await panel.getByRole('textbox', { name: 'Path', exact: true }).fill('ping');
  // A browser that refuses both ways of copying (a policy, a page without focus).
  await panel.evaluate(() => {
    navigator.clipboard.writeText = () =>
      Promise.reject(new DOMException('Denied', 'NotAllowedError'));
    document.execCommand = () => false;
  });

  await panel.getByRole('button', { name: 'Copy as cURL', exact: true }).click();
  await expect(
    panel.getByText('Copying failed: select the code below and copy it by hand.'),
  ).toBeVisible();
  await expect(panel.getByRole('region', { name: 'cURL command' })).toContainText('$API_KEY');

  await panel.getByRole('button', { name: 'Copy as cURL with secrets' }).click();
  const ask = panel.getByRole('dialog', { name: 'Copy as cURL with secrets' });
  await ask.getByRole('button', { name: 'Copy with the API key' }).click();
  await expect(
    panel.getByText(
      'Copying failed, and code with the API key is not shown on screen: try again, or copy it with variables and set them first.',
    ),
  ).toBeVisible();
  await expect(panel.getByRole('region', { name: 'cURL command' })).toHaveCount(0);
  expect(await panel.content()).not.toContain(apiKey);
});
