/**
 * The list of captured calls: in the order the page started them, each call once (the calls
 * already in the Network log, read with `getHAR` when the view opens, and those that finish
 * meanwhile may arrive twice), and at most the last MAX_CAPTURED_CALLS. Immutable: every change
 * gives a new list, so a view can hold it as state. It lives in panel memory and is never stored.
 */
import type { CapturedCall } from './captured-call';

export const MAX_CAPTURED_CALLS = 1_000;

export interface CaptureList {
  readonly calls: readonly CapturedCall[];
  /** How many calls were dropped as the oldest beyond the limit since the last clear. */
  readonly dropped: number;
}

/** The list when the view opens, and after `Clear`. */
export const EMPTY_CAPTURE_LIST: CaptureList = { calls: [], dropped: 0 };

/** Calls without a start time keep their arrival order, after those with one that came before. */
function startOf(call: CapturedCall, fallback: number): number {
  return call.startedMs ?? fallback;
}

/** The list with `incoming` added: duplicates (same key) skipped, oldest dropped past `limit`. */
export function addCalls(
  list: CaptureList,
  incoming: readonly CapturedCall[],
  limit: number = MAX_CAPTURED_CALLS,
): CaptureList {
  const keys = new Set(list.calls.map((call) => call.key));
  const added: CapturedCall[] = [];
  for (const call of incoming) {
    if (keys.has(call.key)) continue;
    keys.add(call.key);
    added.push(call);
  }
  if (added.length === 0) return list;
  let lastStart = Number.NEGATIVE_INFINITY;
  const ordered = [...list.calls, ...added]
    .map((call, index) => {
      lastStart = startOf(call, lastStart);
      return { call, start: lastStart, index };
    })
    .sort((a, b) => a.start - b.start || a.index - b.index)
    .map(({ call }) => call);
  const over = Math.max(0, ordered.length - limit);
  return { calls: ordered.slice(over), dropped: list.dropped + over };
}

/** The list with `call` in place of the call of the same key (its body read later), if still there. */
export function replaceCall(list: CaptureList, call: CapturedCall): CaptureList {
  const index = list.calls.findIndex(({ key }) => key === call.key);
  if (index < 0) return list;
  const calls = [...list.calls];
  calls[index] = call;
  return { calls, dropped: list.dropped };
}
