/**
 * The profile editor, in Chromium and in Firefox (journeys of both projects), as a user keeps
 * profiles: a new profile, an edit that keeps the saved secret, a duplicate whose secret is typed
 * again, and a delete (asked first) that leaves the other profile working, each step checked by a
 * call the sandbox answers with the credentials it expects, so a profile that only looks right
 * fails. And its conveniences met by a new user: New profile starts in the name field as Edit
 * does, a Show toggle reveals the secret being typed (and only on request), an Auth URL pasted
 * with the token path is offered without it, and a Variable holding a saved secret is refused,
 * since Variables are kept unsealed.
 */
import type { Sandbox } from '../../src/sandbox/server';
import { expectGone, expectText, expectValue, type PanelDriver } from './driver';
import { expect, test } from './fixtures';
import { createApiKeyProfile, createOAuthProfile } from './profiles';

/** The profiles the picker offers, and the one it shows. */
async function picker(panel: PanelDriver): Promise<{ names: string[]; chosen: string }> {
  const { texts, chosen } = await panel.role('combobox', 'Profile').options();
  return { names: texts, chosen };
}

async function expectPicker(panel: PanelDriver, names: string[], chosen: string) {
  await expect
    .poll(() => picker(panel), { timeout: panel.waitMs })
    .toEqual({ names: expect.arrayContaining(names), chosen });
  expect((await picker(panel)).names).toHaveLength(names.length);
}

/** GET /v1/products with the shown profile: it reaches the sandbox and is answered 200. */
async function sendProducts(panel: PanelDriver, sandbox: Sandbox) {
  const before = sandbox.requests.length;
  await panel.role('textbox', 'Path').fill('products');
  await panel.role('button', 'Send').click();
  await expect.poll(() => sandbox.requests.length, { timeout: panel.waitMs }).toBe(before + 1);
  await expectText(panel.role('region', 'Response'), '200 OK');
}

/** What the toolbar's badge says (approved, expired, …). */
function badge(panel: PanelDriver) {
  return panel.evaluate(
    () => document.querySelector('header.toolbar .badge')?.textContent ?? '(no badge)',
  );
}

test('a profile is created, edited, duplicated and deleted, and each one still calls', async ({
  panel,
  sandbox,
}) => {
  const { apiKey, companyId } = sandbox.credentials;
  await createApiKeyProfile(panel, { name: 'Sandbox', baseUrl: sandbox.url, companyId, apiKey });
  await expectPicker(panel, ['Sandbox'], 'Sandbox');

  // Edit: a new name, the secret left empty (kept), and the call still carries the key.
  await panel.role('button', 'Edit profile').click();
  const editor = panel.role('form', 'Profile editor');
  await panel.role('textbox', 'Profile name').fill('Sandbox EU');
  await editor.within('button', 'Save profile').click();
  await expectPicker(panel, ['Sandbox EU'], 'Sandbox EU');
  await sendProducts(panel, sandbox);

  // Duplicate: the same settings under a new name, the secret typed again.
  await panel.role('button', 'Edit profile').click();
  await panel.role('button', 'Duplicate profile').click();
  const copy = panel.role('dialog', 'New profile');
  await expectValue(copy.within('textbox', 'Profile name'), 'Sandbox EU (copy)');
  expect(await copy.within('textbox', 'Base URL').value()).toBe(sandbox.url);
  expect(await panel.label('API key').value()).toBe('');
  await panel.label('API key').fill(apiKey);
  await copy.within('button', 'Save profile').click();
  await expectGone(panel.role('dialog', 'New profile'));
  await expectPicker(panel, ['Sandbox EU', 'Sandbox EU (copy)'], 'Sandbox EU (copy)');
  await sendProducts(panel, sandbox);

  // Delete the copy: asked first, then gone; the original is shown and still calls.
  await panel.role('button', 'Edit profile').click();
  await panel.role('form', 'Profile editor').within('button', 'Delete profile').click();
  const ask = panel.role('dialog', 'Delete profile');
  await expectText(ask, 'Delete the profile “Sandbox EU (copy)”');
  await ask.within('button', 'Delete profile').click();
  await expectGone(panel.role('dialog', 'Delete profile'));
  await expectPicker(panel, ['Sandbox EU'], 'Sandbox EU');
  await sendProducts(panel, sandbox);

  const calls = sandbox.requests.filter((request) => request.path === '/v1/products');
  expect(calls).toHaveLength(3);
  for (const call of calls) expect(call.headers['x-apikey']).toBe(apiKey);
  expect(await panel.content()).not.toContain(apiKey);
});

