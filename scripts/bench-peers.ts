/**
 * Our figures beside the tools a partner would pick instead, measured in the same run against the
 * same sandbox, in interleaved rounds (one of each per round, so drift in the machine's load
 * touches all alike):
 *
 * - Run of 200 requests: the bench's 200-request collection (bench-run.ts: each request one
 *   assertion and one answer variable), exported by the worker's own export handlers as the panel
 *   asks for them (Export for Bruno, Export as Postman), run by `bru run` and by `newman run`, each
 *   a new Node process started the way a CI job starts it (the command the panel shows; the
 *   installed bin run by `node`, without `npx`'s own start-up), against our Run in the panel
 *   (Start run to "Run finished" on screen). Peers: spawn to exit.
 * - One authenticated GET of `/v1/ping`: `curl` (a new process) against our Send in the panel
 *   (click to the answer's status line shown), with the worker running and with it stopped.
 * - The bench's 10 000-request Postman collection: parsed by `postman-collection` (the SDK newman
 *   runs on; `JSON.parse` then `new Collection`, in this Node process) against our import of the
 *   same text through the worker, packed as the panel sends it and stored (bench-import.ts's
 *   figure, measured here the same way); both parsed once untimed first, then interleaved pairs
 *   in one running worker.
 *
 * Each peer runs with its defaults; the bench checks that every peer sent all 200 requests and
 * that its assertions passed, and prints the versions it used. A `bru run` that failed on Bruno's
 * own start-up race (its script sandbox used before it loaded) is run again and counted
 * (`run_200_bru_sandbox_races`), not timed. Each cold Send is checked to have started a stopped
 * worker (bench-cold.ts).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { exportedEnvironments } from '../src/formats/opencollection/bruno-export-choice';
import type { Sandbox } from '../src/sandbox/server';
import {
  BRUNO_SANDBOX_NOT_LOADED,
  removeFolder,
  writeCollectionFolder,
} from '../src/testing/fixtures/opencollection/bru-runner-fixture';
import { generatedPostmanCollection } from '../src/testing/fixtures/postman/postman-samples';
import { coldSend, watchPanelMessages, watchWorker } from './bench-cold';
import { BRU, NEWMAN, peerRun, peerVersions, sdkParse, timedProcess } from './bench-peer-tools';
import { openRunDialog, RUN_COLLECTION, RUN_REQUESTS, timedRun } from './bench-run';
import { ANSWER_STATUS, timedSend } from './bench-send';
import { median, type Spread, spread } from './bench-stats';

export const PEER_ROUNDS = 5;

async function ask<T>(panel: Page, type: string, payload: object): Promise<T> {
  const reply = await panel.evaluate(
    ({ type, payload }) => chrome.runtime.sendMessage({ type, payload }),
    { type, payload },
  );
  if (!reply.ok) throw new Error(`${type}: ${reply.error.message}`);
  return reply.value as T;
}

/** Our import of `text` as the panel sends it (packed), stored, then deleted again: milliseconds. */
function timedImport(panel: Page, text: string): Promise<number> {
  return panel.evaluate(async (text) => {
    const start = performance.now();
    const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    let binary = '';
    for (let at = 0; at < bytes.length; at += 0x8000)
      binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
    const reply = await chrome.runtime.sendMessage({
      type: 'collections/import',
      payload: { packed: btoa(binary), onClash: 'keep-both' },
    });
    if (!reply.ok) throw new Error(reply.error.message);
    const ms = performance.now() - start;
    await chrome.runtime.sendMessage({
      type: 'collections/delete',
      payload: { id: reply.value.id },
    });
    return ms;
  }, text);
}

const ratio = (ours: number, theirs: number) => Math.round((ours / theirs) * 100) / 100;

