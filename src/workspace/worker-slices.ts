/**
 * The small slices the worker owns and tells: a version of each profile's history (a change
 * means "read it again"), the timelines of recent calls (bounded), and the values each profile
 * carries between calls, where a late reply never overwrites what an event told since. The lock
 * has a slice of its own (lock-slice.ts).
 */
import type { TimelineStep } from '../service/call/timeline';
import type { NameValue } from '../vocabulary/terms';
import type { WorkspaceState } from './workspace-state';

export const MAX_TIMELINES = 50;

export function historyChanged(state: WorkspaceState, profileId: string): WorkspaceState {
  return {
    ...state,
    history: { ...state.history, [profileId]: (state.history[profileId] ?? 0) + 1 },
  };
}

/** A call's timeline, newest last; the oldest go beyond MAX_TIMELINES. */
export function withTimeline(
  state: WorkspaceState,
  requestId: string,
  steps: TimelineStep[],
): WorkspaceState {
  const kept = Object.entries(state.timelines).filter(([id]) => id !== requestId);
  const timelines = Object.fromEntries([...kept, [requestId, steps]].slice(-MAX_TIMELINES));
  return { ...state, timelines };
}

/** What the worker told of a profile's carried values (a call carried some, or a clear). */
export function carriedTold(
  state: WorkspaceState,
  profileId: string,
  values: NameValue[],
): WorkspaceState {
  return { ...state, carried: { ...state.carried, [profileId]: values } };
}

/** What a reply said: the reply may have been overtaken by the event of a newer change. */
export function carriedReplied(
  state: WorkspaceState,
  profileId: string,
  values: NameValue[],
): WorkspaceState {
  return Object.hasOwn(state.carried, profileId) ? state : carriedTold(state, profileId, values);
}
