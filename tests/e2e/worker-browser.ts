/**
 * One Chromium per Playwright worker, shared by the tests that worker runs one after another, and
 * the reset that gives each of them a clean extension: launching a browser costs about as much CPU
 * as a short test, and the suite runs on two busy cores. `reset` leaves what a fresh profile has:
 * no page but one blank tab, nothing in `storage.local`, `storage.sync` or `storage.session`, no
 * IndexedDB database, an empty origin private file system and Cache storage, no optional host
 * permission, no cookie, and a service worker started anew (its memory empty: token cache, storage
 * mirrors, the open call's state). What does not depend on another runs at once (the pages'
 * closing, cookies, permissions; the kinds of storage); the worker's restart and the check that
 * nothing was written meanwhile follow, in order. `openPage` opens a tab straight at a URL (the
 * panel fixture's), sparing a blank page and a second navigation. A test that needs a browser of
 * its own (a restart on the same profile, DevTools opened by a launch flag, other extensions)
 * launches one (launchWithExtension) or asks the fixture for one (`test.use({ freshBrowser: true })`
 * in fixtures.ts).
 */
import type { BrowserContext, CDPSession, Page, Worker } from '@playwright/test';
import { launchWithExtension } from '../../scripts/extension-browser';

export interface WorkerBrowser {
  context: BrowserContext;
  extensionId: string;
  /** The extension's service worker; the same handle across restarts (it follows the new one). */
  worker: Worker;
  /**
   * Everything the last test left in the browser and the extension, gone (see the header); the
   * first call finds a browser just launched, clean already.
   */
  reset(): Promise<void>;
  /**
   * A new tab that opens at `url` and has loaded it: created there (CDP Target.createTarget), not
   * as a blank page first and then sent to `url`, which costs a renderer for the blank page and a
   * second navigation. The context's init scripts and routes apply to it as to any page (Playwright
   * holds a new tab until it has set it up).
   */
  openPage(url: string): Promise<Page>;
  close(): Promise<void>;
}

type RunningStatus = 'stopped' | 'starting' | 'running' | 'stopping';

/** How long a restart of the worker may take on two busy cores before the reset gives up. */
const RESTART_TIMEOUT_MS = 20_000;
/** How long a tab opened by `openPage` may take to load its document. */
const OPEN_TIMEOUT_MS = 30_000;

/**
 * Runs in the extension's service worker: removes every kind of storage the extension's origin
 * has, whichever the product uses today (chrome.storage, IndexedDB for folder handles, the origin
 * private file system the folder tests pick) and those it may use tomorrow (Cache storage), and
 * the optional host permissions a test granted. The kinds are independent: all are emptied at once.
 */
async function clearExtensionStorage(): Promise<void> {
  const deleteDatabase = (name: string) =>
    new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error);
      request.onblocked = () => reject(new Error(`IndexedDB ${name} is still open`));
    });
  const removeFiles = async () => {
    const root = (await navigator.storage.getDirectory()) as FileSystemDirectoryHandle & {
      keys(): AsyncIterable<string>;
    };
    const entries: string[] = [];
    for await (const name of root.keys()) entries.push(name);
    await Promise.all(entries.map((name) => root.removeEntry(name, { recursive: true })));
  };
  const dropOptionalOrigins = async () => {
    const required = new Set(chrome.runtime.getManifest().host_permissions ?? []);
    const granted = (await chrome.permissions.getAll()).origins ?? [];
    const optional = granted.filter((origin) => !required.has(origin));
    if (optional.length > 0) await chrome.permissions.remove({ origins: optional });
  };
  await Promise.all([
    chrome.storage.local.clear(),
    chrome.storage.sync.clear(),
    chrome.storage.session.clear(),
    indexedDB
      .databases()
      .then((databases) =>
        Promise.all(
          databases.flatMap(({ name }) => (name === undefined ? [] : deleteDatabase(name))),
        ),
      ),
    removeFiles(),
    caches.keys().then((names) => Promise.all(names.map((name) => caches.delete(name)))),
    dropOptionalOrigins(),
  ]);
}

/**
 * Runs in the extension's service worker: the names of whatever its origin still stores, in every
 * kind of storage clearExtensionStorage empties (read at once).
 */
async function storedAnything(): Promise<string[]> {
  const files = async () => {
    const root = (await navigator.storage.getDirectory()) as FileSystemDirectoryHandle & {
      keys(): AsyncIterable<string>;
    };
    const names: string[] = [];
    for await (const name of root.keys()) names.push(`file ${name}`);
    return names;
  };
  const found = await Promise.all([
    chrome.storage.local.get(null).then(Object.keys),
    chrome.storage.sync.get(null).then(Object.keys),
    chrome.storage.session.get(null).then(Object.keys),
    indexedDB.databases().then((databases) => databases.map(({ name }) => `IndexedDB ${name}`)),
    files(),
    caches.keys().then((names) => names.map((name) => `cache ${name}`)),
  ]);
  return found.flat();
}

