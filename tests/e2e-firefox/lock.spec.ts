/**
 * The passphrase lock in Firefox: turned on before a secret is saved, it seals the secrets in
 * `storage.local`; the key lives in `storage.session`, which Firefox empties when it closes, so
 * after a restart (same profile, same add-on UUID) the panel says Locked, a call says what to do,
 * a wrong passphrase changes nothing, and the right one opens the secrets again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type FirefoxWithExtension,
  launchFirefoxWithExtension,
} from '../../scripts/firefox-browser';
import { createSandbox, type Sandbox } from '../../src/sandbox/server';
import { expectText, type PanelDriver } from '../journeys/driver';
import { createApiKeyProfile } from '../journeys/profiles';
import { puppeteerPanel } from '../journeys/puppeteer-panel';
import { expect, test } from './fixtures';

const CANARY_KEY = 'canaryFIREFOXLOCK-3b7d1f9e5a2c';
const PASSPHRASE = 'correct horse battery staple';

async function openPanel(firefox: FirefoxWithExtension): Promise<PanelDriver> {
  const page = await firefox.openPanel();
  await page.setViewport({ width: 1000, height: 700 });
  return puppeteerPanel(page, () => firefox.openPanel());
}

const lockStatus = (panel: PanelDriver) => panel.role('status', 'Lock status');

/** Asks for GET /v1/products with the shown profile (what comes of it is for the caller to check). */
async function sendProducts(panel: PanelDriver) {
  await panel.role('textbox', 'Path').fill('products');
  await panel.role('button', 'Send').click();
}

async function unlockWith(panel: PanelDriver, passphrase: string) {
  const form = panel.role('form', 'Unlock');
  await panel.label('Passphrase').fill(passphrase);
  await form.within('button', 'Unlock').click();
}

/** The extension's storage.local, read by the panel page through Firefox's `browser` API. */
function rawLocal(panel: PanelDriver): Promise<string> {
  return panel.evaluate(async () => {
    const { browser } = globalThis as unknown as { browser: typeof chrome };
    return JSON.stringify(await browser.storage.local.get(null));
  });
}

/** The API key on each GET /v1/products the sandbox received. */
function keysSeen(sandbox: Sandbox): string[] {
  return sandbox.requests
    .filter((request) => request.path === '/v1/products')
    .map((request) => String(request.headers['x-apikey']));
}

test('the lock seals the key, a restart asks for the passphrase, and unlocking calls again', async () => {
  test.setTimeout(240_000);
  const sandbox = await createSandbox({ port: 0, credentials: { apiKey: CANARY_KEY } });
  const profileDir = mkdtempSync(join(tmpdir(), 'partner-api-firefox-lock-'));
  const uuid = crypto.randomUUID();
  // Firefoxes of its own, not the worker's: the test closes Firefox and starts it again on the
  // same kept profile, whose storage must survive the add-on's uninstall at close.
  try {
    let firefox = await launchFirefoxWithExtension({ userDataDir: profileDir, uuid });
    let panel = await openPanel(firefox);
    await expectText(lockStatus(panel), 'Not locked');

    await panel.role('button', 'Lock with passphrase').click();
    const form = panel.role('form', 'Lock with passphrase');
    await panel.label('New passphrase').fill(PASSPHRASE);
    await panel.label('Confirm passphrase').fill(PASSPHRASE);
    await form.within('button', 'Turn on lock').click();
    await expectText(lockStatus(panel), /^Unlocked$/);

    const { companyId } = sandbox.credentials;
    await createApiKeyProfile(panel, {
      name: 'Locked key',
      baseUrl: sandbox.url,
      companyId,
      apiKey: CANARY_KEY,
    });
    await sendProducts(panel);
    await expectText(panel.role('region', 'Response'), '200 OK');
    const sealed = await rawLocal(panel);
    expect(sealed).toContain('"kind":"sealed"');
    expect(sealed).not.toContain(CANARY_KEY);
    await firefox.close();

    // The restart: the profiles are there, the key is not.
    firefox = await launchFirefoxWithExtension({ userDataDir: profileDir, uuid });
    panel = await openPanel(firefox);
    await expectText(lockStatus(panel), /^Locked$/);
    await panel.role('form', 'Unlock').wait();
    await sendProducts(panel);
    await expectText(panel.role('region', 'Response'), 'The saved secrets are locked.');
    expect(keysSeen(sandbox)).toEqual([CANARY_KEY]);

    const before = await rawLocal(panel);
    await unlockWith(panel, 'not the passphrase');
    await expectText(panel.role('form', 'Unlock'), 'does not unlock');
    await expectText(lockStatus(panel), /^Locked$/);
    expect(await rawLocal(panel)).toBe(before);

    await unlockWith(panel, PASSPHRASE);
    await expectText(lockStatus(panel), /^Unlocked$/);
    await sendProducts(panel);
    await expect.poll(() => keysSeen(sandbox)).toEqual([CANARY_KEY, CANARY_KEY]);
    await expectText(panel.role('region', 'Response'), '200 OK');
    expect(await panel.content()).not.toContain(CANARY_KEY);
    await firefox.close();
  } finally {
    rmSync(profileDir, { recursive: true, force: true });
    await sandbox.close();
  }
});
