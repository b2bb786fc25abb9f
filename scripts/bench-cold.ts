/**
 * `cold_send_ms`: Send in the panel right after Chrome stopped the worker (as it does after ~30 s
 * idle), to the answer's status line shown; `warm_send_ms`: the same Send with the worker running,
 * interleaved with the cold ones. Measured for an API-key profile and for an OAuth profile with a
 * cached token, with the vault locked with a passphrase and unlocked, so a cold call also imports
 * the lock's key. These Sends are clicked with no press before (`element.click()`), so the panel
 * sends no wake: they measure a Send that meets a stopped worker unwarned. The pressed figures
 * (`cold_pressed_send_ms`, PRESS_MS below) press Send first, after a pause, as a person does, and
 * so measure what the press's wake (src/workspace/worker-wake.ts) leaves of the cold start.
 *
 * The worker is stopped with CDP `ServiceWorker.stopAllWorkers` (a page-level session: a persistent
 * context has no browser-level one; "all" is this browser's). Each cold Send is checked to have met
 * a stopped worker: Chrome reports it stopped before the click, and started once by the Send. The
 * worker is stopped only once the panel is quiet (no message in flight, none for longer than its
 * draft save delay), and must stay stopped a moment: a draft saved between the stop and the Send
 * would start it first. A Send that did not start the worker is not counted and is taken again.
 */
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { WAKE_AFTER_QUIET_MS } from '../src/workspace/worker-wake';
import { ANSWER_STATUS, timedSend } from './bench-send';
import { median } from './bench-stats';

/**
 * Cold and warm Sends per profile. A woken Send ranges over 20 ms or more on a quiet machine (46 -
 * 73 ms in 45 of them, 2026-11-29), so the median of 15 moved the overhead by 5 - 10 ms from run
 * to run; 45 pairs take about 40 s a profile.
 */
export const COLD_RUNS = 45;
/**
 * The pressed figures: Send pressed PRESS_MS before its click, as a person holds a button (mean
 * holds of 87 ms for adults aged 25 - 34 up to 137 ms from 65, in two crowd studies of 291 and 227
 * people: the ClickSense notes, github.com/andyed/clicksense), so the press wakes the worker
 * ahead of the click (src/workspace/worker-wake.ts). Each pressed cold Send waits for the panel's
 * pause first (about 2.7 s a pair), hence fewer pairs, and the API-key profile only.
 */
export const PRESS_MS = 80;
export const PRESSED_RUNS = 15;
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Counts the messages the panel page sends to the worker (a wrapper around
 * `chrome.runtime.sendMessage`, installed once): how many are in flight, when the last one left,
 * and the types of the last few. The bench waits for the panel to be quiet before it stops the
 * worker, and names what woke the worker when a stop did not hold.
 */
export async function watchPanelMessages(panel: Page): Promise<void> {
  await panel.evaluate(() => {
    const scope = globalThis as unknown as { benchMessages?: object };
    if (scope.benchMessages !== undefined) return;
    const state = { inFlight: 0, lastAt: performance.now(), types: [] as string[] };
    scope.benchMessages = state;
    const send = chrome.runtime.sendMessage.bind(chrome.runtime) as (
      message: unknown,
    ) => Promise<unknown>;
    (chrome.runtime as { sendMessage: unknown }).sendMessage = (message: { type?: string }) => {
      state.inFlight++;
      state.lastAt = performance.now();
      state.types = [...state.types.slice(-9), String(message?.type)];
      return send(message).finally(() => {
        state.inFlight--;
        state.lastAt = performance.now();
      });
    };
  });
}

/** The types of the last messages the panel sent (watchPanelMessages), for an error's text. */
async function lastPanelMessages(panel: Page): Promise<string> {
  return panel.evaluate(() => {
    const state = (globalThis as unknown as { benchMessages?: { types: string[] } }).benchMessages;
    return state === undefined ? '(not watched)' : state.types.join(', ');
  });
}

