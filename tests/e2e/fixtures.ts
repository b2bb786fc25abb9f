/**
 * The one fixture every end-to-end test uses: a real Chromium with the built extension from
 * `dist/` (this fixture builds nothing: `npm test` builds first), and a real sandbox emulator on a
 * free loopback port. Each Playwright worker keeps one browser for the tests it runs one after
 * another; each test starts from a clean extension in it (worker-browser.ts: storage of every kind
 * emptied, the service worker started anew, the last test's pages, init scripts and routes gone)
 * and gets a sandbox of its own. A file whose tests need a browser of their own says
 * `test.use({ freshBrowser: true })` and why.
 */
import {
  type BrowserContext,
  test as base,
  expect,
  type Page,
  type Worker,
} from '@playwright/test';
import { watchWorker } from '../../scripts/bench-cold';
import {
  chromiumArgs,
  chromiumPath,
  DIST,
  launchWithExtension,
  PANEL_PATH,
} from '../../scripts/extension-browser';
import { createSandbox, type Sandbox } from '../../src/sandbox/server';
import { scopeContext } from './context-changes';
import { openWorkerBrowser, type WorkerBrowser } from './worker-browser';

export { chromiumArgs, chromiumPath, DIST, launchWithExtension, PANEL_PATH };

interface Options {
  /** A browser of this test's own, launched for it and closed after, instead of the worker's. */
  freshBrowser: boolean;
}

interface WorkerFixtures {
  /** The worker's browser, launched when a test first asks for it (never, if none does). */
  workerBrowser: () => Promise<WorkerBrowser>;
}

interface Fixtures {
  sandbox: Sandbox;
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
  panel: Page;
}

/**
 * The `workerBrowser` fixture (worker-scoped), which the journeys' fixture
 * (tests/journeys/fixtures.ts) declares too.
 */
export async function provideWorkerBrowser(
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  {}: object,
  use: (get: () => Promise<WorkerBrowser>) => Promise<void>,
) {
  let opened: Promise<WorkerBrowser> | undefined;
  await use(() => {
    opened ??= openWorkerBrowser();
    return opened;
  });
  if (opened !== undefined) await (await opened).close();
}

/** How a test's context in the worker's browser opens a page at a URL (WorkerBrowser.openPage). */
const pageOpeners = new WeakMap<BrowserContext, (url: string) => Promise<Page>>();

/** A test's context in the worker's browser, clean when the test starts; what it adds, undone. */
export async function cleanContext(
  workerBrowser: () => Promise<WorkerBrowser>,
  use: (browser: WorkerBrowser & { context: BrowserContext }) => Promise<void>,
) {
  const browser = await workerBrowser();
  await browser.reset();
  const scoped = scopeContext(browser.context);
  pageOpeners.set(scoped.context, browser.openPage);
  try {
    await use({ ...browser, context: scoped.context });
  } finally {
    await scoped.undo();
  }
}

export const test = base.extend<Fixtures & Options, WorkerFixtures>({
  freshBrowser: [false, { option: true }],
  workerBrowser: [provideWorkerBrowser, { scope: 'worker' }],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
  sandbox: async ({}, use) => {
    const sandbox = await createSandbox({ port: 0 });
    await use(sandbox);
    await sandbox.close();
  },
  context: async ({ freshBrowser, workerBrowser }, use) => {
    if (freshBrowser) {
      const launched = await launchWithExtension();
      await use(launched.context);
      await launched.close();
      return;
    }
    await cleanContext(workerBrowser, ({ context }) => use(context));
  },
  serviceWorker: async ({ context }, use) => {
    const ours = (worker: Worker) => worker.url().endsWith('/service-worker-loader.js');
    await use(
      context.serviceWorkers().find(ours) ??
        (await context.waitForEvent('serviceworker', { predicate: ours })),
    );
  },
  extensionId: async ({ serviceWorker }, use) => {
    await use(new URL(serviceWorker.url()).host);
  },
  panel: async ({ context, extensionId }, use) => {
    const url = `chrome-extension://${extensionId}/${PANEL_PATH}`;
    const open = pageOpeners.get(context);
    let page: Page;
    if (open === undefined) {
      page = await context.newPage();
      await page.goto(url);
    } else page = await open(url);
    await use(page);
  },
});

export { expect };

/**
 * Options for `expect.poll` on what is cheap to read (a file on disk or in the folder, a sandbox
 * counter, a row of the panel): after the first misses it looks every quarter second, where
 * Playwright's default waits a whole second between later looks, so a change that lands just
 * after a look cost every such wait up to a second.
 */
export const OFTEN = { intervals: [50, 100, 250] };

/**
 * Our worker's running status as Chrome's ServiceWorker domain reports it (through a CDP session of
 * `page`), how many times it has started, and a stop the hard way, as Chrome stops an MV3 worker at
 * any moment: `ServiceWorker.stopAllWorkers` (a persistent context has no browser-level session; a
 * browser runs one test at a time, so "all" is only this test's). `detach` when done.
 */
export async function watchServiceWorker(context: BrowserContext, page: Page, extensionId: string) {
  const session = await context.newCDPSession(page);
  // The bench's watch of the same reports (scripts/bench-cold.ts).
  const seen = await watchWorker(session, extensionId);
  return {
    status: () => seen.status,
    starts: () => seen.starts,
    /** Resolves once Chrome reports our worker's version stopped (it may start again since). */
    async stop() {
      const stops = seen.stops;
      await session.send('ServiceWorker.stopAllWorkers');
      await expect
        .poll(() => seen.stops > stops, { message: 'the worker is reported stopped' })
        .toBe(true);
    },
    detach: () => session.detach().catch(() => {}),
  };
}

/** Stops the extension's service worker the hard way (watchServiceWorker's `stop`). */
export async function killServiceWorker(context: BrowserContext, panel: Page, extensionId: string) {
  const worker = await watchServiceWorker(context, panel, extensionId);
  try {
    await worker.stop();
  } finally {
    await worker.detach();
  }
}