export async function measurePeers(
  context: BrowserContext,
  panel: Page,
  sandbox: Sandbox,
  extensionId: string,
  profile: string,
) {
  const { apiKey, companyId } = sandbox.credentials;
  await panel.getByRole('combobox', { name: 'Profile' }).selectOption({ label: profile });
  const { profiles, activeProfileId } = await ask<{
    profiles: { id: string; name: string }[];
    activeProfileId: string;
  }>(panel, 'profiles/list', {});
  if (profiles.find(({ id }) => id === activeProfileId)?.name !== profile)
    throw new Error(`the profile ${profile} is not the active one`);
  const collections = await ask<{ collections: { id: string; name: string }[] }>(
    panel,
    'collections/list',
    {},
  );
  const collectionId = collections.collections.find(({ name }) => name === RUN_COLLECTION)?.id;
  if (collectionId === undefined) throw new Error(`no collection ${RUN_COLLECTION}`);

  // The exports, as the panel's Export for Bruno (this profile as the environment) and Export as
  // Postman (the active profile's settings in its variables) ask the worker for them.
  const bruno = await ask<{ files: { path: string; text: string }[] }>(
    panel,
    'collections/export-folder',
    { id: collectionId, profileIds: [activeProfileId] },
  );
  const environment = exportedEnvironments(bruno.files)[0];
  if (environment === undefined) throw new Error('Export for Bruno wrote no environment');
  const postman = await ask<{ fileName: string; text: string }>(panel, 'collections/export', {
    id: collectionId,
    format: 'postman',
  });
  const folder = await writeCollectionFolder(bruno.files);
  const postmanDir = await mkdtemp(join(tmpdir(), 'bench-newman-'));
  const postmanFile = join(postmanDir, postman.fileName);
  await writeFile(postmanFile, postman.text);
  const postmanText = generatedPostmanCollection();

  const session = await context.newCDPSession(panel);
  const worker = await watchWorker(session, extensionId);
  const series = {
    ours: [] as number[],
    bru: [] as number[],
    newman: [] as number[],
    curl: [] as number[],
    warm: [] as number[],
    cold: [] as number[],
    sdk: [] as number[],
    importMs: [] as number[],
  };
  const curlArgs = [
    '--silent',
    '--show-error',
    '--fail',
    '--output',
    '/dev/null',
    '--header',
    `x-apikey: ${apiKey}`,
    '--header',
    `companyId: ${companyId}`,
    '--header',
    'Content-Type: application/json',
    `${sandbox.url}/v1/ping`,
  ];
  // Bruno's CLI evaluates a request's assertions and variables in its QuickJS sandbox, whose
  // WebAssembly module it starts loading when it is required and uses without waiting for it: on
  // a loaded machine the first answer can come first, and the run then fails on
  // BRUNO_SANDBOX_NOT_LOADED after sending every request (bru-runner-fixture.ts).
  const bruRetries = { count: 0, retryOn: BRUNO_SANDBOX_NOT_LOADED };
  try {
    // Untimed: Node's first load of the SDK, and one Send, so that every timed one is alike.
    sdkParse(postmanText);
    await watchPanelMessages(panel);
    await panel.getByRole('textbox', { name: 'Path' }).fill('ping');
    await timedSend(panel, ANSWER_STATUS);
    for (let round = 0; round < PEER_ROUNDS; round++) {
      series.bru.push(
        await peerRun(
          sandbox,
          'bru run',
          () =>
            timedProcess(
              process.execPath,
              [
                BRU.bin,
                'run',
                '--env',
                environment,
                '--env-var',
                `apiKey=${apiKey}`,
                '--reporter-junit',
                join(postmanDir, `${round}-results.xml`),
              ],
              folder,
            ),
          bruRetries,
        ),
      );
      series.newman.push(
        await peerRun(sandbox, 'newman run', () =>
          timedProcess(process.execPath, [
            NEWMAN.bin,
            'run',
            postmanFile,
            '--env-var',
            `apiKey=${apiKey}`,
          ]),
        ),
      );
      await openRunDialog(panel);
      series.ours.push(await timedRun(panel));
      await panel
        .getByRole('dialog', { name: `Run ${RUN_COLLECTION}` })
        .getByRole('button', { name: 'Close' })
        .click();

      const curl = await timedProcess('curl', curlArgs);
      if (curl.exitCode !== 0) throw new Error(`curl failed: ${curl.output}`);
      series.curl.push(curl.ms);
      series.warm.push(await timedSend(panel, ANSWER_STATUS));
      series.cold.push(await coldSend(session, worker, panel));
    }
    // The import pairs on their own, in one running worker: each side has parsed the file once,
    // untimed, so both are timed with their code compiled (Node keeps the SDK's; a worker stopped
    // between imports would compile ours again each time).
    await timedImport(panel, postmanText);
    for (let round = 0; round < PEER_ROUNDS; round++) {
      series.sdk.push(sdkParse(postmanText));
      series.importMs.push(await timedImport(panel, postmanText));
    }
  } finally {
    await session.detach();
    await removeFolder(folder);
    await rm(postmanDir, { recursive: true, force: true });
  }

  const bruMs = median(series.bru);
  const newmanMs = median(series.newman);
  const fastest = Math.min(bruMs, newmanMs);
  const perRequest = (values: number[]) => median(values.map((ms) => ms / RUN_REQUESTS));
  const s: Record<keyof typeof series, Spread> = {
    ours: spread(series.ours),
    bru: spread(series.bru),
    newman: spread(series.newman),
    curl: spread(series.curl),
    warm: spread(series.warm),
    cold: spread(series.cold),
    sdk: spread(series.sdk),
    importMs: spread(series.importMs),
  };
  return {
    peers: peerVersions(),
    run_200_ours_ms: s.ours,
    run_200_bru_ms: s.bru,
    run_200_bru_sandbox_races: bruRetries.count,
    run_200_newman_ms: s.newman,
    run_200_per_request_ms: {
      ours: perRequest(series.ours),
      bru: perRequest(series.bru),
      newman: perRequest(series.newman),
    },
    run_200_fastest_peer: bruMs <= newmanMs ? 'bru' : 'newman',
    run_200_peer_ratio: ratio(s.ours.median, fastest),
    send_curl_ms: s.curl,
    send_warm_ms: s.warm,
    send_vs_curl_ratio: ratio(s.warm.median, s.curl.median),
    send_cold_ms: s.cold,
    send_cold_vs_curl_ratio: ratio(s.cold.median, s.curl.median),
    import_postman_10k_sdk_ms: s.sdk,
    import_postman_10k_ours_ms: s.importMs,
    import_postman_10k_peer_ratio: ratio(s.importMs.median, s.sdk.median),
  };
}
