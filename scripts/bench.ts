/**
 * `npm run bench`: measures the built extension in the system Chromium against the sandbox, all on
 * loopback, and prints one JSON object with the figures and the targets they are held to. Each
 * figure is compared with a baseline measured in the same run where one exists (a plain fetch for
 * the worker's request path). Build first: `npm run build` (npm run bench does it).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { generatedPostmanCollection } from '../src/collections/postman-samples';
import { createSandbox, type Sandbox } from '../src/sandbox/server';
import { createApiKeyProfile, createOAuthProfile } from '../tests/e2e/profiles';
import { measureOpenApiImport } from './bench-openapi';
import { DIST, launchWithExtension, PANEL_PATH } from './extension-browser';

const GETS = 300;
const TOKENS = 30;
const LOADS = 10;
const BIG_BODY_BYTES = 10 * 1024 * 1024;
const BIG_RUNS = 3;
const SEARCHES = ['Request 42-7', 'request 99', 'items/50', 'post', 'nothing-matches', ''];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value =
    sorted.length % 2
      ? (sorted[middle] ?? 0)
      : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return Math.round(value * 100) / 100;
}

/** gzip size of every script the panel page loads at start (entry and module preloads). */
function panelJsGzipBytes(): number {
  const html = readFileSync(join(DIST, PANEL_PATH), 'utf8');
  const sources = [
    ...html.matchAll(
      /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g,
    ),
  ].map((match) => match[1] ?? '');
  return sources.reduce(
    (sum, src) => sum + gzipSync(readFileSync(join(DIST, src.replace(/^\//, '')))).length,
    0,
  );
}

/** Creates the sandbox's profile for this auth method, named after it; resolves with its id. */
async function createProfile(
  panel: Page,
  sandbox: Sandbox,
  method: 'API key' | 'OAuth (form body)',
) {
  const { apiKey, clientId, clientSecret, companyId } = sandbox.credentials;
  const fields = { name: method, authUrl: sandbox.url, baseUrl: sandbox.url, companyId };
  if (method === 'API key') await createApiKeyProfile(panel, { ...fields, apiKey });
  else await createOAuthProfile(panel, { ...fields, method, clientId, clientSecret });
  return panel.evaluate(async () => {
    const reply = await chrome.runtime.sendMessage({ type: 'profiles/list', payload: {} });
    return reply.value.activeProfileId as string;
  });
}

async function main() {
  const sandbox = await createSandbox({ port: 0 });
  const browser = await launchWithExtension();
  try {
    const panel = await browser.context.newPage();
    const panelUrl = `chrome-extension://${browser.extensionId}/${PANEL_PATH}`;
    await panel.goto(panelUrl);
    const apiKeyProfile = await createProfile(panel, sandbox, 'API key');
    const { apiKey, companyId } = sandbox.credentials;

    // Baseline: the same GET with fetch from a plain extension page, then through the worker.
    // Interleaved (one direct GET, then one through the worker) so that drift in the machine's
    // load affects both series alike.
    const { direct, viaWorker } = await panel.evaluate(
      async ({ url, apiKey, companyId, profileId, n }) => {
        const direct: number[] = [];
        const viaWorker: number[] = [];
        for (let i = 0; i < n; i++) {
          let start = performance.now();
          const response = await fetch(url, {
            headers: { 'x-apikey': apiKey, companyId, 'Content-Type': 'application/json' },
          });
          await response.text();
          direct.push(performance.now() - start);
          start = performance.now();
          const reply = await chrome.runtime.sendMessage({
            type: 'request/send',
            payload: {
              requestId: `bench-${i}`,
              profileId,
              method: 'GET',
              path: 'ping',
              query: [],
              headers: [],
              body: '',
            },
          });
          if (!reply.ok) throw new Error(reply.error.message);
          viaWorker.push(performance.now() - start);
        }
        return { direct, viaWorker };
      },
      { url: `${sandbox.url}/v1/ping`, apiKey, companyId, profileId: apiKeyProfile, n: GETS },
    );

    const oauthProfile = await createProfile(panel, sandbox, 'OAuth (form body)');
    const tokens = await panel.evaluate(
      async ({ profileId, n }) => {
        const times: number[] = [];
        for (let i = 0; i < n; i++) {
          const start = performance.now();
          const reply = await chrome.runtime.sendMessage({
            type: 'token/get',
            payload: { profileId, fresh: true },
          });
          if (!reply.ok || reply.value.view.outcome !== 'token') throw new Error('no token');
          times.push(performance.now() - start);
        }
        return times;
      },
      { profileId: oauthProfile, n: TOKENS },
    );

    const firstRender: number[] = [];
    for (let i = 0; i < LOADS; i++) {
      const page = await browser.context.newPage();
      await page.goto(panelUrl);
      await page.getByRole('heading', { name: 'Partner API' }).waitFor();
      firstRender.push(
        await page.evaluate(() => {
          const paint = performance.getEntriesByName('first-contentful-paint')[0];
          return paint ? paint.startTime : performance.now();
        }),
      );
      await page.close();
    }

    // A 10 MB JSON answer, from Send to the first rows of the body viewer on screen.
    await panel.getByRole('combobox', { name: 'Profile' }).selectOption({ label: 'API key' });
    sandbox.switches.largeBodyBytes = BIG_BODY_BYTES;
    await panel.getByRole('textbox', { name: 'Path' }).fill('products');
    // Send to first rows of the tree: the worker's fetch, the message, and the viewer's first screen.
    const bigTotals: number[] = [];
    const bigFetches: number[] = [];
    for (let i = 0; i < BIG_RUNS; i++) {
      const start = Date.now();
      await panel.getByRole('button', { name: 'Send' }).click();
      await panel.getByRole('treeitem').first().waitFor({ timeout: 60_000 });
      bigTotals.push(Date.now() - start);
      // The same call without the panel: what the worker's fetch and the message cost alone.
      bigFetches.push(
        await panel.evaluate(async (profileId) => {
          const start = performance.now();
          await chrome.runtime.sendMessage({
            type: 'request/send',
            payload: {
              requestId: 'bench-big',
              profileId,
              method: 'GET',
              path: 'products',
              query: [],
              headers: [],
              body: '',
            },
          });
          return performance.now() - start;
        }, apiKeyProfile),
      );
    }
    sandbox.switches.largeBodyBytes = 0;

    // A 10 000-request Postman collection in 100 folders, imported through the worker, then the
    // sidebar searched with it loaded: time from typing to the filtered tree painted.
    const importMs = await panel.evaluate(async (text) => {
      const start = performance.now();
      const reply = await chrome.runtime.sendMessage({
        type: 'collections/import',
        payload: { text, onClash: 'keep-both' },
      });
      if (!reply.ok) throw new Error(reply.error.message);
      return performance.now() - start;
    }, generatedPostmanCollection());
    await panel.reload();
    await panel.getByRole('button', { name: 'Folder Folder 99' }).waitFor();
    const searches: number[][] = [];
    for (const query of SEARCHES) {
      searches.push(
        await panel.evaluate(async (text) => {
          const input = document.querySelector<HTMLInputElement>(
            'input[aria-label="Search requests"]',
          );
          if (input === null) throw new Error('no search box');
          const start = performance.now();
          input.value = text;
          input.dispatchEvent(new Event('input', { bubbles: true }));
          await new Promise((resolve) => setTimeout(resolve, 0));
          const rendered = performance.now() - start;
          await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
          return [rendered, performance.now() - start];
        }, query),
      );
    }

    // A 5 MB OpenAPI document (JSON, and the same as YAML), imported in an extension page.
    const openApi = await measureOpenApiImport(browser.context, browser.extensionId);

    const directMs = median(direct);
    const workerMs = median(viaWorker);
    const figures = {
      direct_fetch_ms: directMs,
      worker_fetch_ms: workerMs,
      proxy_overhead_ratio: Math.round((workerMs / directMs) * 100) / 100,
      token_roundtrip_ms: median(tokens),
      panel_first_render_ms: median(firstRender),
      panel_js_gzip_bytes: panelJsGzipBytes(),
      big_response_total_ms: median(bigTotals),
      big_response_fetch_ms: Math.round(median(bigFetches)),
      big_response_render_ms: Math.max(0, Math.round(median(bigTotals) - median(bigFetches))),
      import_postman_10k_ms: Math.round(importMs),
      sidebar_search_ms: median(searches.map((x) => x[0] ?? 0)),
      sidebar_search_painted_ms: median(searches.map((x) => x[1] ?? 0)),
      ...openApi,
      samples: {
        gets: GETS,
        tokens: TOKENS,
        loads: LOADS,
        big_body_bytes: BIG_BODY_BYTES,
        big_runs: BIG_RUNS,
      },
      targets: {
        proxy_overhead_ratio: '<= 1.25',
        panel_first_render_ms: '< 150',
        panel_js_gzip_bytes: '< 40000',
        big_response_render_ms: '< 500',
        import_postman_10k_ms: '< 1000',
        sidebar_search_ms: '< 50',
        import_openapi_5mb_ms: '< 1000',
        import_openapi_yaml_5mb_ms: '< 1000',
      },
    };
    console.log(JSON.stringify(figures, null, 2));
  } finally {
    await browser.close();
    await sandbox.close();
  }
}

await main();
