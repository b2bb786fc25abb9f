/**
 * Work that survives: DevTools reloads the panel every time it is closed and reopened, so a
 * reload keeps each profile's draft, its last answer and its token; history keeps the last
 * answers; and every view shows only what belongs to the chosen profile.
 */
import { expect, test } from './fixtures';
import { createOAuthProfile, saveApiKeyProfile } from './profiles';
import { requestTab, sidebarTab } from './workbench';

test('a reload keeps the draft, the answer and the token of each profile, and nothing of another', async ({
  panel,
  sandbox,
}) => {
  const { apiKey, clientId, companyId } = sandbox.credentials;
  await saveApiKeyProfile(panel, { name: 'Key', baseUrl: sandbox.url, companyId, apiKey });
  await panel.getByRole('combobox', { name: 'Method' }).selectOption('POST');
  await panel.getByRole('textbox', { name: 'Path' }).fill('orders');
  await requestTab(panel, 'Body');
  await panel.getByRole('textbox', { name: 'Body' }).fill('{"sku":"A-1"}');
  await panel.getByRole('button', { name: 'Send' }).click();
  const response = panel.getByRole('region', { name: 'Response', exact: true });
  await expect(response).toContainText(/(?<!\d)201(?!\d)/);

  // Another profile starts clean: not the other's answer, draft or notes.
  await createOAuthProfile(panel, {
    name: 'OAuth',
    method: 'OAuth (form body)',
    authUrl: sandbox.url,
    companyId,
    clientId,
    clientSecret: 'a wrong secret',
  });
  await expect(response).not.toContainText(/(?<!\d)201(?!\d)/);
  await expect(panel.getByRole('textbox', { name: 'Path' })).toHaveValue('');
  await panel.getByRole('button', { name: 'Get token' }).click();
  const token = panel.getByRole('region', { name: 'Token', exact: true });
  await expect(token.getByRole('heading', { name: 'Token request failed' })).toBeVisible();
  await panel.getByRole('textbox', { name: 'Path' }).fill('ping');

  // DevTools closed and opened again: the OAuth profile's draft and failed token come back.
  await panel.reload();
  await expect(panel.getByRole('combobox', { name: 'Profile' })).toHaveText(/OAuth/);
  await expect(panel.getByRole('textbox', { name: 'Path' })).toHaveValue('ping');
  await requestTab(panel, 'Auth');
  await expect(token.getByRole('heading', { name: 'Token request failed' })).toBeVisible();

  // And the API-key profile's draft and last answer.
  await panel.getByRole('combobox', { name: 'Profile' }).selectOption({ label: 'Key' });
  await expect(panel.getByRole('textbox', { name: 'Path' })).toHaveValue('orders');
  await expect(panel.getByRole('combobox', { name: 'Method' })).toHaveValue('POST');
  await requestTab(panel, 'Body');
  await expect(panel.getByRole('textbox', { name: 'Body' })).toHaveValue('{"sku":"A-1"}');
  await expect(response).toContainText(/(?<!\d)201(?!\d)/);
  await expect(response.getByRole('note')).toContainText('kept while the panel was closed');
  // Kept in memory only, and masked: the API key is nowhere in what is kept.
  const kept = await panel.evaluate(async () => ({
    session: await chrome.storage.session.get(['answers']),
    local: await chrome.storage.local.get(['drafts']),
  }));
  expect(JSON.stringify(kept)).toContain('orders');
  expect(JSON.stringify(kept)).not.toContain(apiKey);
});

test('history opens a call with what came back for it', async ({ panel, sandbox }) => {
  await saveApiKeyProfile(panel, { ...sandbox.credentials, baseUrl: sandbox.url });
  const response = panel.getByRole('region', { name: 'Response', exact: true });
  for (const path of ['products/prd_1001', 'products/nope']) {
    await panel.getByRole('textbox', { name: 'Path' }).fill(path);
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect(response).toContainText(path.endsWith('nope') ? '404' : '200');
  }
  await sidebarTab(panel, 'History');
  await panel.getByRole('button', { name: /^Open GET products\/prd_1001/ }).click();
  await expect(panel.getByRole('textbox', { name: 'Path' })).toHaveValue('products/prd_1001');
  await expect(response).toContainText(/(?<!\d)200(?!\d)/);
  await expect(response.getByRole('note')).toContainText('history entry');
});

test('a call too long to keep or send says which part, and the notes go once it fits', async ({
  panel,
  sandbox,
}) => {
  await saveApiKeyProfile(panel, { ...sandbox.credentials, name: 'Key', baseUrl: sandbox.url });
  const path = panel.getByRole('textbox', { name: 'Path' });
  const notKept = panel.getByRole('status').filter({ hasText: 'This draft is not kept' });
  await path.fill(`products/${'x'.repeat(3000)}`);
  await expect(notKept).toBeVisible();
  await expect(notKept).toContainText(
    'The path is longer than the 2,048 characters a call may have.',
  );
  // The URL preview says it too, and Send explains instead of asking the worker.
  await expect(panel.getByText(/The path is longer than/)).toHaveCount(2);
  await panel.getByRole('button', { name: 'Send' }).click();
  const response = panel.getByRole('region', { name: 'Response', exact: true });
  await expect(response).toContainText('Shorten it, then Send.');
  await path.fill('products');
  await expect(notKept).toHaveCount(0);
  await panel.reload();
  await expect(panel.getByRole('textbox', { name: 'Path' })).toHaveValue('products');
});
