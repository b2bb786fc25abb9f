import { defineConfig } from '@playwright/test';
import type { JourneyOptions } from './tests/journeys/fixtures';

// The fixture in tests/e2e/fixtures.ts launches a system Chromium with the built extension; the
// journeys' fixture (tests/journeys/fixtures.ts) drives the panel through one driver interface, in
// Chromium with Playwright or in a system Firefox ESR with puppeteer-core over WebDriver BiDi, as
// the project's `panelBrowser` says. tests/journeys/ runs in both projects; tests/e2e/ only in
// Chromium, tests/e2e-firefox/ only in Firefox. No Playwright-managed browser is used or
// downloaded. Two workers fit the 2-core machines we run on; both projects share them.
export default defineConfig<JourneyOptions>({
  testDir: 'tests',
  projects: [
    // Playwright traces record Playwright pages only; the Firefox tests drive puppeteer's. A
    // worker keeps one Firefox, each test gets the add-on installed afresh in it
    // (tests/journeys/firefox-worker.ts) and reaches the panel over BiDi (a round trip per
    // query): 10-40 s on two busy cores, hence the longer timeouts.
    {
      name: 'firefox',
      testMatch: ['e2e-firefox/**/*.spec.ts', 'journeys/**/*.spec.ts'],
      timeout: 180_000,
      expect: { timeout: 30_000 },
      use: { trace: 'off', panelBrowser: 'firefox' },
    },
    // Listed after Firefox on purpose: both projects share one queue in this order, and
    // Firefox's long tests started first leave Chromium's short ones to fill the tail, instead of
    // a 100 s Firefox test started last keeping one worker busy while the other waits.
    {
      name: 'chromium',
      testMatch: ['e2e/**/*.spec.ts', 'journeys/**/*.spec.ts'],
      use: { panelBrowser: 'chromium' },
    },
  ],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : '50%',
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: '.cache/reports/e2e.json' }]],
  // Outside CI, a trace of every test, kept when it fails: actions, DOM snapshots, network,
  // console, without the screencast (a JPEG of every frame, about a seventh of a Chromium test's
  // CPU). CI keeps no file of a run, only what it prints (with each failure's page as an ARIA
  // snapshot), and recording the trace cost about 15 % of the Chromium tests' time, so CI records
  // none unless E2E_TRACE=1 (docs/development.md).
  use: {
    trace:
      process.env.CI && process.env.E2E_TRACE !== '1'
        ? 'off'
        : { mode: 'retain-on-failure', screenshots: false },
  },
});
