/**
 * The passphrase lock in Firefox: turned on before a secret is saved, it seals the secrets in
 * `storage.local`; the key lives in `storage.session`, which Firefox empties when it closes, so
 * after a restart (same profile, same add-on UUID) the panel says Locked, a call says what to do,
 * a wrong passphrase changes nothing, and the right one opens the secrets again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { launchFirefoxWithExtension } from '../../scripts/firefox-browser';
import { createSandbox, type Sandbox } from '../../src/sandbox/server';
import { expect, test } from './fixtures';
import { byLabel, byRole, expectText, fill, inside, PANEL_WAIT_MS } from './panel-driver';
import { createApiKeyProfile } from './profiles';

const CANARY_KEY = 'canaryFIREFOXLOCK-3b7d1f9e5a2c';
const PASSPHRASE = 'correct horse battery staple';

async function openPanel(panelOf: () => Promise<Page>): Promise<Page> {
  const panel = await panelOf();
  await panel.setViewport({ width: 1000, height: 700 });
  panel.setDefaultTimeout(PANEL_WAIT_MS);
  return panel;
}

const lockStatus = (panel: Page) => byRole(panel, 'status', 'Lock status');

/** Asks for GET /v1/products with the shown profile (what comes of it is for the caller to check). */
async function sendProducts(panel: Page) {
  await fill(byRole(panel, 'textbox', 'Path'), 'products');
  await byRole(panel, 'button', 'Send').click();
}

async function unlockWith(panel: Page, passphrase: string) {
  const form = byRole(panel, 'form', 'Unlock');
  await fill(byLabel(panel, 'Passphrase'), passphrase);
  await (await inside(form, 'button', 'Unlock')).click();
}

/** The extension's storage.local, read by the panel page through Firefox's `browser` API. */
function rawLocal(panel: Page): Promise<string> {
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
  try {
    let firefox = await launchFirefoxWithExtension({ userDataDir: profileDir, uuid });
    let panel = await openPanel(() => firefox.openPanel());
    await expectText(lockStatus(panel), 'Not locked');

    await byRole(panel, 'button', 'Lock with passphrase').click();
    const form = byRole(panel, 'form', 'Lock with passphrase');
    await fill(byLabel(panel, 'New passphrase'), PASSPHRASE);
    await fill(byLabel(panel, 'Confirm passphrase'), PASSPHRASE);
    await (await inside(form, 'button', 'Turn on lock')).click();
    await expectText(lockStatus(panel), /^Unlocked$/);

    const { companyId } = sandbox.credentials;
    await createApiKeyProfile(panel, {
      name: 'Locked key',
      baseUrl: sandbox.url,
      companyId,
      apiKey: CANARY_KEY,
    });
    await sendProducts(panel);
    await expectText(byRole(panel, 'region', 'Response'), '200 OK');
    const sealed = await rawLocal(panel);
    expect(sealed).toContain('"kind":"sealed"');
    expect(sealed).not.toContain(CANARY_KEY);
    await firefox.close();

    // The restart: the profiles are there, the key is not.
    firefox = await launchFirefoxWithExtension({ userDataDir: profileDir, uuid });
    panel = await openPanel(() => firefox.openPanel());
    await expectText(lockStatus(panel), /^Locked$/);
    await byRole(panel, 'form', 'Unlock').wait();
    await sendProducts(panel);
    await expectText(byRole(panel, 'region', 'Response'), 'The saved secrets are locked.');
    expect(keysSeen(sandbox)).toEqual([CANARY_KEY]);

    const before = await rawLocal(panel);
    await unlockWith(panel, 'not the passphrase');
    await expectText(byRole(panel, 'form', 'Unlock'), 'does not unlock');
    await expectText(lockStatus(panel), /^Locked$/);
    expect(await rawLocal(panel)).toBe(before);

    await unlockWith(panel, PASSPHRASE);
    await expectText(lockStatus(panel), /^Unlocked$/);
    await sendProducts(panel);
    await expect.poll(() => keysSeen(sandbox)).toEqual([CANARY_KEY, CANARY_KEY]);
    await expectText(byRole(panel, 'region', 'Response'), '200 OK');
    expect(await panel.content()).not.toContain(CANARY_KEY);
    await firefox.close();
  } finally {
    rmSync(profileDir, { recursive: true, force: true });
    await sandbox.close();
  }
});
