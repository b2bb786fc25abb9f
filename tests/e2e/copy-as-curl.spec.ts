/**
 * Copy as cURL from the panel when the clipboard refuses: code with variables stays on screen to
 * select by hand, code with the key is never shown. The command run by the real curl, and the
 * copy "with secrets" asked first, is a journey of both browsers:
 * tests/journeys/copy-as-curl.spec.ts.
 */
import { expect, test } from './fixtures';
import { saveApiKeyProfile } from './profiles';

test('when the clipboard refuses, code with variables stays on screen to select; code with the key is never shown', async ({
  panel,
  sandbox,
}) => {
  const { apiKey, companyId } = sandbox.credentials;
  await saveApiKeyProfile(panel, { baseUrl: sandbox.url, companyId, apiKey });
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
