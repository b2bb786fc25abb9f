/**
 * The fixture of the journeys written once for both browsers (tests/journeys/*.spec.ts), and the
 * base of the Firefox suite's: `panel`, a PanelDriver over the panel page of a browser with
 * the built extension (`dist/` in Chromium through Playwright, `dist-firefox/` in Firefox ESR
 * through puppeteer-core; this fixture builds nothing, `npm test` builds first), and `sandbox`, a
 * real sandbox emulator on a free loopback port. Which browser is the project's `panelBrowser`
 * (playwright.config.ts runs the journeys in a project per browser). Each test gets its own
 * sandbox and a clean extension, so tests run in parallel without seeing each other's state: in
 * Chromium the Playwright worker's browser with the extension cleared (tests/e2e/worker-browser.ts);
 * in Firefox the worker's Firefox with the add-on installed afresh (firefox-worker.ts).
 */
import { test as base, expect } from '@playwright/test';
import { PANEL_PATH } from '../../scripts/extension-browser';
import { createSandbox, type Sandbox } from '../../src/sandbox/server';
import { cleanContext, provideWorkerBrowser } from '../e2e/fixtures';
import type { WorkerBrowser } from '../e2e/worker-browser';
import type { PanelBrowser, PanelDriver } from './driver';
import { type WorkerFirefox, workerFirefox } from './firefox-worker';
import { playwrightPanel } from './playwright-panel';
import { puppeteerPanel } from './puppeteer-panel';

export interface JourneyOptions {
  panelBrowser: PanelBrowser;
}

interface Fixtures {
  sandbox: Sandbox;
  /** The panel page in a tab of its own (1000x700 in Firefox: DevTools docked at the bottom). */
  panel: PanelDriver;
}

interface WorkerFixtures {
  /** Chromium: the worker's browser (tests/e2e/worker-browser.ts), launched on first use. */
  workerBrowser: () => Promise<WorkerBrowser>;
  /** The Firefox project's browser, one per worker, launched on first use. */
  firefoxWorker: WorkerFirefox;
}

export const test = base.extend<Fixtures & JourneyOptions, WorkerFixtures>({
  panelBrowser: ['chromium', { option: true }],
  workerBrowser: [provideWorkerBrowser, { scope: 'worker' }],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
  firefoxWorker: [async ({}, use) => workerFirefox(use), { scope: 'worker' }],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
  sandbox: async ({}, use) => {
    const sandbox = await createSandbox({ port: 0 });
    await use(sandbox);
    await sandbox.close();
  },
  panel: async ({ panelBrowser, workerBrowser, firefoxWorker }, use) => {
    if (panelBrowser === 'firefox') {
      const { firefox, page } = await firefoxWorker.freshPanel({ width: 1000, height: 700 });
      await use(puppeteerPanel(page, () => firefox.openPanel(), firefox.downloadDir));
      return;
    }
    // The worker's Chromium, its extension clean for this test (as in tests/e2e/fixtures.ts).
    await cleanContext(workerBrowser, async ({ extensionId, openPage }) => {
      await use(playwrightPanel(await openPage(`chrome-extension://${extensionId}/${PANEL_PATH}`)));
    });
  },
});

export { expect };
