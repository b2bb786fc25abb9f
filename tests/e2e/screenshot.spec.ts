/**
 * Takes the README's picture of the panel after a real call to the sandbox. Every run writes
 * test-results/panel.png; with UPDATE_SCREENSHOT=1 it also replaces docs/panel.png (commit it).
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { expect, test } from './fixtures';
import { createApiKeyProfile } from './profiles';

test('screenshot of the panel after an API-key call', async ({ panel, sandbox }) => {
  await panel.setViewportSize({ width: 1100, height: 760 });
  await createApiKeyProfile(panel, {
    ...sandbox.credentials,
    name: 'Sandbox (API key)',
    baseUrl: sandbox.url,
  });
  await panel.getByRole('textbox', { name: 'Path' }).fill('products');
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByRole('region', { name: 'Response' })).toContainText('200');
  await panel.getByText(/^Request headers sent/).click();

  mkdirSync('test-results', { recursive: true });
  await panel.screenshot({ path: 'test-results/panel.png' });
  if (process.env.UPDATE_SCREENSHOT === '1') {
    mkdirSync('docs', { recursive: true });
    copyFileSync('test-results/panel.png', 'docs/panel.png');
  }
});
