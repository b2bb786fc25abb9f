/**
 * The one fixture every end-to-end test uses: a real Chromium with the built extension from
 * `dist/` (this fixture builds nothing: `npm test` builds first), and a real sandbox emulator on a
 * free loopback port. Each test gets its own browser profile and its own sandbox, so tests can run
 * in parallel without seeing each other's state.
 */
import {
  type BrowserContext,
  test as base,
  expect,
  type Page,
  type Worker,
} from '@playwright/test';
import {
  chromiumArgs,
  chromiumPath,
  DIST,
  launchWithExtension,
  PANEL_PATH,
} from '../../scripts/extension-browser';
import { createSandbox, type Sandbox } from '../../src/sandbox/server';

export { chromiumArgs, chromiumPath, DIST, launchWithExtension, PANEL_PATH };

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
