/**
 * The runs slice: what the Run view shows of each run (the one going, or the last), by what it
 * runs (a collection, or one of its folders: `runKey`), and the pure changes its commands
 * (run-commands.ts) make to it. Each run has a number of its own: what an older run reports late
 * is dropped rather than shown over a newer one. Closing the Run view drops an ended run's results
 * (it opens empty again); a run still going goes on, and its view opened again shows it. The store
 * takes the slice whole, so that the panel's start-up carries none of this.
 */
import type { RunEnd, StepResult } from '../../checks/collection-run';
import type { HttpExchange } from '../../service/call/execute';

/** One request of a run, as it ended: its answer and its checks. */
export type RunResult = StepResult<HttpExchange>;

export interface RunShown {
  /** Counts the runs started; a report of another run than this one is dropped. */
  seq: number;
  running: boolean;
  /** How many steps this run has (the one going now, or the last). */
  total: number;
  results: readonly RunResult[];
  end: RunEnd | null;
  /** Why the run could not start. */
  error: string | null;
  /** The interval a gateway's spike arrest asked for, kept between calls; null while none did. */
  paceMs: number | null;
}

/** By `runKey`. */
export type RunsSlice = Readonly<Record<string, RunShown>>;

/** What a run runs: a collection, or (`folderId`) one of its folders. */
export const runKey = (collectionId: string, folderId: string | null): string =>
  folderId === null ? collectionId : `${collectionId}/${folderId}`;

export const IDLE_RUN: RunShown = {
  seq: 0,
  running: false,
  total: 0,
  results: [],
  end: null,
  error: null,
  paceMs: null,
};

/** What the Run view of `key` shows: its run, or nothing yet. */
export const runShownOf = (runs: RunsSlice, key: string): RunShown => runs[key] ?? IDLE_RUN;

/** A run started (numbered `seq`), taking the place of the last one of the same `key`. */
export function runStarted(
  runs: RunsSlice,
  key: string,
  start: Pick<RunShown, 'seq' | 'total'>,
): RunsSlice {
  return { ...runs, [key]: { ...IDLE_RUN, ...start, running: true } };
}

/** What run `seq` reports (its steps so far, its pace, its end): dropped if it is not the current one. */
export function runReported(
  runs: RunsSlice,
  key: string,
  seq: number,
  set: Partial<Omit<RunShown, 'seq'>>,
): RunsSlice {
  const run = runs[key];
  if (run === undefined || run.seq !== seq) return runs;
  return { ...runs, [key]: { ...run, ...set } };
}

/** The Run view closed: an ended run's results go with it; a run still going goes on. */
export function runClosed(runs: RunsSlice, key: string): RunsSlice {
  const run = runs[key];
  if (run === undefined || run.running) return runs;
  const { [key]: _closed, ...rest } = runs;
  return rest;
}
