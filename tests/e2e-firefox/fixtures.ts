/**
 * The fixture every Firefox-only end-to-end test uses: the journeys' fixture
 * (tests/journeys/fixtures.ts: a sandbox, and `panel`, the panel driver) run in Firefox ESR with
 * the Firefox build from `dist-firefox/` installed (this fixture builds nothing: `npm test` builds
 * first), driven by puppeteer-core over WebDriver BiDi; `firefox`, the browser, and `firefoxPage`, the
 * panel's puppeteer page, for what only Firefox has (DevTools' own windows, a restart).
 * `firefox` is the worker's Firefox with the add-on installed afresh for the test
 * (tests/journeys/firefox-worker.ts); each test gets its own sandbox. The runner is Playwright
 * Test's (the `firefox` project of playwright.config.ts), so these tests count in `npm test`
 * beside the Chromium ones.
 */
import type { Page } from 'puppeteer-core';
import type { FirefoxWithExtension } from '../../scripts/firefox-browser';
import { test as base, expect } from '../journeys/fixtures';
import { puppeteerPanel } from '../journeys/puppeteer-panel';

interface Fixtures {
  firefox: FirefoxWithExtension;
  /** The panel page in a tab of its own, 1000x700 (DevTools docked at the bottom, roughly). */
  firefoxPage: Page;
}

export const test = base.extend<Fixtures>({
  panelBrowser: 'firefox',
  firefox: async ({ firefoxWorker }, use) => {
    await use(await firefoxWorker.fresh());
  },
  firefoxPage: async ({ firefox }, use) => {
    await use(await firefox.openPanel({ width: 1000, height: 700 }));
  },
  panel: async ({ firefox, firefoxPage }, use) => {
    await use(puppeteerPanel(firefoxPage, () => firefox.openPanel(), firefox.downloadDir));
  },
});

export { expect };
