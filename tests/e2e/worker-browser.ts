/**
 * One Chromium per Playwright worker, shared by the tests that worker runs one after another, and
 * the reset that gives each of them a clean extension: launching a browser costs about as much CPU
 * as a short test, and the suite runs on two busy cores. `reset` leaves what a fresh profile has:
 * no page but one blank tab, nothing in `storage.local`, `storage.sync` or `storage.session`, no
 * IndexedDB database, an empty origin private file system and Cache storage, no optional host
 * permission, no cookie, and a service worker started anew (its memory empty: token cache, storage
 * mirrors, the open call's state). A test that needs a browser of its own (a restart on the same
 * profile, DevTools opened by a launch flag, other extensions) launches one (launchWithExtension)
 * or asks the fixture for one (`test.use({ freshBrowser: true })` in fixtures.ts).
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
  close(): Promise<void>;
}

type RunningStatus = 'stopped' | 'starting' | 'running' | 'stopping';

/** How long a restart of the worker may take on two busy cores before the reset gives up. */
const RESTART_TIMEOUT_MS = 20_000;

/**
 * Runs in the extension's service worker: removes every kind of storage the extension's origin
 * has, whichever the product uses today (chrome.storage, IndexedDB for folder handles, the origin
 * private file system the folder tests pick) and those it may use tomorrow (Cache storage), and
 * the optional host permissions a test granted.
 */
async function clearExtensionStorage(): Promise<void> {
  await chrome.storage.local.clear();
  await chrome.storage.sync.clear();
  await chrome.storage.session.clear();
  for (const { name } of await indexedDB.databases()) {
    if (name === undefined) continue;
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error);
      request.onblocked = () => reject(new Error(`IndexedDB ${name} is still open`));
    });
  }
  const root = (await navigator.storage.getDirectory()) as FileSystemDirectoryHandle & {
    keys(): AsyncIterable<string>;
  };
  const entries: string[] = [];
  for await (const name of root.keys()) entries.push(name);
  for (const name of entries) await root.removeEntry(name, { recursive: true });
  for (const name of await caches.keys()) await caches.delete(name);
  const required = new Set(chrome.runtime.getManifest().host_permissions ?? []);
  const granted = (await chrome.permissions.getAll()).origins ?? [];
  const optional = granted.filter((origin) => !required.has(origin));
  if (optional.length > 0) await chrome.permissions.remove({ origins: optional });
}

/**
 * Runs in the extension's service worker: the names of whatever its origin still stores, in every
 * kind of storage clearExtensionStorage empties.
 */
async function storedAnything(): Promise<string[]> {
  const root = (await navigator.storage.getDirectory()) as FileSystemDirectoryHandle & {
    keys(): AsyncIterable<string>;
  };
  const files: string[] = [];
  for await (const name of root.keys()) files.push(`file ${name}`);
  return [
    ...Object.keys(await chrome.storage.local.get(null)),
    ...Object.keys(await chrome.storage.sync.get(null)),
    ...Object.keys(await chrome.storage.session.get(null)),
    ...(await indexedDB.databases()).map(({ name }) => `IndexedDB ${name}`),
    ...files,
    ...(await caches.keys()).map((name) => `cache ${name}`),
  ];
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
      for (const page of context.pages()) if (page !== blank) await page.close();
      await context.clearCookies();
      await context.clearPermissions();
      // Cleared from the worker the last test left (started if the test stopped it), then stopped
      // and started once: the stop ends any call the last test left running, and the new worker's
      // memory (token cache, storage mirrors) holds nothing from before.
      await start();
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
    close: () => launched.close(),
  };
}
