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

/**
 * Stops the extension's service worker the hard way, as Chrome does to an MV3 worker at any moment:
 * CDP `ServiceWorker.stopAllWorkers` through a page-level session (a persistent context has no
 * browser-level one; each test has its own browser, so "all" is only this test's). Resolves once
 * Chrome reports our worker's version as stopped.
 */
export async function killServiceWorker(context: BrowserContext, panel: Page, extensionId: string) {
  const origin = `chrome-extension://${extensionId}/`;
  const session = await context.newCDPSession(panel);
  try {
    let stopped = false;
    session.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const version of versions)
        if (version.scriptURL.startsWith(origin) && version.runningStatus === 'stopped')
          stopped = true;
    });
    await session.send('ServiceWorker.enable');
    await session.send('ServiceWorker.stopAllWorkers');
    await expect.poll(() => stopped, { message: 'the worker is reported stopped' }).toBe(true);
  } finally {
    await session.detach().catch(() => {});
  }
}
