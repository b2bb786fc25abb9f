/**
 * First run: with no profile the panel says what to do and offers "Use local sandbox", which asks a
 * sandbox on its default address (127.0.0.1:8787) for its demo values and fills the editor with
 * them; the user still saves. With no sandbox there, it says how to start one.
 */
import { createServer } from 'node:net';
import { createSandbox } from '../../src/sandbox/server';
import { LOCAL_SANDBOX_URL } from '../../src/service/profile/sandbox-demo';
import { expect, test } from './fixtures';
import { createApiKeyProfile } from './profiles';

// Both tests use the sandbox's default port: one at a time.
test.describe.configure({ mode: 'serial' });

const LOCAL_PORT = Number(new URL(LOCAL_SANDBOX_URL).port);

/**
 * The default port free, or a failure that says what to do: on a developer's machine a sandbox of
 * `npm start` or `npm run sandbox` often holds it, and "No sandbox answers" would then fail on
 * the wrong sandbox's answer.
 */
async function expectLocalPortFree() {
  const probe = createServer();
  const taken = await new Promise<Error | null>((resolve) => {
    probe.once('error', resolve);
    probe.listen(LOCAL_PORT, '127.0.0.1', () => probe.close(() => resolve(null)));
  });
  expect(
    taken?.message ?? null,
    `127.0.0.1:${LOCAL_PORT} is taken (a sandbox of npm start or npm run sandbox?): stop it and run this test again`,
  ).toBeNull();
}

test('Use local sandbox says how to start one, then fills the editor from it', async ({
  panel,
}) => {
  await expectLocalPortFree();
  await expect(panel.getByRole('heading', { name: 'Create your first profile' })).toBeVisible();
  const use = panel.getByRole('button', { name: 'Use local sandbox' });
  await use.click();
  await expect(panel.getByRole('alert')).toContainText(
    `No sandbox answers at ${LOCAL_SANDBOX_URL}`,
  );
  await expect(panel.getByRole('alert')).toContainText('npm run sandbox');

  // Nothing else in the suite listens on the default port.
  const sandbox = await createSandbox({ port: LOCAL_PORT });
  try {
    await use.click();
    await expect(panel.getByRole('alert')).toHaveCount(0);
    await expect(panel.getByRole('textbox', { name: 'Profile name' })).toHaveValue('Local sandbox');
    await expect(panel.getByRole('textbox', { name: 'Base URL' })).toHaveValue(LOCAL_SANDBOX_URL);
    await expect(panel.getByRole('textbox', { name: 'Company ID' })).toHaveValue(
      sandbox.credentials.companyId,
    );
    // Nothing is saved until the user says so; then it works.
    expect(await panel.evaluate(() => chrome.storage.local.get('profiles'))).toEqual({});
    await panel.getByRole('button', { name: 'Save profile' }).click();
    await panel.getByRole('textbox', { name: 'Path' }).fill('ping');
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect(panel.getByRole('region', { name: 'Response', exact: true })).toContainText(
      /(?<!\d)200(?!\d)/,
    );
  } finally {
    await sandbox.close();
  }
});

test('Use local sandbox is offered on every new profile, not only the first', async ({
  panel,
  sandbox,
}) => {
  await createApiKeyProfile(panel, { ...sandbox.credentials, baseUrl: sandbox.url });
  await panel.getByRole('button', { name: 'New profile' }).click();
  const dialog = panel.getByRole('dialog', { name: 'New profile' });
  await expectLocalPortFree();
  const local = await createSandbox({ port: LOCAL_PORT });
  try {
    await dialog.getByRole('button', { name: 'Use local sandbox' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Profile name' })).toHaveValue(
      'Local sandbox',
    );
    await expect(dialog.getByRole('textbox', { name: 'Base URL' })).toHaveValue(LOCAL_SANDBOX_URL);
    await expect(dialog.getByRole('textbox', { name: 'Company ID' })).toHaveValue(
      local.credentials.companyId,
    );
    await dialog.getByRole('button', { name: 'Save profile' }).click();
    await expect(panel.getByRole('combobox', { name: 'Profile' })).toHaveText(/Local sandbox/);
  } finally {
    await local.close();
  }
});
