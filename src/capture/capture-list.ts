/**
 * The list of captured calls: in the order the page started them, each call once (the calls
 * already in the Network log, read with `getHAR` when the view opens and every few seconds after,
 * and those that finish meanwhile may arrive twice), and at most the last MAX_CAPTURED_CALLS.
 * `getHAR` also lists a call still on its way, with no status and no error yet: that sighting is
 * not a failed call, so the answered call, when it comes, takes its place rather than adding a
 * second row. Immutable: every change gives a new list, so a view can hold it as state. It lives
 * in panel memory and is never stored.
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

/** A call the Network log listed before it ended: no status and no error yet. */
function onItsWay(call: CapturedCall): boolean {
  return call.status === 0 && call.error === null;
}

/**
 * A request whatever its answer (start, method, masked URL): the same while it is on its way and
 * once answered, where the call's key names the answer too. A view chooses a call by it.
 */
export function requestOf(call: CapturedCall): string {
  return `${call.startedDateTime} ${call.method} ${call.url}`;
}

/** The same request seen at two moments. */
function sameRequest(a: CapturedCall, b: CapturedCall): boolean {
  return requestOf(a) === requestOf(b);
}

/**
 * The list with `incoming` added: duplicates (same key) skipped, a call seen on its way replaced by
 * the same call answered (and not listed again on its way once answered), oldest dropped past
 * `limit`.
 */
export function addCalls(
  list: CaptureList,
  incoming: readonly CapturedCall[],
  limit: number = MAX_CAPTURED_CALLS,
): CaptureList {
  const keys = new Set(list.calls.map((call) => call.key));
  const calls = [...list.calls];
  let changed = false;
  for (const call of incoming) {
    if (keys.has(call.key)) continue;
    const answered = !onItsWay(call);
    const earlier = calls.findIndex(
      (other) => sameRequest(other, call) && (answered ? onItsWay(other) : !onItsWay(other)),
    );
    if (earlier >= 0 && !answered) continue;
    keys.add(call.key);
    changed = true;
    if (earlier >= 0) calls[earlier] = call;
    else calls.push(call);
  }
  if (!changed) return list;
  let lastStart = Number.NEGATIVE_INFINITY;
  const ordered = calls
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
