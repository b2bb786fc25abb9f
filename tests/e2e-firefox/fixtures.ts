/**
 * The fixture every Firefox end-to-end test uses: Firefox ESR with the Firefox build from
 * `dist-firefox/` installed (this fixture builds nothing: `npm test` builds first), driven by
 * puppeteer-core over WebDriver BiDi, and a real sandbox emulator on a free loopback port. Each
 * test gets its own browser, profile and sandbox, so tests run in parallel without seeing each
 * other's state. The runner is Playwright Test's (the `firefox` project of playwright.config.ts),
 * so these tests count in `npm test` beside the Chromium ones.
 */
import { test as base, expect } from '@playwright/test';
import type { Page } from 'puppeteer-core';
import {
  type FirefoxWithExtension,
  launchFirefoxWithExtension,
} from '../../scripts/firefox-browser';
import { createSandbox, type Sandbox } from '../../src/sandbox/server';
import { PANEL_WAIT_MS } from './panel-driver';

interface Fixtures {
  sandbox: Sandbox;
  firefox: FirefoxWithExtension;
  /** The panel page in a tab of its own, 1000x700 (DevTools docked at the bottom, roughly). */
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
  firefox: async ({}, use) => {
    const firefox = await launchFirefoxWithExtension();
    await use(firefox);
    await firefox.close();
  },
  panel: async ({ firefox }, use) => {
    const panel = await firefox.openPanel();
    await panel.setViewport({ width: 1000, height: 700 });
    panel.setDefaultTimeout(PANEL_WAIT_MS);
    await use(panel);
  },
});

export { expect };
