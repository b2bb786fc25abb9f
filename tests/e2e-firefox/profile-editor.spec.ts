/**
 * The profile editor in Firefox, as a user keeps profiles: a new profile, an edit that keeps the
 * saved secret, a duplicate whose secret is typed again, and a delete (asked first) that leaves the
 * other profile working. Each step is checked by a call the sandbox answers with the credentials
 * it expects, so a profile that only looks right fails.
 */
import type { Sandbox } from '../../src/sandbox/server';
import { expectGone, expectText, expectValue, type PanelDriver } from '../journeys/driver';
import { createApiKeyProfile } from '../journeys/profiles';
import { FIREFOX_WAIT_MS } from '../journeys/puppeteer-panel';
import { expect, test } from './fixtures';

/** The profiles the picker offers, and the one it shows. */
async function picker(panel: PanelDriver): Promise<{ names: string[]; chosen: string }> {
  const { texts, chosen } = await panel.role('combobox', 'Profile').options();
  return { names: texts, chosen };
}

async function expectPicker(panel: PanelDriver, names: string[], chosen: string) {
  await expect
    .poll(() => picker(panel), { timeout: FIREFOX_WAIT_MS })
    .toEqual({ names: expect.arrayContaining(names), chosen });
  expect((await picker(panel)).names).toHaveLength(names.length);
}

/** GET /v1/products with the shown profile: it reaches the sandbox and is answered 200. */
async function sendProducts(panel: PanelDriver, sandbox: Sandbox) {
  const before = sandbox.requests.length;
  await panel.role('textbox', 'Path').fill('products');
  await panel.role('button', 'Send').click();
  await expect.poll(() => sandbox.requests.length, { timeout: FIREFOX_WAIT_MS }).toBe(before + 1);
  await expectText(panel.role('region', 'Response'), '200 OK');
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
