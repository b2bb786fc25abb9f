/**
 * The one fixture every end-to-end test uses: a real Chromium with the built extension from
 * `dist/` (this fixture builds nothing: `npm test` builds first), and a real sandbox emulator on a
 * free loopback port. Each test gets its own browser profile and its own sandbox, so tests can run
 * in parallel without seeing each other's state.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  type BrowserContext,
  test as base,
  chromium,
  expect,
  type Page,
  type Worker,
} from '@playwright/test';
import { findChromium } from '../../scripts/setup.mjs';
import { createSandbox, type Sandbox } from '../../src/sandbox/server';

export const DIST = resolve('dist');
export const PANEL_PATH = 'extension/panel/panel.html';

export function chromiumArgs(extra: string[] = []): string[] {
  return [
    `--disable-extensions-except=${DIST}`,
    `--load-extension=${DIST}`,
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    ...extra,
  ];
}

export function chromiumPath(): string {
  const found = findChromium();
  if (found.path === null)
    throw new Error(`${found.problem} Set CHROMIUM_PATH or install chromium.`);
  return found.path;
}

export async function launchWithExtension(extraArgs: string[] = []) {
  if (!existsSync(join(DIST, 'manifest.json'))) {
    throw new Error('dist/ has no build: run `npm run build` (npm test does it for you).');
  }
  const userDataDir = mkdtempSync(join(tmpdir(), 'partner-api-e2e-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    headless: true,
    args: chromiumArgs(extraArgs),
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(worker.url()).host;
  return {
    context,
    worker,
    extensionId,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

interface Fixtures {
  sandbox: Sandbox;
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
  panel: Page;
}

export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
  sandbox: async ({}, use) => {
    const sandbox = await createSandbox({ port: 0 });
    await use(sandbox);
    await sandbox.close();
  },
  // biome-ignore lint/correctness/noEmptyPattern: as above
  context: async ({}, use) => {
    const launched = await launchWithExtension();
    await use(launched.context);
    await launched.close();
  },
  serviceWorker: async ({ context }, use) => {
    await use(context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker')));
  },
  extensionId: async ({ serviceWorker }, use) => {
    await use(new URL(serviceWorker.url()).host);
  },
  panel: async ({ context, extensionId }, use) => {
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/${PANEL_PATH}`);
    await use(page);
  },
});

export { expect };
