/**
 * A run of a folder or a collection from the panel: its requests sent one after the other through
 * the worker's send path (the profile's token, renewed as needed, and its carried values), each
 * answer checked here and its answer variables handed to the worker before the next request goes.
 * The panel stays usable meanwhile: every step is a message and a few checks, nothing holds the
 * main thread.
 */
import { useRef, useState } from 'preact/hooks';
import {
  loadPatternSearch,
  type RunEnd,
  type RunStep,
  runCollection,
  type StepResult,
} from '../../../src/checks/collection-run';
import type { Collection } from '../../../src/collections/model';
import type { HttpExchange } from '../../../src/service/call/execute';
import { ask } from '../state/worker-client';

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

  async function run(steps: RunStep[], stopOnFailure: boolean) {
    if (state.running) return;
    cancelled.current = false;
    setState({ running: true, total: steps.length, results: [], end: null });
    const search = await loadPatternSearch(steps);
    const { results, end } = await runCollection<HttpExchange>(steps, {
      send: async (request) => {
        const requestId = crypto.randomUUID();
        inFlight.current = requestId;
        const { method, path, query, headers, body } = request;
        const reply = await ask('request/send', {
          requestId,
          profileId,
          method,
          path,
          query,
          headers,
          body,
          ...(collection.variables.length > 0 ? { variables: collection.variables } : {}),
        });
        inFlight.current = null;
        return reply;
      },
      carry: async (values) => {
        const reply = await ask('variables/carry', { profileId, values });
        return reply.ok
          ? reply.value.refused
          : values.map(({ name }) => ({ name, reason: reply.error.message }));
      },
      stopOnFailure,
      cancelled: () => cancelled.current,
      onStep: (result) =>
        setState((now) => ({ ...now, results: [...now.results, result as RunResult] })),
      search,
    });
    setState({ running: false, total: steps.length, results, end });
  }

  async function cancel() {
    cancelled.current = true;
    const requestId = inFlight.current;
    if (requestId !== null) await ask('request/cancel', { requestId });
  }

  return { state, run, cancel };
}
