/**
 * The panel's own figures: first paint of a fresh panel page, the JavaScript it loads at start,
 * and a 10 MB JSON answer from Send to the first rows of the answer's JSON tree on screen.
 */
import type { BrowserContext, Page } from '@playwright/test';
import type { Sandbox } from '../src/sandbox/server';
import { ANSWER_TREE_ROW, getCall, timedSend } from './bench-send';
import { median } from './bench-stats';

export const LOADS = 10;
export const BIG_BODY_BYTES = 10 * 1024 * 1024;
export const BIG_RUNS = 3;

/** Median of LOADS fresh panel pages: navigation start to first contentful paint. */
export async function measureFirstRender(context: BrowserContext, panelUrl: string) {
  const firstRender: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    const page = await context.newPage();
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
  return median(firstRender);
}

/**
 * The 10 MB answer with the profile named `profile` chosen: Send to the first tree rows (the
 * worker's fetch, the message and the viewer's first screen), the same call without the panel
 * (what the worker's fetch and the message cost alone), and the same GET with a plain `fetch` from
 * the page, its body read as text (the fetch alone: `big_response_added_ms` is what the extension
 * adds to it, the message included), interleaved.
 */
export async function measureBigResponse(
  panel: Page,
  sandbox: Sandbox,
  profile: string,
  profileId: string,
) {
  await panel.getByRole('combobox', { name: 'Profile' }).selectOption({ label: profile });
  sandbox.switches.largeBodyBytes = BIG_BODY_BYTES;
  await panel.getByRole('textbox', { name: 'Path' }).fill('products');
  const totals: number[] = [];
  const fetches: number[] = [];
  const direct: number[] = [];
  const { apiKey, companyId } = sandbox.credentials;
  try {
    for (let i = 0; i < BIG_RUNS; i++) {
      totals.push(await timedSend(panel, ANSWER_TREE_ROW));
      fetches.push(
        await panel.evaluate(
          async (call) => {
            const start = performance.now();
            const reply = await chrome.runtime.sendMessage({ type: 'request/send', payload: call });
            if (!reply.ok) throw new Error(reply.error.message);
            return performance.now() - start;
          },
          getCall(profileId, 'products'),
        ),
      );
      direct.push(
        await panel.evaluate(
          async ({ url, headers }) => {
            const start = performance.now();
            const response = await fetch(url, { headers });
            await response.text();
            return performance.now() - start;
          },
          {
            url: `${sandbox.url}/v1/products`,
            headers: { 'x-apikey': apiKey, companyId, 'Content-Type': 'application/json' },
          },
        ),
      );
    }
  } finally {
    sandbox.switches.largeBodyBytes = 0;
  }
  return {
    big_response_total_ms: Math.round(median(totals)),
    big_response_fetch_ms: Math.round(median(fetches)),
    big_response_render_ms: Math.max(0, Math.round(median(totals) - median(fetches))),
    big_response_direct_fetch_ms: Math.round(median(direct)),
    big_response_added_ms: Math.round(median(totals) - median(direct)),
  };
}
