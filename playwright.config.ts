import { defineConfig } from '@playwright/test';

// The fixture in tests/e2e/fixtures.ts launches a system Chromium with the built extension; the one
// in tests/e2e-firefox/fixtures.ts a system Firefox ESR through puppeteer-core over WebDriver BiDi.
// No Playwright-managed browser is used or downloaded. Two workers fit the 2-core machines we run
// on; both projects share them.
export default defineConfig({
  projects: [
    { name: 'chromium', testDir: 'tests/e2e' },
    // Playwright traces record Playwright pages only; the Firefox tests drive puppeteer's. Each
    // starts a Firefox with a new profile and reaches the panel over BiDi (a round trip per
    // query): 20-40 s on two busy cores, hence the longer timeout.
    {
      name: 'firefox',
      testDir: 'tests/e2e-firefox',
      timeout: 180_000,
      use: { trace: 'off' },
    },
  ],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : '50%',
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: '.cache/reports/e2e.json' }]],
  use: { trace: 'retain-on-failure' },
});
