/**
 * `npx tsx scripts/bench-cold-floor.ts <build dir>`: how much of a woken worker's cost is Chrome's
 * and how much is our script's. Beside the build, in a temporary directory, it makes three copies
 * that differ only in the worker's script:
 * - `floor`: two lines that answer any message at once (what Chrome costs whatever the script);
 * - `sized`: those two lines with the build's main script inside a function never called (what
 *   the script's size alone costs: read, and compiled lazily);
 * - `ours`: the build's main script as it is.
 * Each script notes `performance.now()` (the worker's clock, which starts when Chrome starts it)
 * as it begins and as it ends. In a fresh browser per copy, RUNS times (default 15): the worker
 * stopped by CDP (bench-cold.ts), one `profiles/list` message from an extension page timed there
 * (cold), then the same again (warm). Copies alternated round by round (ROUNDS, bench-rounds.ts,
 * which names each by its directory, ending in its name); prints the medians: `script_start_ms` and `script_end_ms` on the worker's clock, `cold_ms`,
 * `warm_ms` and `cold_overhead_ms` on the page's.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from '@playwright/test';
import { stopWorker, watchPanelMessages, watchWorker } from './bench-cold';
import { alternatedRounds } from './bench-rounds';
import { median } from './bench-stats';
import { launchWithExtension } from './extension-browser';

const RUNS = Number(process.env.RUNS ?? 15);
const SCRIPT = 'service-worker-loader.js';
const MARK = (name: string) => `(globalThis.benchMarks ??= []).push(performance.now()); // ${name}`;
const ANSWER =
  'chrome.runtime.onMessage.addListener((message, sender, reply) => { reply({ ok: true }); });';

const [build] = process.argv.slice(2);
if (build === undefined) throw new Error('usage: tsx scripts/bench-cold-floor.ts <build dir>');
const main = readFileSync(join(build, SCRIPT), 'utf8');
const scripts = {
  floor: [MARK('start'), ANSWER, MARK('end')],
  sized: [MARK('start'), ANSWER, `function neverCalled() {\n${main}\n}`, MARK('end')],
  ours: [MARK('start'), main, MARK('end')],
};
const root = mkdtempSync(join(tmpdir(), 'cold-floor-'));
for (const [name, lines] of Object.entries(scripts)) {
  cpSync(build, join(root, name), { recursive: true });
  writeFileSync(join(root, name, SCRIPT), lines.join('\n'));
}

const ASK = `(async () => {
  const start = performance.now();
  await chrome.runtime.sendMessage({ type: 'profiles/list', payload: {} });
  return performance.now() - start;
})()`;

async function one(dist: string) {
  const { context, extensionId, close } = await launchWithExtension(
    [],
    [],
    undefined,
    undefined,
    dist,
  );
  try {
    const ours = (worker: { url(): string }) => worker.url().endsWith(`/${SCRIPT}`);
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/manifest.json`);
    await watchPanelMessages(page);
    const session = await context.newCDPSession(page);
    const watch = await watchWorker(session, extensionId);
    const starts: number[] = [];
    const ends: number[] = [];
    const cold: number[] = [];
    const warm: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await stopWorker(session, watch, page);
      cold.push(await page.evaluate<number>(ASK));
      warm.push(await page.evaluate<number>(ASK));
      const worker = context.serviceWorkers().filter(ours).at(-1) as Worker;
      const [start, end] = await worker.evaluate<number[]>('globalThis.benchMarks');
      starts.push(start ?? Number.NaN);
      ends.push(end ?? Number.NaN);
    }
    const round = (ms: number) => Math.round(ms * 10) / 10;
    return {
      script_start_ms: round(median(starts)),
      script_end_ms: round(median(ends)),
      cold_ms: round(median(cold)),
      warm_ms: round(median(warm)),
      cold_overhead_ms: round(median(cold) - median(warm)),
    };
  } finally {
    await close();
  }
}

try {
  await alternatedRounds(
    one,
    Object.keys(scripts).map((name) => join(root, name)),
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
