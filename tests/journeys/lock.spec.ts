/**
 * The passphrase lock across a browser restart, in Chromium and in Firefox (a journey of both
 * projects, each in a browser of its own: tests/journeys/restartable.ts). Turned on before any
 * secret is saved, it seals the secrets in `storage.local`; a passphrase too short, typed
 * differently or far too long is refused with a reason. The key lives in `storage.session`, which
 * outlives a stopped worker (Chromium: the worker is stopped and a call still goes out) but not the
 * browser: after a restart the panel says Locked, a call says what to do, a wrong passphrase
 * changes nothing, and the right one opens the secrets again. In Chromium no canary is in any file
 * of the browser profile on disk. Changing and forgetting the passphrase: tests/e2e/lock.spec.ts.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox } from '../../src/sandbox/server';
import { killServiceWorker } from '../e2e/fixtures';
import { expectNoText, expectText, type PanelDriver } from './driver';
import { expect, test } from './fixtures';
import { createApiKeyProfile, createOAuthProfile } from './profiles';
import { launchRestartable } from './restartable';

const CANARY_KEY = 'canaryLOCKKEY-5e1d9b3f7a2c4e6b8d0f';
const CANARY_SECRET = 'canaryLOCKSECRET-8c6a4e2f0d1b3a5c7e9f';
const PASSPHRASE = 'correct horse battery staple';

interface SealedValue {
  kind: 'sealed';
  lock: { iterations: number; salt: string };
  records: { profileId: string; fields: string[]; iv: string; data: string }[];
}

function expectNoCanary(where: string, text: string) {
  for (const canary of [CANARY_KEY, CANARY_SECRET])
    expect(text.includes(canary), `${where} contains a canary`).toBe(false);
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

/** Tries to turn the lock on with `passphrase` typed twice (the second time as `confirm`). */
async function tryLock(panel: PanelDriver, passphrase: string, confirm = passphrase) {
  const form = panel.role('form', 'Lock with passphrase');
  await panel.label('New passphrase').fill(passphrase);
  await panel.label('Confirm passphrase').fill(confirm);
  await form.within('button', 'Turn on lock').click();
}

/** The extension's storage.local (Firefox's `browser` or Chromium's `chrome`), as JSON. */
function rawLocal(panel: PanelDriver): Promise<string> {
  return panel.evaluate(async () => {
    const api = (globalThis as { browser?: typeof chrome }).browser ?? chrome;
    return JSON.stringify(await api.storage.local.get(null));
  });
}

