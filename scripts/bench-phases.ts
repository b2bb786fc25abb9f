/**
 * `npm run bench:phases`: where the worker's time goes, from a build that records phase times
 * (VITE_PHASE_TIMES=1, see extension/background/phase-times.ts; npm run bench:phases builds it, and
 * `npm run build` puts the plain build back). Prints one JSON object: the mean milliseconds of each
 * phase per call for the warm GETs of the proxy figure, for a call that wakes a stopped worker, and
 * for the 10 000-request Postman import. `transfer` is the panel's time for a message minus the
 * worker's checks and handler: the message crossing to the worker and its answer crossing back.
 * Phases nest (a handler holds its storage reads and its fetch), so they do not add up.
 *
 * Then the Send as `npm run bench` times it (a click on Send to the next frame after the answer's
 * status line), woken and warm in turn, with the API key and then with OAuth, split at the moments the panel and the worker each see on
 * a clock they share (`sendSplit`): the medians of each step, which do add up to about the total.
 */
import type { Page, Worker } from '@playwright/test';
import { packText } from '../src/protocol/packed-text';
import type { PhaseTimes, PhaseTotals } from '../src/protocol/phase-times';
import { createSandbox } from '../src/sandbox/server';
import { generatedPostmanCollection } from '../src/testing/fixtures/postman/postman-samples';
import { createApiKeyProfile, createOAuthProfile } from '../tests/e2e/profiles';
import { stopWorker, watchPanelMessages, watchWorker } from './bench-cold';
import { ANSWER_STATUS, getCall, type SendMoments, tracedSend } from './bench-send';
import { median } from './bench-stats';
import { launchWithExtension, PANEL_PATH } from './extension-browser';

const GETS = 300;
const COLD_RUNS = 10;

type Timed = { panelMs: number; phases: PhaseTotals };

function perCall({ panelMs, phases }: Timed, calls: number) {
  const mean = (ms: number) => Math.round((ms / calls) * 100) / 100;
  const worker = (phases.check?.totalMs ?? 0) + (phases.handler?.totalMs ?? 0);
  return {
    panel: mean(panelMs),
    transfer: mean(panelMs - worker),
    ...Object.fromEntries(
      Object.entries(phases).map(([phase, total]) => [phase, mean(total.totalMs)]),
    ),
  };
}

const phasesOf = (worker: Worker) =>
  worker.evaluate(() =>
    (globalThis as { partnerApiPhaseTimes?: PhaseTimes }).partnerApiPhaseTimes?.totals(),
  );
const resetPhases = (worker: Worker) =>
  worker.evaluate(() =>
    (globalThis as { partnerApiPhaseTimes?: PhaseTimes }).partnerApiPhaseTimes?.reset(),
  );

/** `n` messages of `type` from the panel, one after another; resolves with the panel's total. */
async function sendMessages(panel: Page, type: string, payload: object, n: number) {
  return panel.evaluate(
    async ({ type, payload, n }) => {
      const start = performance.now();
      for (let i = 0; i < n; i++) {
        const reply = await chrome.runtime.sendMessage({ type, payload });
        if (!reply.ok) throw new Error(reply.error.message);
      }
      return performance.now() - start;
    },
    { type, payload, n },
  );
}

/** What a worker tells of itself after a Send: its clock's start and its phase totals. */
const workerClock = (worker: Worker) =>
  worker.evaluate(() => ({
    origin: performance.timeOrigin,
    phases:
      (globalThis as { partnerApiPhaseTimes?: PhaseTimes }).partnerApiPhaseTimes?.totals() ?? {},
  }));

const ms = (phases: PhaseTotals, phase: keyof PhaseTotals) => phases[phase]?.totalMs ?? 0;

/**
 * One Send's steps, in ms. For a woken worker (`origin`: its clock's start): the message waiting
 * for Chrome to start the worker, the script loading, its top level, then the message reaching
 * the listener and its reply crossing back (`crossing`: the round trip less the worker's own
 * steps). For a warm one the same without the start.
 */
function steps(m: SendMoments, phases: PhaseTotals, origin?: number) {
  const worker = ms(phases, 'check') + ms(phases, 'handler');
  const woken =
    origin === undefined
      ? {}
      : {
          message_to_worker_clock: origin - m.sent,
          worker_clock_to_script: ms(phases, 'script'),
          script_top_level: ms(phases, 'start') - ms(phases, 'script'),
        };
  const beforeListener = origin === undefined ? 0 : origin - m.sent + ms(phases, 'start');
  return {
    click_to_message: m.sent - m.click,
    ...woken,
    check_and_handler: worker,
    fetch: ms(phases, 'fetch'),
    crossing: m.replied - m.sent - beforeListener - worker,
    reply_to_status_line: m.shown - m.replied,
    to_next_frame: m.frame - m.shown,
    total: m.frame - m.click,
  };
}

