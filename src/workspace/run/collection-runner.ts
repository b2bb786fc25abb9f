/**
 * Run on a folder or a collection, as a plain function taking the commands' dependencies: its
 * requests sent one after the other through the worker's send path (the profile's token, renewed
 * as needed, and its carried values; the worker carries each answer's variables before it
 * answers), in the tree's order, each answer checked by src/checks/collection-run.ts. A run made
 * `fresh` clears the profile's carried values first, as a run in CI starts with none. Cancel stops
 * the call in flight (by its id) and the run between steps. Loaded with the Run view.
 */
import type { RefusedValue } from '../../checks/carried-values';
import {
  loadPatternSearch,
  type RunEnd,
  type RunStep,
  runCollection,
} from '../../checks/collection-run';
import { withCarried } from '../../checks/with-carried';
import type { PreviewProfile } from '../../collections/draft-checks';
import type { Collection } from '../../collections/model';
import { bodyReceiver } from '../../protocol/body-channel';
import type { HttpExchange } from '../../service/call/execute';
import { variablesOf } from '../../service/call/variables';
import type { NameValue } from '../../vocabulary/terms';
import type { CommandDeps } from '../ask';
import type { RunResult } from './run-state';

export type { RunResult };

/** The profile a run sends with: its id, and what `{{name}}` in an assertion's value reads. */
export type RunProfile = PreviewProfile & { id: string };

export interface RunRequest {
  steps: RunStep[];
  stopOnFailure: boolean;
  /** The profile's carried values are cleared first. */
  fresh: boolean;
  /** Each step as it ends, and the pace a gateway's spike arrest asked for. */
  onStep: (result: RunResult) => void;
  onPace: (paceMs: number) => void;
}

/** How a run ended, or why it could not start. */
export type RunOutcome = { results: RunResult[]; end: RunEnd } | { error: string };

/** One run of `collection` with `profile`: `start` it once; `cancel` stops it. */
export function collectionRun(deps: CommandDeps, profile: RunProfile, collection: Collection) {
  const { ask } = deps;
  const profileId = profile.id;
  let cancelled = false;
  let inFlight: string | null = null;
  /** What the worker refused to carry from the last answer (it carries as it answers). */
  let refused: RefusedValue[] = [];
  /** The values the profile carries as the run goes (the worker's, updated by each answer). */
  let carried: NameValue[] = [];

  async function start(request: RunRequest): Promise<RunOutcome> {
    const { steps, stopOnFailure, fresh, onStep, onPace } = request;
    if (fresh) {
      const cleared = await ask('variables/clear', { profileId });
      if (!cleared.ok) return { error: `${cleared.error.message} ${cleared.error.hint}` };
    }
    const [search, kept] = await Promise.all([
      loadPatternSearch(steps),
      ask('variables/carried', { profileId }),
    ]);
    carried = kept.ok ? kept.value.values : [];
    // A large body comes by the channel, not in the reply's JSON (body-channel.ts): one channel
    // for the whole run, not one for each of its calls.
    const bodies = bodyReceiver(deps.newId());
    return runCollection<HttpExchange>(steps, {
      send: async ({ method, path, query, headers, body, answerVariables }) => {
        const requestId = deps.newId();
        inFlight = requestId;
        const sent = ask('request/send', {
          requestId,
          profileId,
          method,
          path,
          query,
          headers,
          body,
          ...(collection.variables.length > 0 ? { variables: collection.variables } : {}),
          ...(answerVariables?.length ? { answerVariables } : {}),
          bodyChannel: bodies.id,
        });
        const reply = await bodies.fill(requestId, await sent);
        inFlight = null;
        refused = reply.ok ? (reply.value.carried?.refused ?? []) : [];
        if (reply.ok && reply.value.carried !== undefined) carried = reply.value.carried.values;
        return reply;
      },
      carry: async () => refused,
      stopOnFailure,
      cancelled: () => cancelled,
      onStep,
      search,
      onPace,
      variables: () => variablesOf(withCarried(profile, carried), collection.variables),
    }).finally(bodies.close);
  }

  async function cancel(): Promise<void> {
    cancelled = true;
    if (inFlight !== null) await ask('request/cancel', { requestId: inFlight });
  }

  return { start, cancel };
}