/** The API key on each GET /v1/products the sandbox received. */
function keysSeen(sandbox: Sandbox): string[] {
  return sandbox.requests
    .filter((request) => request.path === '/v1/products')
    .map((request) => String(request.headers['x-apikey']));
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

test('the lock seals the secrets, a restart asks for the passphrase, and unlocking calls again', async ({
  panelBrowser,
}) => {
  test.setTimeout(240_000);
  const sandbox = await createSandbox({
    port: 0,
    credentials: { apiKey: CANARY_KEY, clientSecret: CANARY_SECRET },
  });
  const profileDir = mkdtempSync(join(tmpdir(), 'partner-api-lock-'));
  const browser = await launchRestartable(panelBrowser, profileDir);
  try {
    let panel = browser.panel;
    await expectText(lockStatus(panel), 'Not locked');

    // A passphrase that is too short, typed differently twice, or pasted far over the limit is
    // refused with a reason (the lock's own, not a refused message).
    await panel.role('button', 'Lock with passphrase').click();
    const form = panel.role('form', 'Lock with passphrase');
    await tryLock(panel, 'short');
    await expectText(form.within('alert'), 'at least 8 characters');
    await tryLock(panel, PASSPHRASE, `${PASSPHRASE}!`);
    await expectText(form.within('alert'), 'differ');
    await tryLock(panel, 'p'.repeat(3_000));
    await expectText(form.within('alert'), 'at most 1024 characters');
    await expectNoText(form.within('alert'), 'refused');
    // The lock goes on before any secret is saved, so not even an old plain copy exists on disk.
    await tryLock(panel, PASSPHRASE);
    await expectText(lockStatus(panel), /^Unlocked$/);

    const { clientId, companyId } = sandbox.credentials;
    await createApiKeyProfile(panel, {
      name: 'Locked key profile',
      baseUrl: sandbox.url,
      companyId,
      apiKey: CANARY_KEY,
    });
    await sendProducts(panel);
    await expectText(panel.role('region', 'Response'), '200 OK');
    await createOAuthProfile(panel, {
      name: 'Locked OAuth profile',
      method: 'OAuth (form body)',
      authUrl: sandbox.url,
      companyId,
      clientId,
      clientSecret: CANARY_SECRET,
    });
    await panel.role('button', 'Get token').click();
    await expectText(panel.role('region', 'Token'), 'access_token');

    const stored = JSON.parse(await rawLocal(panel));
    expectNoCanary('storage.local', JSON.stringify(stored));
    const secrets = stored.secrets as SealedValue;
    expect(secrets.kind).toBe('sealed');
    expect(secrets.lock.iterations).toBeGreaterThanOrEqual(600_000);
    expect(secrets.records.map((record) => record.fields).sort()).toEqual([
      ['apiKey'],
      ['clientSecret'],
    ]);
    expect(new Set(secrets.records.map((record) => record.iv)).size).toBe(2);
    expect(stored.schemaVersion).toBe(2);

    if (browser.chromium !== undefined) {
      // The key lives in storage.session: a stopped worker finds it again, no passphrase needed.
      const { context, page, extensionId } = browser.chromium;
      await killServiceWorker(context, page, extensionId);
      await panel.choose('Profile', 'Locked key profile');
      await sendProducts(panel);
      await expectText(panel.role('region', 'Response'), '200 OK');
      await browser.close();
      // On disk: the extension's storage holds the profiles (the scan reads the right files) and
      // no canary; nor does any other file of the browser profile.
      const storage = join(profileDir, 'Default', 'Local Extension Settings', extensionId);
      const storageText = filesUnder(storage)
        .map((file) => readFileSync(file).toString('latin1'))
        .join('\n');
      expect(storageText).toContain('Locked key profile');
      for (const file of filesUnder(profileDir)) {
        expectNoCanary(file, readFileSync(file).toString('latin1'));
      }
    }
    const keysBefore = keysSeen(sandbox);

    // The restart forgets the key: Locked, with an Unlock form; the profiles are there, and a call
    // says what to do.
    await browser.restart();
    panel = browser.panel;
    await expectText(lockStatus(panel), /^Locked$/);
    await panel.role('form', 'Unlock').wait();
    await expect.poll(() => panel.role('combobox', 'Profile').value()).toMatch(/.+/);
    await panel.choose('Profile', 'Locked key profile');
    await sendProducts(panel);
    const response = panel.role('region', 'Response');
    await expectText(response.within('alert'), 'The saved secrets are locked.');
    await expectText(response.within('alert'), 'Unlock');
    expect(keysSeen(sandbox)).toEqual(keysBefore);

    // A wrong passphrase: a clear error, and storage exactly as it was.
    const before = await rawLocal(panel);
    await unlockWith(panel, 'not the passphrase');
    await expectText(panel.role('form', 'Unlock').within('alert'), 'does not unlock');
    await expectText(lockStatus(panel), /^Locked$/);
    expect(await rawLocal(panel)).toBe(before);

    await unlockWith(panel, PASSPHRASE);
    await expectText(lockStatus(panel), /^Unlocked$/);
    await sendProducts(panel);
    await expect.poll(() => keysSeen(sandbox)).toEqual([...keysBefore, CANARY_KEY]);
    await expectText(panel.role('region', 'Response'), '200 OK');
    expectNoCanary('the panel', await panel.content());
  } finally {
    await browser.close();
    rmSync(profileDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    await sandbox.close();
  }
});
