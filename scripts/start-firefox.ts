/**
 * `npm start -- --browser firefox`: Firefox ESR with the Firefox build installed as a temporary
 * add-on, on the sandbox's demo page with DevTools docked on the Partner API panel. The profile
 * (and so the extension's storage, under a fixed add-on UUID) is kept in .cache/firefox-profile,
 * so saved profiles survive a restart. Downloads go without a dialog to the folder `npm start`
 * names for both browsers (Firefox alone would use its own Downloads folder, which need not be
 * the one `--downloads` or `$XDG_DOWNLOAD_DIR` names). Without a display, or a Firefox, it says
 * how to load the build by hand.
 */
import { mkdirSync } from 'node:fs';
import type { Sandbox } from '../src/sandbox/server';
import { findFirefox, INSTALL_FIREFOX_HELP } from './setup.mjs';

/** Fixed, so the kept profile finds the extension's storage again (any UUID would do). */
const START_UUID = '5f0c2a8e-7d41-4b6a-9c3e-0a1b2c3d4e5f';

export function firefoxManualLoadHelp(dist: string, sandbox: Sandbox): string {
  return [
    'Load the extension by hand in Firefox (it stays until Firefox closes):',
    '  1. open about:debugging#/runtime/this-firefox;',
    `  2. "Load Temporary Add-on…" and choose ${dist}/manifest.json;`,
    `  3. open ${sandbox.url}/, press F12 and pick the "Partner API" panel.`,
  ].join('\n');
}

export interface FirefoxStart {
  dist: string;
  profileDir: string;
  /** Where downloads land without a dialog (the same folder as Chromium's under `npm start`). */
  downloadDir: string;
  /** Called when Firefox closes (by the user, or by `npm start` stopping). */
  onClosed: () => void;
}

/** Opens Firefox on the demo page with the panel in DevTools; null when it cannot. */
export async function openFirefox(
  sandbox: Sandbox,
  { dist, profileDir, downloadDir, onClosed }: FirefoxStart,
): Promise<(() => Promise<void>) | null> {
  const found = findFirefox();
  if (found.path === null) {
    console.log(
      `\n${found.problem} ${INSTALL_FIREFOX_HELP}\n\n${firefoxManualLoadHelp(dist, sandbox)}`,
    );
    return null;
  }
  mkdirSync(profileDir, { recursive: true });
  // puppeteer-core is loaded only to open Firefox: a start without a display does without it.
  const [{ launchFirefoxWithExtension }, { showFirefoxPanel }] = await Promise.all([
    import('./firefox-browser'),
    import('./firefox-devtools'),
  ]);
  const firefox = await launchFirefoxWithExtension({
    headless: false,
    dist,
    userDataDir: profileDir,
    downloadDir,
    uuid: START_UUID,
  });
  const [page] = await firefox.browser.pages();
  await (page ?? (await firefox.browser.newPage())).goto(`${sandbox.url}/`);
  console.log(`\nFirefox (${found.source}: ${found.path}) is open on the demo page.`);
  // DevTools' internals may change: failing to choose the panel only means "pick it yourself".
  const shown = await showFirefoxPanel(firefox.browser, sandbox.url, 'Partner API').then(
    () => true,
    () => false,
  );
  console.log(
    shown
      ? 'DevTools shows the "Partner API" panel.'
      : 'Press F12 and pick the "Partner API" panel in DevTools (it may sit behind the » menu).',
  );
  firefox.browser.on('disconnected', onClosed);
  return () => firefox.close();
}
