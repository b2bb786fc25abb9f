/**
 * The profile editor takes focus as its form appears (Chromium; the journey in
 * tests/journeys/profile-editor.spec.ts covers the editor in both browsers): the form's code
 * loads after the dialog opened, and focus moved a frame later took the field a user, or a test,
 * had already reached, so a secret typed at once landed in the profile's name.
 */
import { expect, test } from './fixtures';
import { createOAuthProfile } from './profiles';

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
