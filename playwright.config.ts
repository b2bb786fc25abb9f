import { defineConfig } from '@playwright/test';

// The fixture in tests/e2e/fixtures.ts launches a system Chromium with the built extension; no
// Playwright-managed browser is used or downloaded. Two workers fit the 2-core machines we run on.
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : '50%',
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: '.cache/reports/e2e.json' }]],
  use: { trace: 'retain-on-failure' },
});
