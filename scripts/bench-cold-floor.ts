/**
 * How much of a woken worker's cost is Chrome's and how much is our script's. Beside a build, in a
 * temporary directory, copies of it that differ only in the worker's script:
 * - `floor`: two lines that answer any message at once (what Chrome costs whatever the script);
 * - `bindings`: those two lines and the extension API calls our script makes as it starts
 *   (bench-bindings.ts), none of our code: what Chrome costs to wake a worker that uses what a
 *   Send needs;
 * - `sized`: those two lines with the build's main script inside a function never called (what
 *   the script's size alone costs: read, and compiled lazily);
 * - `ours`: the build's main script as it is.
 * Each script notes `performance.now()` (the worker's clock, which starts when Chrome starts it)
 * as it begins and as it ends. In a fresh browser per copy, RUNS times (default 15): the worker
 * stopped by CDP (bench-cold.ts), one `profiles/list` message from an extension page timed there
 * (cold), then the same again (warm); the medians: `script_start_ms` and `script_end_ms` on the
 * worker's clock, `cold_ms`, `warm_ms` and `cold_overhead_ms` on the page's.
 *
 * `npm run bench` takes `floor`, `bindings` and `ours` once each (`measureColdFloor`): the same-run
 * baselines of its `cold_overhead_ms`. `npx tsx scripts/bench-cold-floor.ts <build dir>` takes all
 * four, alternated round by round (ROUNDS, bench-rounds.ts, which names each by its directory).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from '@playwright/test';
import { BINDINGS } from './bench-bindings';
import { stopWorker, watchPanelMessages, watchWorker } from './bench-cold';
import { alternatedRounds } from './bench-rounds';
import { median } from './bench-stats';
import { launchWithExtension } from './extension-browser';

const RUNS = Number(process.env.RUNS ?? 15);
const SCRIPT = 'service-worker-loader.js';
const MARK = (name: string) => `(globalThis.benchMarks ??= []).push(performance.now()); // ${name}`;
const ANSWER =
  'chrome.runtime.onMessage.addListener((message, sender, reply) => { reply({ ok: true }); });';

type Copy = 'floor' | 'bindings' | 'sized' | 'ours';

/** The copies of `build` named, each in `<root>/<name>`; `remove` deletes them all. */
function workerCopies(build: string, names: Copy[]) {
  const main = readFileSync(join(build, SCRIPT), 'utf8');
  const scripts: Record<Copy, string[]> = {
    floor: [MARK('start'), ANSWER, MARK('end')],
    bindings: [MARK('start'), ANSWER, BINDINGS, MARK('end')],
    sized: [MARK('start'), ANSWER, `function neverCalled() {\n${main}\n}`, MARK('end')],
    ours: [MARK('start'), main, MARK('end')],
  };
  const root = mkdtempSync(join(tmpdir(), 'cold-floor-'));
  const dirs = names.map((name) => {
    cpSync(build, join(root, name), { recursive: true });
    writeFileSync(join(root, name, SCRIPT), scripts[name].join('\n'));
    return join(root, name);
  });
  return { dirs, remove: () => rmSync(root, { recursive: true, force: true }) };
}

const ASK = `(async () => {
  const start = performance.now();
  await chrome.runtime.sendMessage({ type: 'profiles/list', payload: {} });
  return performance.now() - start;
})()`;

/** RUNS cold and warm wakes of the worker of the build in `dist`, in a browser of its own. */
async function measureWakes(dist: string) {
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

/**
 * For `npm run bench`: the cold overhead of one bare message to a worker that does nothing
 * (`cold_floor_overhead_ms`, Chrome's part, whatever the script), to one that makes only the API
 * calls ours makes as it starts (`cold_bindings_overhead_ms`), and to ours
 * (`cold_message_overhead_ms`), each in a fresh browser of the same Chromium.
 */
export async function measureColdFloor(build: string) {
  const { dirs, remove } = workerCopies(build, ['floor', 'bindings', 'ours']);
  try {
    const overheads: number[] = [];
    for (const dir of dirs) overheads.push((await measureWakes(dir)).cold_overhead_ms);
    const [floor, bindings, ours] = overheads;
    return {
      cold_floor_overhead_ms: floor,
      cold_bindings_overhead_ms: bindings,
      cold_message_overhead_ms: ours,
    };
  } finally {
    remove();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [build] = process.argv.slice(2);
  if (build === undefined) throw new Error('usage: tsx scripts/bench-cold-floor.ts <build dir>');
  const { dirs, remove } = workerCopies(build, ['floor', 'bindings', 'sized', 'ours']);
  try {
    await alternatedRounds(measureWakes, dirs);
  } finally {
    remove();
  }
}
