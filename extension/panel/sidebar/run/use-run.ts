/**
 * A run of a folder or a collection as the Run view shows it: the run itself is
 * src/workspace/collection-runner.ts (the requests in order through the worker's send path, each
 * answer checked, Cancel); this keeps what the view shows of it. The panel stays usable
 * meanwhile: every step is a message and a few checks, nothing holds the main thread.
 */
import { useRef, useState } from 'preact/hooks';
import type { RunEnd, RunStep } from '../../../../src/checks/collection-run';
import type { Collection } from '../../../../src/collections/model';
import {
  collectionRun,
  type RunProfile,
  type RunResult,
} from '../../../../src/workspace/collection-runner';
import { deps } from '../../state/workspace';

export type { RunProfile, RunResult };

export interface RunState {
  running: boolean;
  /** How many steps this run has (the one going now, or the last). */
  total: number;
  results: RunResult[];
  end: RunEnd | null;
  /** Why the run could not start. */
  error: string | null;
  /** The interval a gateway's spike arrest asked for, kept between calls; null while none did. */
  paceMs: number | null;
}

/** How often a running run's results view catches up (a person sees it move; the run is not slowed). */
const PROGRESS_TICK_MS = 250;

const IDLE: RunState = {
  running: false,
  total: 0,
  results: [],
  end: null,
  error: null,
  paceMs: null,
};

export function useRun(profile: RunProfile, collection: Collection) {
  const [state, setState] = useState<RunState>(IDLE);
  const current = useRef<ReturnType<typeof collectionRun> | null>(null);

  /** `fresh`: the profile's carried values are cleared first, as a run in CI starts with none. */
  async function run(steps: RunStep[], stopOnFailure: boolean, fresh: boolean) {
    if (state.running) return;
    const started = collectionRun(deps, profile, collection);
    current.current = started;
    setState({ ...IDLE, running: true, total: steps.length });
    /** The steps ended so far, shown at the next progress tick; the pace a spike arrest set. */
    const done: RunResult[] = [];
    let pace: number | null = null;
    let tick: ReturnType<typeof setTimeout> | null = null;
    const outcome = await started.start({
      steps,
      stopOnFailure,
      fresh,
      onStep: (result) => {
        done.push(result);
        // One render a tick at most, however fast the answers come: each render lays out the
        // growing list again, and a render a frame cost more than the calls themselves.
        tick ??= setTimeout(() => {
          tick = null;
          setState((now) => ({ ...now, results: [...done] }));
        }, PROGRESS_TICK_MS);
      },
      onPace: (paceMs) => {
        pace = paceMs;
        setState((now) => ({ ...now, paceMs }));
      },
    });
    if (tick !== null) clearTimeout(tick);
    if ('error' in outcome) return setState({ ...IDLE, error: outcome.error });
    setState({ ...IDLE, total: steps.length, ...outcome, paceMs: pace });
  }

  return { state, run, cancel: async () => current.current?.cancel() };
}
