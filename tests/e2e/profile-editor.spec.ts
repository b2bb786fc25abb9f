/**
 * The profile editor's conveniences met by a new user: New profile starts in the name field as
 * Edit does, a Show toggle reveals the secret being typed (and only on request), and Duplicate
 * profile opens a new profile with the settings of the one being edited, its secret typed again;
 * a Variable holding a saved secret is refused, since Variables are kept unsealed.
 */
import { expect, test } from './fixtures';
import { createApiKeyProfile, createOAuthProfile } from './profiles';

test('New profile and Edit profile both start in the name field', async ({ panel, sandbox }) => {
  await createApiKeyProfile(panel, { ...sandbox.credentials, baseUrl: sandbox.url });
  await panel.getByRole('button', { name: 'New profile' }).click();
  const dialog = panel.getByRole('dialog', { name: 'New profile' });
  await expect(dialog.getByRole('textbox', { name: 'Profile name' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await panel.getByRole('button', { name: 'Edit profile' }).click();
  await expect(panel.getByRole('textbox', { name: 'Profile name' })).toBeFocused();
});

test('Edit profile takes focus as the editor appears, so what is typed at once stays in the field it was typed in', async ({
  panel,
  sandbox,
}) => {
  const { clientId, clientSecret, companyId } = sandbox.credentials;
  await createOAuthProfile(panel, {
    method: 'OAuth (Basic header)',
    authUrl: sandbox.url,
    clientId,
    clientSecret,
    companyId,
  });
  // Which field has focus when the editor's form enters the page (its code loads after the
  // dialog opened): focus moved any later would take a field the user already reached, and
  // the secret typed there would land in the profile's name.
  await panel.evaluate(() => {
    const seen = window as unknown as { focusAtMount?: string };
    new MutationObserver((_changes, observer) => {
      const form = document.querySelector('dialog form[aria-label="Profile editor"]');
      if (form === null) return;
      observer.disconnect();
      const focused = document.activeElement as HTMLInputElement | null;
      seen.focusAtMount = focused?.labels?.[0]?.textContent ?? focused?.tagName ?? 'none';
    }).observe(document.body, { childList: true, subtree: true });
  });
  await panel.getByRole('button', { name: 'Edit profile' }).click();
  const dialog = panel.getByRole('dialog', { name: /^Edit profile/ });
  await dialog.getByLabel('Client secret').fill('wrong-secret-0000');
  expect(await panel.evaluate(() => (window as { focusAtMount?: string }).focusAtMount)).toBe(
    'Profile name',
  );
  await expect(dialog.getByRole('textbox', { name: 'Profile name' })).toHaveValue(
    'Sandbox (OAuth (Basic header))',
  );
  // Every id in the panel is unique while the editor is open: each label names its own input.
  const ids = await panel.evaluate(() => [...document.querySelectorAll('[id]')].map((e) => e.id));
  expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  await dialog.getByRole('button', { name: 'Save profile' }).click();
  await expect(panel.getByRole('combobox', { name: 'Profile' })).toContainText(
    'Sandbox (OAuth (Basic header))',
  );
  await expect(panel.getByRole('combobox', { name: 'Profile' }).getByRole('option')).toHaveCount(1);
});

test('Show client secret reveals what is typed, and the secret is hidden again', async ({
  panel,
}) => {
  await panel.getByRole('combobox', { name: 'Auth method' }).selectOption({
    label: 'OAuth (form body)',
  });
  const secret = panel.getByLabel('Client secret');
  await secret.fill('s3cret-with-space ');
  await expect(secret).toHaveAttribute('type', 'password');
  const show = panel.getByRole('button', { name: 'Show client secret' });
  await expect(show).toHaveAttribute('aria-pressed', 'false');
  await show.click();
  await expect(show).toHaveAttribute('aria-pressed', 'true');
  await expect(secret).toHaveAttribute('type', 'text');
  await expect(secret).toHaveValue('s3cret-with-space ');
  await show.click();
  await expect(secret).toHaveAttribute('type', 'password');
  // The API key has its own toggle.
  await panel.getByRole('combobox', { name: 'Auth method' }).selectOption({ label: 'API key' });
  await expect(panel.getByRole('button', { name: 'Show API key' })).toBeVisible();
});

test('Duplicate profile opens a new profile with the same settings, the secret typed again', async ({
  panel,
  sandbox,
}) => {
  await createOAuthProfile(panel, {
    name: 'Staging',
    method: 'OAuth (form body)',
    authUrl: sandbox.url,
    ...sandbox.credentials,
  });
  await panel.getByRole('button', { name: 'Edit profile' }).click();
  await panel.getByRole('button', { name: 'Duplicate profile' }).click();
  const dialog = panel.getByRole('dialog', { name: 'New profile' });
  await expect(dialog.getByRole('textbox', { name: 'Profile name' })).toHaveValue('Staging (copy)');
  await expect(dialog.getByRole('combobox', { name: 'Auth method' })).toHaveValue('oauthBody');
  await expect(dialog.getByRole('textbox', { name: 'Auth URL' })).toHaveValue(sandbox.url);
  await expect(dialog.getByRole('textbox', { name: 'Client ID' })).toHaveValue(
    sandbox.credentials.clientId,
  );
  await expect(dialog.getByLabel('Client secret')).toHaveValue('');
  await dialog.getByLabel('Client secret').fill(sandbox.credentials.clientSecret);
  await dialog.getByRole('button', { name: 'Save profile' }).click();
  await expect(panel.getByRole('combobox', { name: 'Profile' })).toHaveText(/Staging \(copy\)/);
  // The copy works with the secret typed again: the token endpoint grants it a token.
  await panel.getByRole('button', { name: 'Get token' }).click();
  const token = panel.getByRole('region', { name: 'Token', exact: true });
  await expect(token.getByRole('timer')).toHaveText(/^expires in \d+ min \d+ s$/);
});

test('an Auth URL pasted with the token path is offered without it, and Get token then reaches the token endpoint', async ({
  panel,
  sandbox,
}) => {
  const { clientId, clientSecret, companyId } = sandbox.credentials;
  await panel.getByRole('button', { name: 'New profile' }).click();
  await panel.getByRole('textbox', { name: 'Profile name' }).fill('Pasted');
  await panel
    .getByRole('combobox', { name: 'Auth method' })
    .selectOption({ label: 'OAuth (Basic header)' });
  const authUrl = panel.getByRole('textbox', { name: 'Auth URL' });
  await authUrl.fill(`${sandbox.url}/o/oauth/accesstoken`);
  await expect(authUrl).toHaveAccessibleDescription(
    /ends with the token path \/o\/oauth\/accesstoken/,
  );
  const use = panel.getByRole('button', { name: `Use ${sandbox.url} as the Auth URL` });
  await expect(use).toHaveText(`Use ${sandbox.url}`);
  await use.click();
  await expect(authUrl).toHaveValue(sandbox.url);
  await expect(use).toHaveCount(0);
  await expect(panel.getByText('ends with the token path')).toHaveCount(0);

  await panel.getByRole('textbox', { name: 'Base URL' }).fill(sandbox.url);
  await panel.getByRole('textbox', { name: 'Company ID' }).fill(companyId);
  await panel.getByRole('textbox', { name: 'Client ID' }).fill(clientId);
  await panel.getByLabel('Client secret').fill(clientSecret);
  await panel.getByRole('button', { name: 'Save profile' }).click();
  await panel.getByRole('banner').getByRole('button', { name: 'Get token' }).click();
  await expect(panel.getByRole('banner').locator('.badge')).toHaveText('approved');
  const paths = sandbox.requests.map((request) => request.path);
  expect(paths).toContain('/o/oauth/accesstoken');
  expect(paths.filter((path) => path.includes('accesstoken/o/oauth'))).toEqual([]);
});

test('Save profile refuses a Variable that holds a saved secret, even base64-encoded, naming it', async ({
  panel,
  sandbox,
}) => {
  const { apiKey } = sandbox.credentials;
  await createApiKeyProfile(panel, { ...sandbox.credentials, baseUrl: sandbox.url });
  await panel.getByRole('button', { name: 'Edit profile' }).click();
  await panel.getByText('Variables (0)').click();
  await panel.getByRole('button', { name: 'Add variable' }).click();
  await panel.getByRole('textbox', { name: 'Variable 1 name' }).fill('partnerKey');
  await panel.getByRole('textbox', { name: 'Variable 1 value' }).fill(btoa(apiKey));
  await panel.getByRole('button', { name: 'Save profile' }).click();
  const refused = panel.getByRole('form', { name: 'Profile editor' }).getByRole('alert');
  await expect(refused).toContainText(
    'Not saved: the profile variable "partnerKey" holds one of your stored secrets',
  );
  await expect(refused).toContainText(
    'A secret belongs only in a profile’s API key or Client secret',
  );
  await expect(refused).not.toContainText(apiKey);
  const stored = await panel.evaluate(() => chrome.storage.local.get(null));
  expect(JSON.stringify(stored)).not.toContain(btoa(apiKey));
});
