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
import type { Collection } from '../../../../src/collections/model';
import type { HttpExchange } from '../../../../src/service/call/execute';
import { ask } from '../../state/worker-client';

export type RunResult = StepResult<HttpExchange>;

export interface RunState {
  running: boolean;
  /** How many steps this run has (the one going now, or the last). */
  total: number;
  results: RunResult[];
  end: RunEnd | null;
}

const IDLE: RunState = { running: false, total: 0, results: [], end: null };

export function useRun(profileId: string, collection: Collection) {
  const [state, setState] = useState<RunState>(IDLE);
  const cancelled = useRef(false);
  const inFlight = useRef<string | null>(null);
  /** What the worker refused to carry from the last answer (it carries as it answers). */
  const refused = useRef<RefusedValue[]>([]);
  /** The steps ended so far, shown at the next frame. */
  const done = useRef<RunResult[]>([]);
  const frame = useRef<number | null>(null);

  async function run(steps: RunStep[], stopOnFailure: boolean) {
    if (state.running) return;
    cancelled.current = false;
    done.current = [];
    setState({ running: true, total: steps.length, results: [], end: null });
    const search = await loadPatternSearch(steps);
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
        return reply;
      },
      carry: async () => refused.current,
      stopOnFailure,
      cancelled: () => cancelled.current,
      onStep: (result) => {
        done.current.push(result);
        // One render a frame at most, however fast the answers come.
        if (frame.current === null) {
          frame.current = requestAnimationFrame(() => {
            frame.current = null;
            setState((now) => ({ ...now, results: [...done.current] }));
          });
        }
      },
      search,
    });
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = null;
    setState({ running: false, total: steps.length, results, end });
  }

  async function cancel() {
    cancelled.current = true;
    const requestId = inFlight.current;
    if (requestId !== null) await ask('request/cancel', { requestId });
  }

  return { state, run, cancel };
}
