/**
 * A run of a folder or a collection from the panel: its requests sent one after the other through
 * the worker's send path (the profile's token, renewed as needed, and its carried values; the
 * worker carries each answer's variables before it answers), each answer checked here.
 * The panel stays usable meanwhile: every step is a message and a few checks, nothing holds the
 * main thread.
 */
import { useRef, useState } from 'preact/hooks';
import type { RefusedValue } from '../../../../src/checks/carried-values';
import {
  loadPatternSearch,
  type RunEnd,
  type RunStep,
  runCollection,
  type StepResult,
} from '../../../../src/checks/collection-run';
import { withCarried } from '../../../../src/checks/with-carried';
import type { PreviewProfile } from '../../../../src/collections/draft-checks';
import type { Collection } from '../../../../src/collections/model';
import type { HttpExchange } from '../../../../src/service/call/execute';
import { variablesOf } from '../../../../src/service/call/variables';
import type { NameValue } from '../../../../src/vocabulary/terms';
import { ask } from '../../state/worker-client';

export type RunResult = StepResult<HttpExchange>;

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

/** The profile a run sends with: its id, and what `{{name}}` in an assertion's value reads. */
export type RunProfile = PreviewProfile & { id: string };

export function useRun(profile: RunProfile, collection: Collection) {
  const profileId = profile.id;
  const [state, setState] = useState<RunState>(IDLE);
  const cancelled = useRef(false);
  const inFlight = useRef<string | null>(null);
  /** What the worker refused to carry from the last answer (it carries as it answers). */
  const refused = useRef<RefusedValue[]>([]);
  /** The values the profile carries as the run goes (the worker's, updated by each answer). */
  const carried = useRef<NameValue[]>([]);
  /** The steps ended so far, shown at the next progress tick. */
  const done = useRef<RunResult[]>([]);
  const tick = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** The pace a spike arrest set in this run. */
  const pace = useRef<number | null>(null);

  /** `fresh`: the profile's carried values are cleared first, as a run in CI starts with none. */
  async function run(steps: RunStep[], stopOnFailure: boolean, fresh: boolean) {
    if (state.running) return;
    cancelled.current = false;
    done.current = [];
    pace.current = null;
    setState({ ...IDLE, running: true, total: steps.length });
    if (fresh) {
      const cleared = await ask('variables/clear', { profileId });
      if (!cleared.ok) {
        setState({ ...IDLE, error: `${cleared.error.message} ${cleared.error.hint}` });
        return;
      }
    }
    const [search, kept] = await Promise.all([
      loadPatternSearch(steps),
      ask('variables/carried', { profileId }),
    ]);
    carried.current = kept.ok ? kept.value.values : [];
    const { results, end } = await runCollection<HttpExchange>(steps, {
      send: async (request) => {
        const requestId = crypto.randomUUID();
        inFlight.current = requestId;
        const { method, path, query, headers, body, answerVariables } = request;
        const reply = await ask('request/send', {
          requestId,
          profileId,
          method,
          path,
          query,
          headers,
          body,
          ...(collection.variables.length > 0 ? { variables: collection.variables } : {}),
          ...(answerVariables?.length ? { answerVariables } : {}),
        });
        inFlight.current = null;
        refused.current = reply.ok ? (reply.value.carried?.refused ?? []) : [];
        if (reply.ok && reply.value.carried !== undefined)
          carried.current = reply.value.carried.values;
        return reply;
      },
      carry: async () => refused.current,
      stopOnFailure,
      cancelled: () => cancelled.current,
      onStep: (result) => {
        done.current.push(result);
        // One render a tick at most, however fast the answers come: each render lays out the
        // growing list again, and a render a frame cost more than the calls themselves.
        if (tick.current === null) {
          tick.current = setTimeout(() => {
            tick.current = null;
            setState((now) => ({ ...now, results: [...done.current] }));
          }, PROGRESS_TICK_MS);
        }
      },
      search,
      onPace: (paceMs) => {
        pace.current = paceMs;
        setState((now) => ({ ...now, paceMs }));
      },
      variables: () => variablesOf(withCarried(profile, carried.current), collection.variables),
    });
    if (tick.current !== null) clearTimeout(tick.current);
    tick.current = null;
    setState({ ...IDLE, total: steps.length, results, end, paceMs: pace.current });
  }

  async function cancel() {
    cancelled.current = true;
    const requestId = inFlight.current;
    if (requestId !== null) await ask('request/cancel', { requestId });
  }

  return { state, run, cancel };
}
