/**
 * No form state for a field that can hold a secret: Chromium writes the values of a page's form
 * controls into its `Sessions/` files (to restore a tab), unless the control, or its form, has
 * `autocomplete="off"`. A typed assertion value or header can be the real key, so every text field
 * of the composer's tabs (Params, Headers, Body, Tests), the profile editor (its variables, its
 * secrets), the dialogs and the searches is checked here, in the built panel, for it.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createApiKeyProfile } from './profiles';
import { requestTab } from './workbench';

/** The text fields on screen whose form state Chromium would keep, by accessible name. */
function fieldsWithFormState(panel: Page): Promise<{ all: number; kept: string[] }> {
  return panel.evaluate(() => {
    const skipped = new Set(['checkbox', 'radio', 'file', 'hidden', 'button', 'submit']);
    const fields = [...document.querySelectorAll('input, textarea')].filter(
      (field) => !(field instanceof HTMLInputElement && skipped.has(field.type)),
    ) as (HTMLInputElement | HTMLTextAreaElement)[];
    const off = (field: HTMLInputElement | HTMLTextAreaElement) =>
      field.getAttribute('autocomplete') === 'off' ||
      (field instanceof HTMLInputElement && field.type === 'password') ||
      field.form?.getAttribute('autocomplete') === 'off';
    return {
      all: fields.length,
      kept: fields
        .filter((field) => !off(field))
        .map((field) => field.getAttribute('aria-label') ?? field.id ?? field.name),
    };
  });
}

async function expectNoFormState(panel: Page, where: string, atLeast: number) {
  const { all, kept } = await fieldsWithFormState(panel);
  expect(kept, `${where}: fields whose form state Chromium keeps`).toEqual([]);
  expect(all, `${where}: the fields were on screen`).toBeGreaterThanOrEqual(atLeast);
}

test('no text field of the panel keeps form state: composer tabs, Tests, profile editor, dialogs', async ({
  panel,
  sandbox,
}) => {
  const { apiKey, companyId } = sandbox.credentials;
  await createApiKeyProfile(panel, { baseUrl: sandbox.url, companyId, apiKey });
  await requestTab(panel, 'Params');
  await panel.getByRole('button', { name: 'Add query parameter' }).click();
  await expectNoFormState(panel, 'Params', 3); // Path, the parameter's name and value
  await requestTab(panel, 'Headers');
  await panel.getByRole('button', { name: 'Add header' }).click();
  await expectNoFormState(panel, 'Headers', 3);
  await requestTab(panel, 'Body');
  await expectNoFormState(panel, 'Body', 2);
  await requestTab(panel, 'Tests');
  await panel.getByRole('button', { name: 'Add assertion' }).click();
  await panel.getByRole('button', { name: 'Add answer variable' }).click();
  await panel.getByRole('textbox', { name: 'Assertion 1 value' }).fill(apiKey);
  await expectNoFormState(panel, 'Tests', 5); // Path, the assertion's two, the variable's two

  await panel.getByRole('button', { name: 'Edit profile' }).click();
  const editor = panel.getByRole('form', { name: 'Profile editor' });
  await expect(editor).toBeVisible();
  await expectNoFormState(panel, 'Profile editor', 4);
  await editor.getByRole('button', { name: 'Cancel' }).click();

  await panel.getByRole('button', { name: 'Save request' }).click();
  await expect(panel.getByRole('form', { name: 'Save request' })).toBeVisible();
  await expectNoFormState(panel, 'Save request', 2);
});
