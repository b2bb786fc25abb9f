/**
 * `cold_send_ms`: Send in the panel right after Chrome stopped the worker (as it does after ~30 s
 * idle), to the answer's status line shown; `warm_send_ms`: the same Send with the worker running,
 * interleaved with the cold ones. Measured for an API-key profile and for an OAuth profile with a
 * cached token, with the vault locked with a passphrase and unlocked, so a cold call also imports
 * the lock's key.
 *
 * The worker is stopped with CDP `ServiceWorker.stopAllWorkers` (a page-level session: a persistent
 * context has no browser-level one; "all" is this browser's). Each cold Send is checked to have met
 * a stopped worker: Chrome reports it stopped before the click, and started once by the Send.
 */
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { ANSWER_STATUS, timedSend } from './bench-send';
import { median } from './bench-stats';

export const COLD_RUNS = 15;
const PASSPHRASE = 'bench passphrase: correct horse battery staple';

export interface ColdFigures {
  cold_send_ms: number;
  warm_send_ms: number;
  cold_overhead_ms: number;
}

/**
 * Our worker's running status as Chrome's ServiceWorker domain reports it, and how many times it
 * has started: the proof that a cold Send met a stopped worker and started a new one.
 */
export async function watchWorker(session: CDPSession, extensionId: string) {
  const origin = `chrome-extension://${extensionId}/`;
  const watch = { status: 'unknown', starts: 0, stops: 0 };
  session.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const version of versions) {
      if (!version.scriptURL.startsWith(origin)) continue;
      if (version.runningStatus === 'starting' && watch.status !== 'starting') watch.starts++;
      if (version.runningStatus === 'stopped' && watch.status !== 'stopped') watch.stops++;
      watch.status = version.runningStatus;
    }
  });
  await session.send('ServiceWorker.enable');
  return watch;
}

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Stops every service worker of the browser and resolves once Chrome reports ours stopped. A stop
 * is counted, not only polled: on a loaded machine a message from the panel (a draft saved) may
 * start the worker again before a poll sees it stopped; it is then stopped again.
 */
export async function stopWorker(
  session: CDPSession,
  worker: { status: string; stops: number },
): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const stops = worker.stops;
    await session.send('ServiceWorker.stopAllWorkers');
    await until(() => worker.stops > stops, 'the worker is stopped');
    if (worker.status === 'stopped') return;
  }
  throw new Error('the worker started again each time it was stopped');
}

async function ask(panel: Page, type: string, payload: object) {
  const reply = await panel.evaluate(
    ({ type, payload }) => chrome.runtime.sendMessage({ type, payload }),
    { type, payload },
  );
  if (!reply.ok) throw new Error(`${type}: ${reply.error.message}`);
}

/** Locks the saved secrets with a passphrase, locks them, and unlocks them again. */
export async function lockAndUnlock(panel: Page): Promise<void> {
  await ask(panel, 'lock/enable', { passphrase: PASSPHRASE });
  await ask(panel, 'lock/lock', {});
  await ask(panel, 'lock/unlock', { passphrase: PASSPHRASE });
}

/** Cold and warm Sends of `/v1/ping` with the profile named `profile` chosen in the panel. */
export async function measureColdSend(
  context: BrowserContext,
  panel: Page,
  extensionId: string,
  profile: string,
): Promise<ColdFigures> {
  await panel.getByRole('combobox', { name: 'Profile' }).selectOption({ label: profile });
  await panel.getByRole('textbox', { name: 'Path' }).fill('ping');
  // The first Send loads the answer's views and, for OAuth, puts a token in the cache.
  await timedSend(panel, ANSWER_STATUS);
  const session = await context.newCDPSession(panel);
  const worker = await watchWorker(session, extensionId);
  const cold: number[] = [];
  const warm: number[] = [];
  try {
    for (let i = 0; i < COLD_RUNS; i++) {
      await stopWorker(session, worker);
      const starts = worker.starts;
      cold.push(await timedSend(panel, ANSWER_STATUS));
      // Else the Send met a running worker (something woke it first): the figure would be wrong.
      if (worker.starts !== starts + 1) throw new Error('the cold Send did not start the worker');
      warm.push(await timedSend(panel, ANSWER_STATUS));
    }
  } finally {
    await session.detach();
  }
  const coldMs = median(cold);
  const warmMs = median(warm);
  return {
    cold_send_ms: coldMs,
    warm_send_ms: warmMs,
    cold_overhead_ms: Math.round((coldMs - warmMs) * 100) / 100,
  };
}
