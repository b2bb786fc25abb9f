/**
 * The response body viewer in real Chromium. The panel decides when a body is JSON, so this test
 * mounts the viewer alone: it bundles a one-line page around JsonViewer with Vite's API into a temp
 * dir (nothing is added to the extension build), serves it on loopback, and hands the page its
 * JSON through `window`.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import preact from '@preact/preset-vite';
import { build } from 'vite';
import { expect, test } from './fixtures';

/** What the test page puts on `window`. */
interface ViewerPage {
  mountJsonViewer(text: string): void;
  outlineJson(text: string): { ok: boolean };
  BodySearch: new (text: string, query: string) => { step(chars: number): boolean; count: number };
}

const ENTRY = 'virtual:json-viewer-page';
const ENTRY_SOURCE = `
import { h, render } from 'preact';
import { JsonViewer } from ${JSON.stringify(resolve('extension/panel/response/json-viewer/JsonViewer.tsx'))};
import { outlineJson } from ${JSON.stringify(resolve('src/json-text/json-outline.ts'))};
import { BodySearch } from ${JSON.stringify(resolve('src/json-text/json-search.ts'))};
import ${JSON.stringify(resolve('extension/panel/panel.css'))};
window.mountJsonViewer = (text) => render(h(JsonViewer, { text }), document.getElementById('app'));
Object.assign(window, { outlineJson, BodySearch });
`;

const SMALL = `{
  "id": 12345678901234567890,
  "price": 1.10,
  "name": "Ann \\"the\\" Admin",
  "nick": "anna",
  "tags": ["x", "y"],
  "nested": {"deep": {"deeper": {"needle": "ANN at the bottom"}}},
  "empty": {}
}`;

/** About 10 MB of realistic records, made in the page so it need not cross the wire. */
function makeBigBody(): string {
  const items: string[] = [];
  for (let i = 0; i < 40_000; i++) {
    items.push(
      `{"id":${i},"name":"User ${i}","big":12345678901234567890,"price":1.10,"active":${i % 2 === 0},` +
        `"tags":["alpha","beta","gamma"],"address":{"street":"${i} Main Street","city":"Springfield",` +
        `"geo":{"lat":51.5${i},"lng":-0.12${i}}},"note":"Lorem ipsum dolor sit amet, consectetur adipiscing"}`,
    );
  }
  return `[${items.join(',')}]`;
}

let outDir = '';
let server: Server | undefined;
let baseUrl = '';

