/**
 * A run of 200 requests from the panel (Run on a collection) against the same 200 calls sent one
 * after the other through the worker without it: what the run adds per request (its checks, the
 * value it carries forward, the results view). Each request has one assertion and one answer
 * variable, so the carrying message is part of what is measured. Interleaved rounds (the calls
 * alone, then the run) so that drift in the machine's load affects both alike.
 */
import type { Page } from '@playwright/test';
import type { Collection, SavedRequest } from '../src/collections/model';
import { exportCollection } from '../src/collections/native-format';
import { getCall } from './bench-send';
import { median } from './bench-stats';

export const RUN_REQUESTS = 200;
export const RUN_ROUNDS = 3;
export const RUN_COLLECTION = 'Bench run';

function runCollectionFile(): string {
  const items: SavedRequest[] = Array.from({ length: RUN_REQUESTS }, (_, index) => ({
    kind: 'request',
    id: `ping-${index}`,
    name: `Ping ${index + 1}`,
    method: 'GET',
    path: 'ping',
    query: [],
    headers: [],
    body: '',
    assertions: [{ expression: 'res.status', operator: 'eq', value: '200', enabled: true }],
    answerVariables: [{ name: 'pongTime', expression: 'res.body.data.time', enabled: true }],
  }));
  const collection: Collection = {
    id: 'bench-run',
    name: RUN_COLLECTION,
    auth: { method: 'apiKey', formEncodeCredentials: false },
    variables: [],
    items,
  };
  return exportCollection(collection);
}

/** The 200 calls alone, through the worker, as the run sends them: total milliseconds. */
function callsAlone(panel: Page, profileId: string): Promise<number> {
  return panel.evaluate(
    async ({ call, n }) => {
      const start = performance.now();
      for (let i = 0; i < n; i++) {
        const reply = await chrome.runtime.sendMessage({
          type: 'request/send',
          payload: { ...call, requestId: crypto.randomUUID() },
        });
        if (!reply.ok) throw new Error(reply.error.message);
      }
      return performance.now() - start;
    },
    { call: getCall(profileId, 'ping'), n: RUN_REQUESTS },
  );
}

/** Opens the Run dialog of the bench's collection from its actions in the sidebar. */
export async function openRunDialog(panel: Page): Promise<void> {
  const actions = panel.getByRole('button', { name: `Actions for collection ${RUN_COLLECTION}` });
  if ((await actions.getAttribute('aria-expanded')) !== 'true') await actions.click();
  await panel.getByRole('button', { name: `Run collection ${RUN_COLLECTION}` }).click();
}

/** Start run to "Run finished" in the run dialog, timed in the page: total milliseconds. */
export async function timedRun(panel: Page): Promise<number> {
  const dialog = panel.getByRole('dialog', { name: `Run ${RUN_COLLECTION}` });
  const start = await dialog.getByRole('button', { name: 'Start run' }).elementHandle();
  // Anonymous callbacks only: the TypeScript runner would wrap named ones in a helper the page lacks.
  return panel.evaluate(
    ({ start, expected }) =>
      new Promise<number>((resolve, reject) => {
        const observer = new MutationObserver(() => {
          const status = document.querySelector('dialog [role="status"]')?.textContent ?? '';
          if (!status.startsWith('Run finished') && !status.startsWith('Run stopped')) return;
          observer.disconnect();
          if (status !== expected) reject(new Error(status));
          else requestAnimationFrame(() => resolve(performance.now() - began));
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        const began = performance.now();
        (start as HTMLButtonElement).click();
      }),
    { start, expected: `Run finished: ${RUN_REQUESTS} of ${RUN_REQUESTS} requests passed.` },
  );
}

/** Imports the bench's collection of RUN_REQUESTS requests through the panel's Import collection. */
export async function importRunCollection(panel: Page): Promise<void> {
  await panel.getByLabel('Import collection').setInputFiles({
    name: 'bench-run.json',
    mimeType: 'application/json',
    buffer: Buffer.from(runCollectionFile()),
  });
  await panel.getByRole('status', { name: 'Import summary' }).waitFor();
}

export async function measureRun(panel: Page, profileId: string) {
  await importRunCollection(panel);
  await openRunDialog(panel);
  const alone: number[] = [];
  const run: number[] = [];
  for (let round = 0; round < RUN_ROUNDS; round++) {
    alone.push(await callsAlone(panel, profileId));
    run.push(await timedRun(panel));
  }
  await panel
    .getByRole('dialog', { name: `Run ${RUN_COLLECTION}` })
    .getByRole('button', { name: 'Close' })
    .click();
  const perRequest = run.map((total, index) => (total - (alone[index] ?? 0)) / RUN_REQUESTS);
  return {
    run_200_ms: median(run),
    run_200_calls_alone_ms: median(alone),
    run_overhead_per_request_ms: median(perRequest),
  };
}