test('New profile and Edit profile both start in the name field', async ({ panel, sandbox }) => {
  await createApiKeyProfile(panel, { ...sandbox.credentials, baseUrl: sandbox.url });
  await panel.role('button', 'New profile').click();
  const dialog = panel.role('dialog', 'New profile');
  await expect.poll(() => dialog.within('textbox', 'Profile name').focused()).toBe(true);
  await dialog.within('button', 'Cancel').click();
  await panel.role('button', 'Edit profile').click();
  await expect.poll(() => panel.role('textbox', 'Profile name').focused()).toBe(true);
});

test('Show client secret reveals what is typed, and the secret is hidden again', async ({
  panel,
}) => {
  await panel.choose('Auth method', 'OAuth (form body)');
  const secret = panel.label('Client secret');
  await secret.fill('s3cret-with-space ');
  expect(await secret.attribute('type')).toBe('password');
  const show = panel.role('button', 'Show client secret');
  expect(await show.attribute('aria-pressed')).toBe('false');
  await show.click();
  await expect.poll(() => show.attribute('aria-pressed')).toBe('true');
  await expect.poll(() => secret.attribute('type')).toBe('text');
  expect(await secret.value()).toBe('s3cret-with-space ');
  await show.click();
  await expect.poll(() => secret.attribute('type')).toBe('password');
  // The API key has its own toggle.
  await panel.choose('Auth method', 'API key');
  await panel.role('button', 'Show API key').wait();
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
  await panel.role('button', 'Edit profile').click();
  await panel.role('button', 'Duplicate profile').click();
  const dialog = panel.role('dialog', 'New profile');
  await expectValue(dialog.within('textbox', 'Profile name'), 'Staging (copy)');
  expect(await dialog.within('combobox', 'Auth method').value()).toBe('oauthBody');
  expect(await dialog.within('textbox', 'Auth URL').value()).toBe(sandbox.url);
  expect(await dialog.within('textbox', 'Client ID').value()).toBe(sandbox.credentials.clientId);
  expect(await panel.label('Client secret').value()).toBe('');
  await panel.label('Client secret').fill(sandbox.credentials.clientSecret);
  await dialog.within('button', 'Save profile').click();
  await expect
    .poll(async () => (await panel.role('combobox', 'Profile').options()).chosen)
    .toBe('Staging (copy)');
  // The copy works with the secret typed again: the token endpoint grants it a token.
  await panel.role('button', 'Get token').click();
  const token = panel.role('region', 'Token');
  await expectText(token.within('timer'), /^expires in \d+ min \d+ s$/);
});

test('an Auth URL pasted with the token path is offered without it, and Get token then reaches the token endpoint', async ({
  panel,
  sandbox,
}) => {
  const { clientId, clientSecret, companyId } = sandbox.credentials;
  await panel.role('button', 'New profile').click();
  await panel.role('textbox', 'Profile name').fill('Pasted');
  await panel.choose('Auth method', 'OAuth (Basic header)');
  const authUrl = panel.role('textbox', 'Auth URL');
  await authUrl.fill(`${sandbox.url}/o/oauth/accesstoken`);
  await expect
    .poll(() => authUrl.description())
    .toMatch(/ends with the token path \/o\/oauth\/accesstoken/);
  const use = panel.role('button', `Use ${sandbox.url} as the Auth URL`);
  expect((await use.text()).trim()).toBe(`Use ${sandbox.url}`);
  await use.click();
  await expectValue(authUrl, sandbox.url);
  await expectGone(use);
  expect(await panel.text('ends with the token path').count()).toBe(0);

  await panel.role('textbox', 'Base URL').fill(sandbox.url);
  await panel.role('textbox', 'Company ID').fill(companyId);
  await panel.role('textbox', 'Client ID').fill(clientId);
  await panel.label('Client secret').fill(clientSecret);
  await panel.role('button', 'Save profile').click();
  await expectGone(panel.role('form', 'Profile editor'));
  await panel.role('banner').within('button', 'Get token').click();
  await expect.poll(() => badge(panel)).toBe('approved');
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
  await panel.role('button', 'Edit profile').click();
  await panel.text('Variables (0)').click();
  await panel.role('button', 'Add variable').click();
  await panel.role('textbox', 'Variable 1 name').fill('partnerKey');
  await panel.role('textbox', 'Variable 1 value').fill(btoa(apiKey));
  await panel.role('button', 'Save profile').click();
  const refused = panel.role('form', 'Profile editor').within('alert');
  await expectText(
    refused,
    'Not saved: the profile variable "partnerKey" holds one of your stored secrets',
  );
  await expectText(refused, 'A secret belongs only in a profile’s API key or Client secret');
  expect(await refused.text()).not.toContain(apiKey);
  // Firefox's `browser` and Chromium's `chrome` name the same storage.
  const stored = await panel.evaluate(() => {
    const api = (globalThis as { browser?: typeof chrome }).browser ?? chrome;
    return api.storage.local.get(null);
  });
  expect(JSON.stringify(stored)).not.toContain(btoa(apiKey));
});
