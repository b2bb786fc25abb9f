/**
 * The worker's request path against its baseline: the same GET of `/v1/ping` with `fetch` from
 * the panel page, then through the worker (message, schema check, storage, fetch, reply),
 * interleaved (one direct GET, then one through the worker) so that drift in the machine's load
 * affects both series alike. Also the token round trip of an OAuth profile.
 */
import type { Sandbox } from '../src/sandbox/server';
import { getCall } from './bench-send';
import { median, medianDifference } from './bench-stats';

/**
 * A page to run the measurements in: Playwright's (Chromium) and puppeteer's (Firefox) pages both
 * evaluate a function with one argument.
 */
export interface MeasuredPage {
  evaluate<Arg, Result>(run: (arg: Arg) => Promise<Result>, arg: Arg): Promise<Result>;
}

export const GETS = 300;
export const TOKENS = 30;

export interface ProxyFigures {
  direct_fetch_ms: number;
  worker_fetch_ms: number;
  proxy_overhead_ratio: number;
  /** Median of the per-pair differences (worker GET minus the direct GET just before it). */
  proxy_overhead_ms: number;
}

export async function measureProxy(
  panel: MeasuredPage,
  sandbox: Sandbox,
  profileId: string,
): Promise<ProxyFigures> {
  const { apiKey, companyId } = sandbox.credentials;
  const { direct, viaWorker } = await panel.evaluate(
    async ({ url, apiKey, companyId, call, n }) => {
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
        const reply = await chrome.runtime.sendMessage({ type: 'request/send', payload: call });
        if (!reply.ok) throw new Error(reply.error.message);
        viaWorker.push(performance.now() - start);
      }
      return { direct, viaWorker };
    },
    { url: `${sandbox.url}/v1/ping`, apiKey, companyId, call: getCall(profileId, 'ping'), n: GETS },
  );
  const directMs = median(direct);
  const workerMs = median(viaWorker);
  return {
    direct_fetch_ms: directMs,
    worker_fetch_ms: workerMs,
    proxy_overhead_ratio: Math.round((workerMs / directMs) * 100) / 100,
    proxy_overhead_ms: medianDifference(viaWorker, direct),
  };
}

/** Median of TOKENS: asking the worker for a new token to the decoded result in the panel. */
export async function measureTokenRoundTrip(
  panel: MeasuredPage,
  profileId: string,
): Promise<number> {
  const times = await panel.evaluate(
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
    { profileId, n: TOKENS },
  );
  return median(times);
}
