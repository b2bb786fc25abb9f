/**
 * The capture's commands, bound once to their dependencies and to where the page's requests come
 * from (a `CaptureSource`: DevTools' network log in the panel, a list the test holds in Node).
 * Started when the Capture tab first opens: the calls already in the log, then each one as it
 * finishes, the log read again soon after and every 700 ms (Chrome does not report every request,
 * so the log is the truth and the event only a prompt). Each request becomes a `CapturedCall` with
 * every credential masked (src/capture/captured-call.ts), then the worker masks every secret it
 * holds (`capture/mask`, src/capture/held-secret-masking.ts) before the call is listed; a batch it
 * could not mask is not listed, and says why. A call is listed before its response body is read
 * (DevTools can take seconds, or never answer); bodies are read for the partner API's calls only.
 * Which of the page's tokens the worker obtained is asked by fingerprint, never by value. Clear,
 * a call to the composer (src/capture/composer-draft.ts: the page's credentials dropped) and what
 * Export captured saved are commands too. Loaded with the Capture tab.
 */
import { type CaptureRow, matchCall, type ProfileTarget } from '../../capture/call-matching';
import { fingerprintsOf } from '../../capture/call-review';
import { addCalls, MAX_CAPTURED_CALLS, replaceCall } from '../../capture/capture-list';
import type { ResponseContent } from '../../capture/captured-body';
import { type CapturedCall, captureCall, withResponseBody } from '../../capture/captured-call';
import { type ComposerDraft, draftFromCapture } from '../../capture/composer-draft';
import { capturedTexts, maskingBatches, withMaskedTexts } from '../../capture/held-secret-masking';
import type { CommandDeps } from '../ask';
import { reduceCapture } from './capture-slice';
import type { CaptureSliceAction } from './capture-state';

/** A request of the inspected page that has finished: its HAR entry, and its body on demand. */
export interface FinishedRequest {
  entry: unknown;
  readBody(): Promise<ResponseContent>;
}

/** Where the page's requests come from: DevTools' network panel, behind extension/devtools/. */
export interface CaptureSource {
  /** Calls `listener` with each request as it finishes, for the panel's life. */
  onFinished(listener: (request: FinishedRequest) => void): void;
  /** The requests already in the Network log. */
  readLog(): Promise<FinishedRequest[]>;
}

const CHECK_DELAY_MS = 300;
/** How long after a finished request the log is read again, and how often while the panel lives. */
export const SYNC_DELAY_MS = 400;
export const SYNC_EVERY_MS = 700;

/**
 * What tells requests apart before they are read, without keeping their URLs (which can carry a
 * credential): when each started, its method, how long its URL is and how long it took.
 */
function sightingOf(entry: unknown): string {
  const { startedDateTime, time, request } = (entry ?? {}) as {
    startedDateTime?: unknown;
    time?: unknown;
    request?: { method?: unknown; url?: unknown };
  };
  const url = typeof request?.url === 'string' ? request.url : '';
  return `${String(startedDateTime)} ${String(request?.method)} ${url.length} ${String(time)}`;
}

/** The captured calls with the profile each belongs to (or none), in the list's order. */
export function captureRows(
  calls: readonly CapturedCall[],
  profiles: readonly ProfileTarget[],
): CaptureRow[] {
  return calls.map((call) => ({ call, match: matchCall(call, profiles) }));
}