test.beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'json-viewer-e2e-'));
  await build({
    configFile: false,
    root: resolve('.'),
    logLevel: 'warn',
    plugins: [
      preact(),
      {
        name: 'json-viewer-test-page',
        resolveId: (id) => (id === ENTRY ? `\0${ENTRY}` : null),
        load: (id) => (id === `\0${ENTRY}` ? ENTRY_SOURCE : null),
      },
    ],
    build: {
      outDir,
      emptyOutDir: true,
      target: 'chrome120',
      rollupOptions: {
        input: ENTRY,
        output: { entryFileNames: 'page.js', assetFileNames: '[name][extname]' },
      },
    },
  });
  const styles = readdirSync(outDir).filter((name) => name.endsWith('.css'));
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>JSON viewer</title>${styles
    .map((name) => `<link rel="stylesheet" href="/${name}">`)
    .join(
      '',
    )}</head><body><main id="app"></main><script type="module" src="/page.js"></script></body></html>`;
  server = createServer((request, response) => {
    const name = new URL(request.url ?? '/', 'http://test.local').pathname.slice(1);
    if (name === '' || name === 'index.html') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
      return;
    }
    if (!readdirSync(outDir).includes(name)) {
      response.writeHead(404).end();
      return;
    }
    const type = extname(name) === '.css' ? 'text/css' : 'text/javascript';
    response.writeHead(200, { 'content-type': type }).end(readFileSync(join(outDir, name)));
  });
  await new Promise<void>((ready) => server?.listen(0, '127.0.0.1', ready));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

test.afterAll(async () => {
  await new Promise((closed) => server?.close(closed));
  rmSync(outDir, { recursive: true, force: true });
});

async function openViewer(page: Page, text: string): Promise<void> {
  await page.goto(baseUrl);
  await page.waitForFunction(() => 'mountJsonViewer' in window);
  await page.evaluate((body) => (window as unknown as ViewerPage).mountJsonViewer(body), text);
}

test('shows a JSON body as a tree, every literal exactly as sent', async ({ context }) => {
  const page = await context.newPage();
  await openViewer(page, SMALL);
  const tree = page.getByRole('tree', { name: 'Body (JSON)' });
  await expect(tree).toBeVisible();
  await expect(tree.getByRole('treeitem', { name: 'id: 12345678901234567890' })).toBeVisible();
  await expect(tree.getByRole('treeitem', { name: 'price: 1.10' })).toBeVisible();
  await expect(tree.getByRole('treeitem', { name: 'name: "Ann \\"the\\" Admin"' })).toBeVisible();
  // A body up to 64 KB opens fully expanded.
  const root = tree.getByRole('treeitem').first();
  await expect(root).toHaveAttribute('aria-expanded', 'true');
  await expect(root).toHaveAttribute('aria-level', '1');
  await expect(tree.getByRole('treeitem', { name: 'deeper: {…} 1 key' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(tree.getByRole('treeitem', { name: 'needle: "ANN at the bottom"' })).toBeVisible();
  const tags = tree.getByRole('treeitem', { name: 'tags: […] 2 items' });
  await expect(tags).toHaveAttribute('aria-expanded', 'true');
  await expect(tags).toHaveAttribute('aria-posinset', '5');
  await expect(tags).toHaveAttribute('aria-setsize', '7');
  await expect(tree.getByRole('treeitem', { name: '1: "y"' })).toHaveAttribute('aria-level', '3');
  await expect(tree.getByRole('treeitem', { name: 'empty: {} 0 keys' })).not.toHaveAttribute(
    'aria-expanded',
  );
  await expect(page.getByRole('button', { name: 'Expand all' })).toBeEnabled();
});

test('expands and collapses by click and by keyboard', async ({ context }) => {
  const page = await context.newPage();
  await openViewer(page, SMALL);
  const tree = page.getByRole('tree', { name: 'Body (JSON)' });
  // From the top level only, so every step below opens something.
  await page.getByRole('button', { name: 'Collapse all' }).click();
  await tree.getByRole('treeitem', { name: 'nested: {…} 1 key' }).click();
  const deep = tree.getByRole('treeitem', { name: 'deep: {…} 1 key' });
  await expect(deep).toHaveAttribute('aria-expanded', 'false');
  await deep.click();
  await expect(deep).toHaveAttribute('aria-expanded', 'true');
  const deeper = tree.getByRole('treeitem', { name: 'deeper: {…} 1 key' });
  await expect(deeper).toBeVisible();
  await deep.click();
  await expect(deeper).toHaveCount(0);

  // Keyboard: the clicked row holds the roving tabindex; Down moves, Right opens, Left closes.
  await expect(deep).toHaveAttribute('tabindex', '0');
  await expect(deep).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(deep).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(deeper).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(deeper).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(tree.getByRole('treeitem', { name: 'needle: "ANN at the bottom"' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(deeper).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(deeper).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowUp');
  await expect(deep).toBeFocused();
  await expect(tree.locator('[tabindex="0"]')).toHaveCount(1);

  await page.getByRole('button', { name: 'Collapse all' }).click();
  await expect(tree.getByRole('treeitem', { name: 'deep: {…} 1 key' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Expand all' }).click();
  await expect(tree.getByRole('treeitem', { name: 'needle: "ANN at the bottom"' })).toBeVisible();
});

test('search counts matches, and Next match reveals a deep one', async ({ context }) => {
  const page = await context.newPage();
  await openViewer(page, SMALL);
  const tree = page.getByRole('tree', { name: 'Body (JSON)' });
  const needle = tree.getByRole('treeitem', { name: 'needle: "ANN at the bottom"' });
  await page.getByRole('button', { name: 'Collapse all' }).click();
  await expect(needle).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search body' }).fill('ann');
  const status = page.getByRole('status');
  await expect(status).toHaveText('3 matches');
  await expect(tree.locator('mark')).toHaveText(['Ann', 'ann']);
  const next = page.getByRole('button', { name: 'Next match' });
  await next.click();
  await expect(status).toHaveText('1 of 3 matches');
  await expect(tree.locator('[aria-current="true"]')).toHaveAccessibleName(/^name: /);
  await next.click();
  await next.click();
  await expect(status).toHaveText('3 of 3 matches');
  await expect(needle).toBeInViewport();
  await expect(needle).toHaveAttribute('aria-current', 'true');
  await page.getByRole('button', { name: 'Previous match' }).click();
  await expect(status).toHaveText('2 of 3 matches');
  await page.getByRole('searchbox', { name: 'Search body' }).fill('nothing like it');
  await expect(status).toHaveText('No matches');
  await expect(next).toBeDisabled();
});

test('Raw shows the body pretty-printed, As received shows it exactly, and Tree comes back as it was', async ({
  context,
}) => {
  const page = await context.newPage();
  await openViewer(page, SMALL);
  const tree = page.getByRole('tree', { name: 'Body (JSON)' });
  // Open from the start: this click closes "nested", and Tree must come back with it closed.
  await tree.getByRole('treeitem', { name: 'nested: {…} 1 key' }).click();
  const raw = page.getByRole('button', { name: 'Raw' });
  await raw.click();
  await expect(raw).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Tree' })).toHaveAttribute('aria-pressed', 'false');
  const region = page.getByRole('region', { name: 'Body (raw)' });
  // Two-space indentation, every literal as sent (no rounding, no 1.10 → 1.1).
  expect(await region.locator('pre').textContent()).toBe(`{
  "id": 12345678901234567890,
  "price": 1.10,
  "name": "Ann \\"the\\" Admin",
  "nick": "anna",
  "tags": [
    "x",
    "y"
  ],
  "nested": {
    "deep": {
      "deeper": {
        "needle": "ANN at the bottom"
      }
    }
  },
  "empty": {}
}`);
  const asReceived = page.getByRole('checkbox', { name: 'As received' });
  await asReceived.check();
  expect(await region.locator('pre').textContent()).toBe(SMALL);
  await asReceived.uncheck();
  await expect(region.locator('pre')).toContainText('"tags": [\n    "x",');
  await expect(tree).toBeHidden();
  await page.getByRole('button', { name: 'Tree' }).click();
  await expect(region).toHaveCount(0);
  await expect(tree.getByRole('treeitem', { name: 'nested: {…} 1 key' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
});

test('text that is not JSON falls back to raw text with a note', async ({ context }) => {
  const page = await context.newPage();
  const broken = '{\n  "a": 1,\n  "b": [1, 2,]\n}';
  await openViewer(page, broken);
  await expect(page.getByRole('note')).toHaveText(
    'This body is not valid JSON (Found "]" where a value was expected, line 3, column 14), so it is shown as raw text.',
  );
  expect(await page.getByRole('region', { name: 'Body (raw)' }).textContent()).toBe(broken);
  await expect(page.getByRole('tree')).toHaveCount(0);
});

test('a 10 MB body shows its first rows fast, renders few elements, and searches without freezing', async ({
  context,
}) => {
  test.setTimeout(60_000);
  const page = await context.newPage();
  await page.goto(baseUrl);
  await page.waitForFunction(() => 'mountJsonViewer' in window);
  await page.evaluate(`window.bigBody = (${makeBigBody.toString()})();`);
  const firstScreen = await page.evaluate(async () => {
    const view = window as unknown as ViewerPage & { bigBody: string };
    // First the viewer, cold, as a user meets it; then its parts alone, for the record.
    const mountStart = performance.now();
    view.mountJsonViewer(view.bigBody);
    const mountedMs = performance.now() - mountStart;
    // Rows are in the DOM once render returns; wait for the frame that paints them.
    await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted, 0)));
    const paintedMs = performance.now() - mountStart;
    const treeitems = document.querySelectorAll('[role="treeitem"]').length;
    const scanStart = performance.now();
    view.outlineJson(view.bigBody);
    const outlineMs = performance.now() - scanStart;
    const searchStart = performance.now();
    const search = new view.BodySearch(view.bigBody, 'springfield');
    while (!search.step(1 << 30));
    const searchMs = performance.now() - searchStart;
    return {
      megabytes: view.bigBody.length / 1e6,
      mountedMs,
      paintedMs,
      treeitems,
      outlineMs,
      searchMs,
      searchHits: search.count,
    };
  });
  test.info().annotations.push({
    type: 'timing (10 MB)',
    description: `${firstScreen.megabytes.toFixed(1)} MB: mount ${firstScreen.mountedMs.toFixed(0)} ms, first rows painted ${firstScreen.paintedMs.toFixed(0)} ms (${firstScreen.treeitems} rows in the DOM); then alone: outline ${firstScreen.outlineMs.toFixed(0)} ms, whole search ${firstScreen.searchMs.toFixed(0)} ms (${firstScreen.searchHits} hits)`,
  });
  expect(firstScreen.megabytes).toBeGreaterThan(10);
  expect(firstScreen.searchHits).toBe(40_000);
  expect(firstScreen.paintedMs).toBeLessThan(3000);
  const tree = page.getByRole('tree', { name: 'Body (JSON)' });
  await expect(tree.getByRole('treeitem', { name: '[…] 40000 items' })).toBeVisible();
  await expect(tree.getByRole('treeitem', { name: '0: {…} 8 keys', exact: true })).toBeVisible();
  expect(firstScreen.treeitems).toBeLessThan(200);
  await expect(page.getByRole('button', { name: 'Expand all' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Expand all' })).toHaveAttribute(
    'title',
    /under 2000 values; this one has 680001\./,
  );

  // The end of the list is one key away, and still only a screenful of rows is rendered.
  await tree.getByRole('treeitem', { name: '0: {…} 8 keys', exact: true }).click();
  await page.keyboard.press('End');
  await expect(
    tree.getByRole('treeitem', { name: '39999: {…} 8 keys', exact: true }),
  ).toBeFocused();
  expect(await tree.getByRole('treeitem').count()).toBeLessThan(200);

  // Searching the whole body: watch for long tasks while it runs.
  await page.evaluate(() => {
    const view = window as unknown as { longest: number };
    view.longest = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) view.longest = Math.max(view.longest, entry.duration);
    }).observe({ type: 'longtask' });
  });
  const typed = Date.now();
  await page.getByRole('searchbox', { name: 'Search body' }).fill('user 3999');
  await expect(page.getByRole('status')).toHaveText('11 matches');
  const searchedMs = Date.now() - typed;
  await page.getByRole('button', { name: 'Previous match' }).click();
  const last = tree.getByRole('treeitem', { name: 'name: "User 39999"', exact: true });
  await expect(last).toBeInViewport();
  const longestTask = await page.evaluate(() => (window as unknown as { longest: number }).longest);
  test.info().annotations.push({
    type: 'search (10 MB)',
    description: `typed to "11 matches" shown: ${searchedMs} ms (150 ms typing pause included); longest task while searching: ${longestTask.toFixed(0)} ms`,
  });
  expect(await tree.getByRole('treeitem').count()).toBeLessThan(200);

  // Raw text of a big body comes a chunk at a time: pretty-printed, and as received. Showing
  // the first pretty-printed chunk costs about what showing the text as received does (the
  // longest task of each is compared, so a slow machine slows both).
  const longestSince = async (act: () => Promise<void>) => {
    await page.evaluate(() => {
      (window as unknown as { longest: number }).longest = 0;
    });
    await act();
    await page.waitForTimeout(100); // the observer hears of the last task
    return page.evaluate(() => (window as unknown as { longest: number }).longest);
  };
  const raw = page.getByRole('region', { name: 'Body (raw)' }).locator('pre');
  const rawLength = () => raw.evaluate((element) => element.textContent?.length ?? 0);
  const prettyLongest = await longestSince(async () => {
    await page.getByRole('button', { name: 'Raw' }).click();
    await expect(raw).toContainText('[\n  {\n    "id": 0,\n    "name": "User 0",\n');
  });
  const prettyFirst = await rawLength();
  expect(prettyFirst).toBeGreaterThanOrEqual(64 * 1024);
  expect(prettyFirst).toBeLessThan(64 * 1024 + 1024);
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect.poll(rawLength).toBeGreaterThanOrEqual(128 * 1024);
  const asReceived = page.getByRole('checkbox', { name: 'As received' });
  const receivedLongest = await longestSince(async () => {
    await asReceived.check();
    await expect.poll(rawLength).toBe(256 * 1024);
  });
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect.poll(rawLength).toBe(512 * 1024);
  test.info().annotations.push({
    type: 'raw (10 MB)',
    description: `longest task showing the first chunk: pretty-printed ${prettyLongest.toFixed(0)} ms, as received ${receivedLongest.toFixed(0)} ms`,
  });
  expect(prettyLongest, 'pretty-printing goes a chunk at a time').toBeLessThan(
    Math.max(500, 3 * receivedLongest),
  );
});