function medians(rows: Record<string, number>[]) {
  const keys = Object.keys(rows[0] ?? {});
  return Object.fromEntries(keys.map((key) => [key, median(rows.map((row) => row[key] ?? 0))]));
}

/**
 * COLD_RUNS Sends in the panel that wake the worker, each followed by a warm one, split: the
 * medians of each step (`samples.cold_runs` of each).
 */
async function sendSplit(panel: Page, current: () => Worker, stop: () => Promise<void>) {
  const cold: Record<string, number>[] = [];
  const warm: Record<string, number>[] = [];
  for (let i = 0; i < COLD_RUNS; i++) {
    await stop();
    const woken = await tracedSend(panel, ANSWER_STATUS);
    const worker = await workerClock(current());
    if (woken.sent === 0) throw new Error('the Send was not seen leaving the panel');
    if (worker.origin < woken.click) throw new Error('the worker had started before the Send');
    cold.push(steps(woken, worker.phases, worker.origin));
    await resetPhases(current());
    const again = await tracedSend(panel, ANSWER_STATUS);
    warm.push(steps(again, (await workerClock(current())).phases));
  }
  return { cold: medians(cold), warm: medians(warm) };
}

async function main() {
  const sandbox = await createSandbox({ port: 0 });
  const browser = await launchWithExtension();
  try {
    const { context, extensionId } = browser;
    const ours = (worker: Worker) => worker.url().startsWith(`chrome-extension://${extensionId}/`);
    const current = () => context.serviceWorkers().filter(ours).at(-1) as Worker;
    const panel = await context.newPage();
    await panel.goto(`chrome-extension://${extensionId}/${PANEL_PATH}`);
    if ((await phasesOf(current())) === undefined)
      throw new Error('this build records no phase times: run `npm run bench:phases`');
    const { apiKey, companyId } = sandbox.credentials;
    await createApiKeyProfile(panel, { name: 'API key', baseUrl: sandbox.url, companyId, apiKey });
    const profileId = await panel.evaluate(async () => {
      const reply = await chrome.runtime.sendMessage({ type: 'profiles/list', payload: {} });
      return reply.value.activeProfileId as string;
    });
    const ping = getCall(profileId, 'ping');

    await sendMessages(panel, 'request/send', ping, 10);
    await resetPhases(current());
    const warmMs = await sendMessages(panel, 'request/send', ping, GETS);
    const warm = { panelMs: warmMs, phases: (await phasesOf(current())) ?? {} };

    await watchPanelMessages(panel);
    const session = await context.newCDPSession(panel);
    const watch = await watchWorker(session, extensionId);
    const cold: Timed = { panelMs: 0, phases: {} };
    for (let i = 0; i < COLD_RUNS; i++) {
      await stopWorker(session, watch, panel);
      cold.panelMs += await sendMessages(panel, 'request/send', ping, 1);
      for (const [phase, total] of Object.entries((await phasesOf(current())) ?? {})) {
        const sum = cold.phases[phase as keyof PhaseTotals] ?? { count: 0, totalMs: 0 };
        cold.phases[phase as keyof PhaseTotals] = {
          count: sum.count + total.count,
          totalMs: sum.totalMs + total.totalMs,
        };
      }
    }
    // The same call sent from the panel's Send button, as `npm run bench` times it, with the API
    // key and then with an OAuth profile (its token got by an untimed Send first).
    const splitSends = async () => {
      await panel.getByRole('textbox', { name: 'Path' }).fill('ping');
      await tracedSend(panel, ANSWER_STATUS);
      return sendSplit(panel, current, () => stopWorker(session, watch, panel));
    };
    const apiKeySend = await splitSends();
    const { clientId, clientSecret } = sandbox.credentials;
    await createOAuthProfile(panel, {
      name: 'OAuth',
      method: 'OAuth (form body)',
      authUrl: sandbox.url,
      companyId,
      clientId,
      clientSecret,
    });
    const oauthSend = await splitSends();
    await session.detach();

    await resetPhases(current());
    // Packed in Node: the panel's packing is its own cost, outside the worker's phases.
    const importMs = await sendMessages(
      panel,
      'collections/import',
      { packed: await packText(generatedPostmanCollection()), onClash: 'keep-both' },
      1,
    );
    const postman = { panelMs: importMs, phases: (await phasesOf(current())) ?? {} };

    const figures = {
      warm_get: perCall(warm, GETS),
      cold_get: perCall(cold, COLD_RUNS),
      import_postman_10k: perCall(postman, 1),
      send_in_panel: {
        api_key: { woken: apiKeySend.cold, warm: apiKeySend.warm },
        oauth: { woken: oauthSend.cold, warm: oauthSend.warm },
      },
      samples: { gets: GETS, cold_runs: COLD_RUNS, imports: 1 },
    };
    console.log(JSON.stringify(figures, null, 2));
  } finally {
    await browser.close();
    await sandbox.close();
  }
}

await main();
