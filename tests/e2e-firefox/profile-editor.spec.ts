/**
 * The profile editor in Firefox, as a user keeps profiles: a new profile, an edit that keeps the
 * saved secret, a duplicate whose secret is typed again, and a delete (asked first) that leaves the
 * other profile working. Each step is checked by a call the sandbox answers with the credentials
 * it expects, so a profile that only looks right fails.
 */
import type { Page } from 'puppeteer-core';
import type { Sandbox } from '../../src/sandbox/server';
import { expect, test } from './fixtures';
import {
  byLabel,
  byRole,
  expectGone,
  expectText,
  fill,
  inside,
  PANEL_WAIT_MS,
} from './panel-driver';
import { createApiKeyProfile } from './profiles';

/** The profiles the picker offers, and the one it shows. */
async function picker(panel: Page): Promise<{ names: string[]; chosen: string }> {
  const select = await byRole(panel, 'combobox', 'Profile').waitHandle();
  return select.evaluate((element) => {
    const list = element as HTMLSelectElement;
    return {
      names: [...list.options].map((option) => option.text),
      chosen: list.selectedOptions[0]?.text ?? '',
    };
  });
}

async function expectPicker(panel: Page, names: string[], chosen: string) {
  await expect
    .poll(() => picker(panel), { timeout: PANEL_WAIT_MS })
    .toEqual({ names: expect.arrayContaining(names), chosen });
  expect((await picker(panel)).names).toHaveLength(names.length);
}

/** GET /v1/products with the shown profile: it reaches the sandbox and is answered 200. */
async function sendProducts(panel: Page, sandbox: Sandbox) {
  const before = sandbox.requests.length;
  await fill(byRole(panel, 'textbox', 'Path'), 'products');
  await byRole(panel, 'button', 'Send').click();
  await expect.poll(() => sandbox.requests.length, { timeout: PANEL_WAIT_MS }).toBe(before + 1);
  await expectText(byRole(panel, 'region', 'Response'), '200 OK');
}

test('a profile is created, edited, duplicated and deleted, and each one still calls', async ({
  panel,
  sandbox,
}) => {
  const { apiKey, companyId } = sandbox.credentials;
  await createApiKeyProfile(panel, { name: 'Sandbox', baseUrl: sandbox.url, companyId, apiKey });
  await expectPicker(panel, ['Sandbox'], 'Sandbox');

  // Edit: a new name, the secret left empty (kept), and the call still carries the key.
  await byRole(panel, 'button', 'Edit profile').click();
  const editor = byRole(panel, 'form', 'Profile editor');
  await fill(byRole(panel, 'textbox', 'Profile name'), 'Sandbox EU');
  await (await inside(editor, 'button', 'Save profile')).click();
  await expectPicker(panel, ['Sandbox EU'], 'Sandbox EU');
  await sendProducts(panel, sandbox);

  // Duplicate: the same settings under a new name, the secret typed again.
  await byRole(panel, 'button', 'Edit profile').click();
  await byRole(panel, 'button', 'Duplicate profile').click();
  const copy = byRole(panel, 'dialog', 'New profile');
  await expect
    .poll(async () =>
      (await inside(copy, 'textbox', 'Profile name')).evaluate(
        (input) => (input as HTMLInputElement).value,
      ),
    )
    .toBe('Sandbox EU (copy)');
  const baseUrl = await inside(copy, 'textbox', 'Base URL');
  expect(await baseUrl.evaluate((input) => (input as HTMLInputElement).value)).toBe(sandbox.url);
  const secret = await byLabel(panel, 'API key').waitHandle();
  expect(await secret.evaluate((input) => (input as HTMLInputElement).value)).toBe('');
  await fill(byLabel(panel, 'API key'), apiKey);
  await (await inside(copy, 'button', 'Save profile')).click();
  await expectGone(panel, 'dialog', 'New profile');
  await expectPicker(panel, ['Sandbox EU', 'Sandbox EU (copy)'], 'Sandbox EU (copy)');
  await sendProducts(panel, sandbox);

  // Delete the copy: asked first, then gone; the original is shown and still calls.
  await byRole(panel, 'button', 'Edit profile').click();
  await (await inside(byRole(panel, 'form', 'Profile editor'), 'button', 'Delete profile')).click();
  const ask = byRole(panel, 'dialog', 'Delete profile');
  await expectText(ask, 'Delete the profile “Sandbox EU (copy)”');
  await (await inside(ask, 'button', 'Delete profile')).click();
  await expectGone(panel, 'dialog', 'Delete profile');
  await expectPicker(panel, ['Sandbox EU'], 'Sandbox EU');
  await sendProducts(panel, sandbox);

  const calls = sandbox.requests.filter((request) => request.path === '/v1/products');
  expect(calls).toHaveLength(3);
  for (const call of calls) expect(call.headers['x-apikey']).toBe(apiKey);
  expect(await panel.content()).not.toContain(apiKey);
});