export async function openWorkerBrowser(): Promise<WorkerBrowser> {
  const launched = await launchWithExtension();
  const { context, extensionId, worker } = launched;
  const scopeURL = `chrome-extension://${extensionId}/`;
  let status: RunningStatus = 'running';
  let used = false;
  const changed = new Set<() => void>();
  // The blank tab a fresh browser opens with; its DevTools session stops and starts the worker.
  let blank: Page;
  let session: CDPSession;

  async function watchWorkerFrom(page: Page) {
    blank = page;
    session = await context.newCDPSession(page);
    session.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const version of versions) {
        if (!version.scriptURL.startsWith(scopeURL)) continue;
        status = version.runningStatus;
        for (const notify of changed) notify();
      }
    });
    await session.send('ServiceWorker.enable');
  }

  function reaches(wanted: RunningStatus): Promise<void> {
    if (status === wanted) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        changed.delete(check);
        reject(new Error(`The extension's worker did not reach "${wanted}" (it is "${status}").`));
      }, RESTART_TIMEOUT_MS);
      const check = () => {
        if (status !== wanted) return;
        clearTimeout(timer);
        changed.delete(check);
        resolve();
      };
      changed.add(check);
    });
  }

  async function start() {
    if (status === 'stopping') await reaches('stopped');
    if (status === 'stopped') await session.send('ServiceWorker.startWorker', { scopeURL });
    await reaches('running');
  }

  async function restart() {
    await session.send('ServiceWorker.stopAllWorkers');
    await reaches('stopped');
    await start();
  }

  await watchWorkerFrom(context.pages()[0] ?? (await context.newPage()));
  return {
    context,
    extensionId,
    worker,
    async reset() {
      if (!used) {
        used = true;
        return;
      }
      // Every page of the last test closed; the blank tab opened first, as closing the last page
      // of a persistent context ends the browser.
      if (blank.isClosed() || blank.url() !== 'about:blank') {
        const old = blank;
        blank = await context.newPage();
        if (!old.isClosed()) await old.close();
        await session.detach().catch((error: unknown) => error);
        await watchWorkerFrom(context.pages()[0] ?? (await context.newPage()));
      }
      // Every page of the last test closed, its cookies and permissions dropped, and its worker
      // running (started if the test stopped it), all at once: none waits for another.
      await Promise.all([
        ...context.pages().flatMap((page) => (page === blank ? [] : page.close())),
        context.clearCookies(),
        context.clearPermissions(),
        start(),
      ]);
      // Cleared from the worker the last test left once its pages are gone (a page still open
      // could hold an IndexedDB database open, or write after the clearing), then stopped
      // and started once: the stop ends any call the last test left running, and the new worker's
      // memory (token cache, storage mirrors) holds nothing from before.
      await worker.evaluate(clearExtensionStorage);
      await restart();
      // A fresh worker writes nothing until asked: anything found now was written by a call of
      // the last test between the clearing and the stop. Then cleared again, from a worker that
      // runs nothing, started anew, and looked at once more; found clean, it is left as it is
      // (nothing runs in it to write), which spares every test a round trip to the worker.
      let left = await worker.evaluate(storedAnything);
      if (left.length > 0) {
        await worker.evaluate(clearExtensionStorage);
        await restart();
        left = await worker.evaluate(storedAnything);
      }
      if (left.length > 0) throw new Error(`The reset left storage behind: ${left.join(', ')}.`);
    },
    async openPage(url) {
      const opened = context.waitForEvent('page', { predicate: (page) => page !== blank });
      await session.send('Target.createTarget', { url });
      const page = await opened;
      // Not waitForLoadState: the tab's first, empty document has its own load event. Nor
      // waitForURL's default wait for "load": it waits for Chromium's lifecycle event, and once
      // (one CI run at load 8) Playwright had the tab at `url` but never received its "load", and
      // the test's minute ran out. The document itself says when it has loaded (asked again and
      // again: waitForFunction would poll with code the page's CSP refuses to evaluate).
      await page.waitForURL(url, { waitUntil: 'commit' });
      const end = Date.now() + OPEN_TIMEOUT_MS;
      for (;;) {
        const state = await page.evaluate(() => document.readyState);
        if (state === 'complete') return page;
        if (Date.now() > end)
          throw new Error(
            `The tab at ${url} did not finish loading in ${OPEN_TIMEOUT_MS / 1000} s (document.readyState: ${state}).`,
          );
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => launched.close(),
  };
}
