/**
 * Launches Firefox ESR with the Firefox build from `dist-firefox/` installed as a temporary add-on,
 * driven by puppeteer-core over WebDriver BiDi: no geckodriver, nothing downloaded. What the
 * Firefox e2e tests, `npm start -- --browser firefox` and the bench drive.
 *
 * Measured in Firefox ESR 153 (see docs/firefox.md):
 * - `extensions.webextensions.uuids` fixes the add-on's UUID, so its pages have a known address
 *   (moz-extension://<uuid>/…) before it is installed.
 * - Extension pages send no load events (Firefox bug 1755014): puppeteer's `page.goto` waits for
 *   ever, so pages are opened with a raw BiDi `browsingContext.navigate`, `wait: 'complete'`.
 * - `--remote-allow-system-access` lets BiDi open extension pages, and reach the browser's own
 *   (chrome) windows, which is how a test opens DevTools (scripts/firefox-devtools.ts).
 * - Uninstalling the temporary add-on (BiDi `webExtension.uninstall`) with
 *   `extensions.webextensions.keepStorageOnUninstall` off empties its storage.local, storage.sync,
 *   storage.session, IndexedDB and localStorage, and stops its background; installing it again
 *   under the same UUID starts the background with nothing in memory. That is `startAfresh`, about
 *   0.6 s, against 3-4 s (and several CPU seconds) for a new Firefox; `startAfreshWithPanel` opens
 *   the panel's tab meanwhile. `runtime.reload()` was measured
 *   too: it restarts the background but keeps every storage area, so it is not used.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import puppeteer, { type Browser, type Page, type Viewport } from 'puppeteer-core';
import { GECKO_ID } from './firefox-manifest';
import { findFirefox } from './setup.mjs';

export const DIST_FIREFOX = resolve(import.meta.dirname, '..', 'dist-firefox');
export const PANEL_PATH = 'extension/panel/panel.html';

/** The BiDi session under puppeteer: for the commands puppeteer has no API for. */
interface BidiSession {
  send(method: string, params: object): Promise<{ result: unknown }>;
}

export function bidi(browser: Browser): BidiSession {
  const { connection } = browser as unknown as { connection?: BidiSession };
  if (connection === undefined) throw new Error('The browser is not driven over WebDriver BiDi.');
  return connection;
}

/** The BiDi browsing context of a page (puppeteer's frame id is the context id). */
export function contextOf(page: Page): string {
  const id = (page.mainFrame() as unknown as { _id?: unknown })._id;
  if (typeof id !== 'string') throw new Error('The page has no BiDi browsing context id.');
  return id;
}

/** Opens `url` in `page` and waits for its load, where `page.goto` cannot (extension pages). */
export async function navigate(page: Page, url: string): Promise<void> {
  await bidi(page.browser()).send('browsingContext.navigate', {
    context: contextOf(page),
    url,
    wait: 'complete',
  });
}

export interface FirefoxWithExtension {
  browser: Browser;
  /** The add-on's UUID: its pages are moz-extension://<uuid>/… */
  uuid: string;
  /** moz-extension://<uuid>/extension/panel/panel.html */
  panelUrl: string;
  /** Where downloads land without asking, when the launch named a folder. */
  downloadDir: string | undefined;
  /**
   * A new tab showing the panel page (the panel as a tab, as tests use it in Chrome too), at
   * `viewport` when one is given.
   */
  openPanel(viewport?: Viewport): Promise<Page>;
  /**
   * The add-on as a new install finds it, in the same Firefox: every tab closed but one blank tab
   * (the last start afresh's if it still shows about:blank, else a new one), every cookie deleted, and the add-on uninstalled (its storage and IndexedDB emptied, its
   * background stopped) and installed again under the same UUID. Not on a kept profile
   * (`userDataDir`), whose storage is meant to survive an uninstall.
   */
  startAfresh(): Promise<void>;
  /**
   * startAfresh, then a new tab showing the panel at `viewport`: the tab is made while the add-on
   * is uninstalled and installed again, and sent to the panel once it is back.
   */
  startAfreshWithPanel(viewport: Viewport): Promise<Page>;
  close(): Promise<void>;
}

export interface FirefoxOptions {
  headless?: boolean;
  /** A profile directory to keep (npm start); by default a fresh one, removed on close. */
  userDataDir?: string;
  /** The build to install; dist-firefox/ by default. */
  dist?: string;
  args?: string[];
  /** Where downloads land, without asking (tests read exported files from there). */
  downloadDir?: string;
  /**
   * The add-on's UUID; random by default. A kept profile needs the same one each time: the
   * extension's storage belongs to its moz-extension://<uuid> origin.
   */
  uuid?: string;
}

