/**
 * The Run view's commands, one per intent: Start run (the folder's or collection's requests in
 * order, with the active profile), Run failed again (the last run's failed requests, with what it
 * carried), Cancel run and Close. The run itself is collection-runner.ts; this keeps what the
 * view shows of it in the runs slice (run-state.ts). Its list of results catches up at most once
 * a tick (a person sees it move; a render a step would cost more than the calls themselves). One
 * run at a time for each collection or folder. Loaded with the Run view.
 */
import { failedSteps, type RunStep, runSteps } from '../../checks/collection-run';
import type { Collection, Folder } from '../../collections/model';
import type { CommandDeps } from '../ask';
import { collectionRun, type RunResult } from './collection-runner';
import {
  type RunShown,
  type RunsSlice,
  runClosed,
  runKey,
  runReported,
  runShownOf,
  runStarted,
} from './run-state';

/** How often a running run's results catch up in the store. */
export const PROGRESS_TICK_MS = 250;

/** What a Run view runs: a collection, or one of its folders. */
export interface RunTarget {
  collection: Collection;
  folder: Folder | null;
}

export interface RunChoices {
  stopOnFailure: boolean;
  /** The profile's carried values are cleared first, as a run in CI starts with none. */
  fresh: boolean;
}

const keyOf = (target: RunTarget) => runKey(target.collection.id, target.folder?.id ?? null);

/** What the Run view of `target` shows. */
export const runShown = (runs: RunsSlice, target: RunTarget): RunShown =>
  runShownOf(runs, keyOf(target));

export function createRunCommands(deps: CommandDeps) {
  const { get, dispatch, timers } = deps;
  /** The runs going, by key, to cancel. */
  const going = new Map<string, ReturnType<typeof collectionRun>>();
  let seq = 0;
  const change = (next: (runs: RunsSlice) => RunsSlice) =>
    dispatch({ type: 'runs', runs: next(get().runs) });

  async function run(target: RunTarget, steps: RunStep[], choices: RunChoices): Promise<void> {
    const key = keyOf(target);
    const { list, activeId } = get().profiles;
    const profile = list?.find((item) => item.id === activeId);
    if (going.has(key) || profile === undefined) return;
    seq += 1;
    const mine = seq;
    const started = collectionRun(deps, profile, target.collection);
    going.set(key, started);
    change((runs) => runStarted(runs, key, { seq: mine, total: steps.length }));
    const report = (set: Partial<Omit<RunShown, 'seq'>>) =>
      change((runs) => runReported(runs, key, mine, set));
    /** The steps ended so far, shown at the next tick. */
    const done: RunResult[] = [];
    let tick: unknown = null;
    const outcome = await started.start({
      steps,
      ...choices,
      onStep: (result) => {
        done.push(result);
        tick ??= timers.set(() => {
          tick = null;
          report({ results: [...done] });
        }, PROGRESS_TICK_MS);
      },
      onPace: (paceMs) => report({ paceMs }),
    });
    if (tick !== null) timers.clear(tick);
    going.delete(key);
    if ('error' in outcome) {
      report({ running: false, total: 0, results: [], paceMs: null, error: outcome.error });
    } else report({ running: false, results: outcome.results, end: outcome.end });
  }

  return {
    /** Start run: every request of the folder or collection. */
    start: (target: RunTarget, choices: RunChoices) =>
      run(target, runSteps((target.folder ?? target.collection).items), choices),
    /** Run failed again: only the last run's failed requests, with the values it carried. */
    runFailed: (target: RunTarget, stopOnFailure: boolean) =>
      run(target, failedSteps(runShown(get().runs, target).results), {
        stopOnFailure,
        fresh: false,
      }),
    /** Cancel run: the call in flight is cancelled, and nothing is sent after it. */
    cancel: async (target: RunTarget) => going.get(keyOf(target))?.cancel(),
    /** Close: the view goes; an ended run's results with it, a run still going goes on. */
    close(target: RunTarget) {
      change((runs) => runClosed(runs, keyOf(target)));
      dispatch({ type: 'collections/view', set: { running: null } });
    },
  };
}

export type RunCommands = ReturnType<typeof createRunCommands>;