/** `limit`: how many calls are kept, the oldest dropped past it (a test sets a small one). */
export function createCaptureCommands(
  deps: CommandDeps,
  source: CaptureSource,
  limit = MAX_CAPTURED_CALLS,
) {
  const { ask, get, timers } = deps;
  /** Every change of the slice, through its reducer, given to the store whole. */
  const dispatch = (action: CaptureSliceAction) =>
    deps.dispatch({ type: 'capture', capture: reduceCapture(get().capture, action) });
  let profiles: readonly ProfileTarget[] = [];
  let started = false;
  /** Every request read once, cleared or not: a cleared call is still in the Network log. */
  const seen = new Set<string>();
  let syncTimer: unknown = null;
  let checkTimer: unknown = null;

  const notRead = (count: number, why: string) =>
    dispatch({ type: 'capture/not-read', count, why });

  /**
   * The calls with every secret the worker holds masked (the capture's own masking goes by what
   * credentials look like: a saved key may look like nothing). A batch the worker could not mask
   * is not listed, and says why; the Network panel still has those calls.
   */
  async function maskHeld(calls: readonly CapturedCall[]): Promise<CapturedCall[]> {
    const out: CapturedCall[] = [];
    for (const batch of maskingBatches(calls)) {
      const reply = await ask('capture/mask', { texts: capturedTexts(batch) });
      const masked = reply.ok ? withMaskedTexts(batch, reply.value) : reply;
      if (masked.ok) out.push(...masked.value);
      else
        notRead(
          batch.length,
          `not checked for your saved secrets: ${masked.error.message} ${masked.error.hint}`,
        );
    }
    return out;
  }

  async function take(requests: readonly FinishedRequest[]) {
    const read: { call: CapturedCall; request: FinishedRequest }[] = [];
    for (const request of requests) {
      const sighting = sightingOf(request.entry);
      if (seen.has(sighting)) continue;
      seen.add(sighting);
      try {
        const call = await captureCall(request.entry);
        if (call !== null) read.push({ call, request });
      } catch (error) {
        // A request DevTools describes in a way the reader does not expect: counted and named.
        notRead(1, error instanceof Error ? error.message : String(error));
      }
    }
    const calls = await maskHeld(read.map(({ call }) => call));
    if (calls.length === 0) return;
    // Bodies are read only for the partner API's calls: a page loads much else.
    const bodies = calls.flatMap((call, index) => {
      const request = read[index]?.request;
      const api = request !== undefined && matchCall(call, profiles).kind !== 'other';
      return api ? [{ call, request }] : [];
    });
    const list = addCalls(get().capture.list, calls, limit);
    dispatch({ type: 'capture/listed', list, reading: bodies.map(({ call }) => call.key) });
    checkTokensSoon();
    for (const { call, request } of bodies) void readBody(call, request);
  }

  async function readBody(call: CapturedCall, request: FinishedRequest) {
    const content = await request.readBody();
    const [masked] = await maskHeld([withResponseBody(call, content)]);
    const list = masked === undefined ? null : replaceCall(get().capture.list, masked);
    dispatch({ type: 'capture/body-read', key: call.key, list });
  }

  /** Bearer tokens the page sent, by fingerprint: which of them the worker knows, and their expiry. */
  function checkTokensSoon() {
    if (checkTimer !== null) timers.clear(checkTimer);
    checkTimer = timers.set(async () => {
      checkTimer = null;
      const fingerprints = fingerprintsOf(get().capture.list.calls);
      if (fingerprints.length === 0) return;
      const reply = await ask('capture/check-tokens', { fingerprints });
      dispatch({
        type: 'capture/tokens',
        known: reply.ok ? reply.value.tokens : null,
        error: reply.ok ? null : reply.error,
      });
    }, CHECK_DELAY_MS);
  }

  const sync = async () => take(await source.readLog());

  function syncSoon() {
    if (syncTimer !== null) timers.clear(syncTimer);
    syncTimer = timers.set(() => void sync(), SYNC_DELAY_MS);
  }

  function syncEvery() {
    timers.set(() => {
      void sync();
      syncEvery();
    }, SYNC_EVERY_MS);
  }

  return {
    /** Which profiles' calls are the partner API's (their bodies are read; rows name them). */
    setProfiles(next: readonly ProfileTarget[]) {
      profiles = next;
    },
    /** The first opening: what the Network log holds already, then every call as it finishes. */
    async start() {
      if (started) return;
      started = true;
      source.onFinished((request) => {
        void take([request]);
        syncSoon();
      });
      syncEvery();
      await sync();
    },
    /** Clear: the list and what was said about it; a cleared call stays cleared. */
    clear: () => dispatch({ type: 'capture/cleared' }),
    /**
     * A captured call as a composer draft (the page's credentials dropped, the notes say which),
     * or null when it cannot be one, and the slice's notice says why.
     */
    toComposer(row: CaptureRow): ComposerDraft | null {
      const draft = draftFromCapture(row.call, row.match);
      dispatch({
        type: 'capture/set',
        set: { notice: draft.ok ? null : `${draft.error.message} ${draft.error.hint}` },
      });
      return draft.ok ? draft.value : null;
    },
    /** What Export captured saved (its file name), shown until the list is cleared. */
    exported: (fileName: string) => dispatch({ type: 'capture/set', set: { exported: fileName } }),
  };
}

export type CaptureCommands = ReturnType<typeof createCaptureCommands>;