/**
 * Resolves once the panel has no message to the worker in flight and sent none for `quietMs`
 * (longer than the panel's draft save delay, 400 ms, so an edit's pending save has gone first).
 */
export async function panelQuiet(panel: Page, quietMs = 600, timeoutMs = 30_000): Promise<void> {
  await panel.waitForFunction(
    (quietMs) => {
      const state = (
        globalThis as unknown as { benchMessages?: { inFlight: number; lastAt: number } }
      ).benchMessages;
      if (state === undefined) throw new Error('watchPanelMessages was not called');
      return state.inFlight === 0 && performance.now() - state.lastAt >= quietMs;
    },
    quietMs,
    { timeout: timeoutMs, polling: 50 },
  );
}

/** How long a stopped worker must stay stopped before the cold Send. */
const STOPPED_HOLD_MS = 100;

/**
 * Stops every service worker of the browser and resolves once Chrome reports ours stopped and it
 * stayed stopped for STOPPED_HOLD_MS. A stop is counted, not only polled: on a loaded machine a
 * message from the panel may start the worker again before a poll sees it stopped; it is then
 * stopped again, after the panel is quiet once more.
 */
export async function stopWorker(
  session: CDPSession,
  worker: { status: string; stops: number; starts: number },
  panel: Page,
): Promise<void> {
  for (let attempt = 0; attempt < 8; attempt++) {
    await panelQuiet(panel);
    const stops = worker.stops;
    await session.send('ServiceWorker.stopAllWorkers');
    await until(() => worker.stops > stops, 'the worker is stopped');
    const starts = worker.starts;
    await sleep(STOPPED_HOLD_MS);
    if (worker.status === 'stopped' && worker.starts === starts) return;
  }
  throw new Error(
    `the worker started again each time it was stopped; the panel's last messages: ${await lastPanelMessages(panel)}`,
  );
}

/**
 * One Send that must meet a stopped worker and start it: stops the worker, sends, and checks that
 * the Send started it exactly once. A round in which something else woke the worker first is not
 * counted (its figure would be a warm one) and is taken again, at most three times.
 */
export async function coldSend(
  session: CDPSession,
  worker: { status: string; stops: number; starts: number },
  panel: Page,
  pressMs = 0,
): Promise<number> {
  for (let attempt = 0; attempt < 3; attempt++) {
    await stopWorker(session, worker, panel);
    // A press wakes the worker only after a pause with it, as a press after reading the last
    // answer does; a click with no press never does.
    if (pressMs > 0) await panelQuiet(panel, WAKE_AFTER_QUIET_MS + 100);
    const starts = worker.starts;
    const ms = await timedSend(panel, ANSWER_STATUS, { pressMs });
    if (worker.starts === starts + 1) return ms;
  }
  throw new Error(
    `the cold Send did not start the worker three times; the panel's last messages: ${await lastPanelMessages(panel)}`,
  );
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

/**
 * Cold and warm Sends of `/v1/ping` with the profile named `profile` chosen in the panel, `runs` of
 * each, clicked (`pressMs` 0) or pressed that long before the click.
 */
export async function measureColdSend(
  context: BrowserContext,
  panel: Page,
  extensionId: string,
  profile: string,
  { runs = COLD_RUNS, pressMs = 0 }: { runs?: number; pressMs?: number } = {},
): Promise<ColdFigures> {
  await panel.getByRole('combobox', { name: 'Profile' }).selectOption({ label: profile });
  await panel.getByRole('textbox', { name: 'Path' }).fill('ping');
  // The first Send loads the answer's views and, for OAuth, puts a token in the cache.
  await watchPanelMessages(panel);
  await timedSend(panel, ANSWER_STATUS);
  const session = await context.newCDPSession(panel);
  const worker = await watchWorker(session, extensionId);
  const cold: number[] = [];
  const warm: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      cold.push(await coldSend(session, worker, panel, pressMs));
      warm.push(await timedSend(panel, ANSWER_STATUS, { pressMs }));
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
