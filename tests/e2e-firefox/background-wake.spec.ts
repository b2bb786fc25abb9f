/**
 * The press that wakes a stopped worker (src/workspace/worker-wake.ts), in Firefox, whose
 * background is an event page: Firefox suspends it after 30 s with no event, and a message starts
 * it again. The test stops it as the idle timer does (the add-on's `terminateBackground`, from the
 * browser's own chrome context), as the Chromium test stops the worker over CDP
 * (tests/e2e/resilience.spec.ts). With the background stopped and the panel quiet for longer than
 * the wake's pause, the mouse pressed on Send starts the background while the button is still
 * held, and the Send then answers.
 */
import type { Browser } from 'puppeteer-core';
import { inBrowserWindow } from '../../scripts/firefox-devtools';
import { GECKO_ID } from '../../scripts/firefox-manifest';
import { WAKE_AFTER_QUIET_MS } from '../../src/workspace/worker-wake';
import { expectText } from '../journeys/driver';
import { createApiKeyProfile } from '../journeys/profiles';
import { expect, test } from './fixtures';

const EXTENSION = `WebExtensionPolicy.getByID(${JSON.stringify(GECKO_ID)}).extension`;

/** Firefox's state of the add-on's background: stopped, starting, running or suspending. */
function backgroundState(browser: Browser): Promise<string> {
  return inBrowserWindow<string>(browser, `return String(${EXTENSION}.backgroundState);`);
}

test('a press on Send after a pause starts Firefox’s stopped background before the click', async ({
  firefox,
  firefoxPage,
  panel,
  sandbox,
}) => {
  const { apiKey, companyId } = sandbox.credentials;
  await createApiKeyProfile(panel, { baseUrl: sandbox.url, companyId, apiKey });
  await panel.role('textbox', 'Path').fill('products/prd_1001');
  const state = () => backgroundState(firefox.browser);
  // Past the draft's save (400 ms), which would start the background again.
  await new Promise((done) => setTimeout(done, 600));
  await inBrowserWindow(firefox.browser, `await ${EXTENSION}.terminateBackground();`);
  await new Promise((done) => setTimeout(done, WAKE_AFTER_QUIET_MS + 200));
  expect(await state(), 'nothing else started the background').toBe('stopped');

  await panel.role('button', 'Send').hover();
  await firefoxPage.mouse.down();
  await expect.poll(state, { intervals: [25], timeout: 5_000 }).toBe('running');
  await firefoxPage.mouse.up();
  await expectText(panel.role('region', 'Response'), 'prd_1001');
});
