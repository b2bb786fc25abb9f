/**
 * The fixture itself: a Playwright worker's tests share one browser (worker-browser.ts), and the
 * second of two tests run in order must see nothing the first left: no profile, secret, token,
 * history or collection, no IndexedDB database, no file in the origin private file system, no
 * page, init script or worker memory of the first. The token check is a user's: the first test's
 * profile put back as it was stored, a call must get a new token, not one the worker remembered.
 */
import type { Page } from '@playwright/test';
import { createSandbox, type Sandbox } from '../../src/sandbox/server';
import { expect, OFTEN, test } from './fixtures';
import { createOAuthProfile } from './profiles';

// In order, in one worker, one browser: the second test runs where the first ran.
test.describe.configure({ mode: 'serial' });

const TOKEN_PATH = '/o/oauth/accesstoken';
/** One sandbox for both tests, so that the first test's profile still points at a live one. */
let sandbox: Sandbox;
/** What the first test left in `storage.local`, for the second to put back. */
let leftInStorage: Record<string, unknown> = {};

test.beforeAll(async () => {
  sandbox = await createSandbox({ port: 0 });
});
test.afterAll(async () => {
  await sandbox.close();
});

const tokenRequests = () => sandbox.requests.filter((request) => request.path === TOKEN_PATH);

async function send(panel: Page) {
  await panel.getByRole('textbox', { name: 'Path' }).fill('products');
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByRole('region', { name: 'Response', exact: true })).toContainText(
    /(?<!\d)200(?!\d)/,
  );
}

/**
 * Everything the extension's origin keeps, read from one of its pages. The panel may open its
 * own IndexedDB database of connected folders (folder-store.ts) at any time: its records are
 * counted, and other databases listed.
 */
function storedEverywhere(panel: Page) {
  return panel.evaluate(async () => {
    const databases = (await indexedDB.databases())
      .map((database) => database.name)
      .filter((name) => name !== 'partner-api-folders');
    const folders = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('partner-api-folders', 1);
      request.onupgradeneeded = () =>
        request.result.createObjectStore('connections', { keyPath: 'collectionId' });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const connections = await new Promise<number>((resolve, reject) => {
      const request = folders.transaction('connections').objectStore('connections').count();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    folders.close();
    const root = (await navigator.storage.getDirectory()) as FileSystemDirectoryHandle & {
      keys(): AsyncIterable<string>;
    };
    const files: string[] = [];
    for await (const name of root.keys()) files.push(name);
    return {
      local: Object.keys(await chrome.storage.local.get(null)).sort(),
      sync: Object.keys(await chrome.storage.sync.get(null)),
      session: Object.keys(await chrome.storage.session.get(null)).sort(),
      databases,
      connections,
      files,
      initScript: (window as unknown as { leftByFirstTest?: boolean }).leftByFirstTest ?? false,
    };
  });
}

test('the first test fills the extension: a profile, a token, history, a collection, files', async ({
  context,
  panel,
  serviceWorker,
}) => {
  await createOAuthProfile(panel, {
    method: 'OAuth (form body)',
    authUrl: sandbox.url,
    companyId: sandbox.credentials.companyId,
    clientId: sandbox.credentials.clientId,
    clientSecret: sandbox.credentials.clientSecret,
  });
  await send(panel);
  await send(panel);
  // The second call took the first call's token from the worker's cache.
  expect(tokenRequests()).toHaveLength(1);
  await panel.getByRole('button', { name: 'Save request' }).click();
  const form = panel.getByRole('form', { name: 'Save request' });
  await form.getByRole('textbox', { name: 'Request name' }).fill('List products');
  await form
    .getByRole('combobox', { name: 'Collection' })
    .selectOption({ label: 'New collection…' });
  await form.getByRole('textbox', { name: 'New collection name' }).fill('Team');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(panel.getByRole('treeitem', { name: 'List products', exact: true })).toBeVisible();

  await panel.evaluate(async () => {
    await chrome.storage.sync.set({ leftByFirstTest: true });
    const open = (name: string, store: string, keyPath: string | null) =>
      new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name, 1);
        request.onupgradeneeded = () => request.result.createObjectStore(store, { keyPath });
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    (await open('left-by-first-test', 'things', null)).close();
    // A record as a connected folder's would be, in the panel's own database.
    const folders = await open('partner-api-folders', 'connections', 'collectionId');
    await new Promise<void>((resolve, reject) => {
      const transaction = folders.transaction('connections', 'readwrite');
      transaction.objectStore('connections').put({ collectionId: 'first', base: [], seen: [] });
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
    });
    folders.close();
    const root = await navigator.storage.getDirectory();
    const file = await root.getFileHandle('left-by-first-test.txt', { create: true });
    const writable = await file.createWritable();
    await writable.write('the first test was here');
    await writable.close();
  });
  await serviceWorker.evaluate(() => {
    (globalThis as { leftByFirstTest?: boolean }).leftByFirstTest = true;
  });
  await context.addInitScript(() => {
    (window as unknown as { leftByFirstTest: boolean }).leftByFirstTest = true;
  });
  await (await context.newPage()).goto(sandbox.url);
  await panel.reload();

  // The calls' history reaches storage.local in one batch a second after them
  // (extension/background/handlers/history.ts): looked for until it is there.
  const hasHistory = async () =>
    (await storedEverywhere(panel)).local.some((key) => key.startsWith('history'));
  await expect.poll(hasHistory, OFTEN).toBe(true);
  const stored = await storedEverywhere(panel);
  expect(stored.local).toEqual(expect.arrayContaining(['profiles', 'secrets', 'collections']));
  expect(stored.local.some((key) => key.startsWith('history'))).toBe(true);
  expect(stored.sync).toEqual(['leftByFirstTest']);
  expect(stored.session).toContain('tokens');
  expect(stored.databases).toEqual(['left-by-first-test']);
  expect(stored.connections).toBe(1);
  expect(stored.files).toEqual(['left-by-first-test.txt']);
  expect(stored.initScript).toBe(true);
  leftInStorage = await panel.evaluate(() => chrome.storage.local.get(null));
});

test('the second test finds none of it, and its calls get a token of their own', async ({
  context,
  panel,
  serviceWorker,
}) => {
  expect(Object.keys(leftInStorage).length, 'the first test ran and stored').toBeGreaterThan(0);
  await expect(panel.getByRole('heading', { name: 'Create your first profile' })).toBeVisible();
  expect(await storedEverywhere(panel)).toEqual({
    local: [],
    sync: [],
    session: [],
    databases: [],
    connections: 0,
    files: [],
    initScript: false,
  });
  // Only the blank tab a fresh browser opens with, and this test's panel.
  expect(context.pages().map((page) => page.url())).toEqual(['about:blank', panel.url()]);
  expect(
    await serviceWorker.evaluate(
      () => (globalThis as { leftByFirstTest?: boolean }).leftByFirstTest,
    ),
  ).toBeUndefined();

  // The first test's profile and secret back as they were stored: a call gets a new token.
  await panel.evaluate((items) => chrome.storage.local.set(items), leftInStorage);
  await panel.reload();
  await send(panel);
  expect(tokenRequests()).toHaveLength(2);
});