/** Downloads go to `dir` without a dialog, as a user who set "Always save to" has them. */
function downloadPrefs(dir: string | undefined): Record<string, unknown> {
  if (dir === undefined) return {};
  return {
    'browser.download.dir': dir,
    'browser.download.folderList': 2,
    'browser.download.useDownloadDir': true,
    'browser.download.always_ask_before_handling_new_types': false,
  };
}

export function firefoxPath(): string {
  const found = findFirefox();
  if (found.path === null) throw new Error(`${found.problem} Install firefox-esr.`);
  return found.path;
}

/** The BiDi contexts of every tab (puppeteer's page list keeps closed extension pages). */
export async function tabContexts(browser: Browser): Promise<{ context: string; url: string }[]> {
  const tree = await bidi(browser).send('browsingContext.getTree', { maxDepth: 0 });
  return (tree.result as { contexts: { context: string; url: string }[] }).contexts;
}

/**
 * See FirefoxWithExtension.startAfresh. Firefox closes when its last tab does: one blank tab
 * stays, the one the last start afresh kept (`blank`; the first about:blank tab when there is none
 * yet) if it still shows about:blank, else a new one. The other tabs are closed and the cookies
 * deleted at once, before the add-on goes. `alongside` is started once they are gone and runs
 * beside the uninstall and install (a new tab for the panel needs no add-on until it is sent
 * there). Returns the blank tab's context.
 */
async function startAfresh(
  browser: Browser,
  dist: string,
  blank: string | undefined,
  alongside: () => Promise<unknown> = () => Promise.resolve(),
): Promise<string> {
  const tabs = await tabContexts(browser);
  const kept =
    tabs.find(({ context, url }) => url === 'about:blank' && (blank ?? context) === context)
      ?.context ?? contextOf(await browser.newPage());
  await Promise.all([
    ...tabs.flatMap(({ context }) =>
      context === kept ? [] : bidi(browser).send('browsingContext.close', { context }),
    ),
    bidi(browser).send('storage.deleteCookies', {}),
  ]);
  const beside = alongside();
  await browser.uninstallExtension(GECKO_ID);
  await browser.installExtension(dist);
  await beside;
  return kept;
}

export async function launchFirefoxWithExtension(
  options: FirefoxOptions = {},
): Promise<FirefoxWithExtension> {
  const dist = options.dist ?? DIST_FIREFOX;
  if (!existsSync(resolve(dist, 'manifest.json'))) {
    throw new Error(
      `${dist} has no build: run \`npm run build:firefox\` (npm test does it for you).`,
    );
  }
  const uuid = options.uuid ?? randomUUID();
  // A kept profile keeps the add-on's storage across the uninstall at close; a fresh one lets an
  // uninstall empty it (startAfresh).
  const kept = options.userDataDir !== undefined;
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath(),
    headless: options.headless ?? true,
    defaultViewport: null,
    ...(options.userDataDir === undefined ? {} : { userDataDir: options.userDataDir }),
    args: ['--remote-allow-system-access', ...(options.args ?? [])],
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: uuid }),
      // No first-run pages, no calls to Mozilla's services from a test machine.
      'browser.shell.checkDefaultBrowser': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'app.update.enabled': false,
      ...downloadPrefs(options.downloadDir),
      // A temporary add-on is uninstalled when Firefox closes: a kept profile keeps its storage
      // for the next start; every profile keeps its UUID, so its pages keep their address.
      'extensions.webextensions.keepStorageOnUninstall': kept,
      'extensions.webextensions.keepUuidOnUninstall': true,
    },
  });
  try {
    await browser.installExtension(dist);
  } catch (error) {
    await browser.close();
    throw error;
  }
  const panelUrl = `moz-extension://${uuid}/${PANEL_PATH}`;
  /**
   * Shows the panel in `page`, at `viewport` when one is given: set once the page is there (set
   * during the navigation, Firefox may fail it: the tab's browser is swapped for the extension's
   * process).
   */
  async function showPanel(page: Page, viewport?: Viewport) {
    await navigate(page, panelUrl);
    if (viewport !== undefined) await page.setViewport(viewport);
    return page;
  }
  let blank: string | undefined;
  function notKept() {
    if (kept) throw new Error('startAfresh would empty a kept profile: launch a fresh one.');
  }
  return {
    browser,
    uuid,
    panelUrl,
    downloadDir: options.downloadDir,
    openPanel: async (viewport) => showPanel(await browser.newPage(), viewport),
    async startAfresh() {
      notKept();
      blank = await startAfresh(browser, dist, blank);
    },
    async startAfreshWithPanel(viewport) {
      notKept();
      let tab: Promise<Page> | undefined;
      blank = await startAfresh(browser, dist, blank, () => {
        tab = browser.newPage();
        return tab;
      });
      if (tab === undefined) throw new Error('startAfresh made no tab for the panel.');
      return showPanel(await tab, viewport);
    },
    close: () => browser.close(),
  };
}
