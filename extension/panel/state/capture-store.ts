/**
 * The inspected page's captured calls, for the Capture view: started when the view first opens
 * (it reads the calls already in DevTools' Network log, then takes each one as it finishes), kept
 * while the panel lives, whatever tab or profile is shown. Credentials are masked as each call is
 * captured (src/capture/captured-call.ts), then every secret the worker holds is masked by the
 * worker (src/capture/held-secret-masking.ts) before the call is listed; nothing is ever stored. Which tokens the extension
 * knows to be expired is asked of the worker by fingerprint, never by value.
 *
 * A call is listed as soon as it is read; its response body follows when DevTools gives it
 * (`getContent` can take seconds, or never answer, for a page's token POST), so the list never
 * waits on a body.
 */
import { type CaptureRow, matchCall, type ProfileTarget } from '../../../src/capture/call-matching';
import { fingerprintsOf } from '../../../src/capture/call-review';
import {
  addCalls,
  type CaptureList,
  EMPTY_CAPTURE_LIST,
  replaceCall,
} from '../../../src/capture/capture-list';
import {
  type CapturedCall,
  captureCall,
  withResponseBody,
} from '../../../src/capture/captured-call';
import {
  capturedTexts,
  maskingBatches,
  withMaskedTexts,
} from '../../../src/capture/held-secret-masking';
import type { KnownToken } from '../../../src/capture/token-fingerprint';
import type { AppError } from '../../../src/vocabulary/errors';
import {
  type FinishedRequest,
  readNetworkLog,
  subscribeToFinishedRequests,
} from '../../devtools/devtools-adapter';
import { ask } from './worker-client';

type Listener = () => void;

/** What a captured call can be taken into the composer for. */
export type CaptureAction = 'open' | 'replay' | 'save';

const CHECK_DELAY_MS = 300;
/**
 * How long after a finished request the Network log is read again, and how often while the view
 * is open. Chrome does not report every request through onRequestFinished (a fetch with a form
 * body, in Chrome 156, never comes), so the log is the truth and the event only a prompt; it is
 * read often enough that such a call (a page's token POST) shows within a second.
 */
const SYNC_DELAY_MS = 400;
const SYNC_EVERY_MS = 700;

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

class CaptureStore {
  list: CaptureList = EMPTY_CAPTURE_LIST;
  known: KnownToken[] = [];
  /** Why the expired-token check could not run (the worker did not answer), if it could not. */
  tokenCheckError: AppError | null = null;
  /** Requests that could not be read into a captured call, and why the last one could not. */
  unreadable = 0;
  lastUnreadable = '';
  /** Keys of the calls whose response body is still being read. */
  readonly reading = new Set<string>();
  private profiles: readonly ProfileTarget[] = [];
  private started = false;
  private seen = new Set<string>();
  private syncTimer: ReturnType<typeof setTimeout> | null = null;
  private listeners = new Set<Listener>();
  private checkTimer: ReturnType<typeof setTimeout> | null = null;

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  setProfiles(profiles: readonly ProfileTarget[]) {
    this.profiles = profiles;
  }

  /** The first opening: what the Network log holds already, then every call as it finishes. */
  start() {
    if (this.started) return;
    this.started = true;
    subscribeToFinishedRequests((request) => {
      void this.take([request]);
      this.syncSoon();
    });
    void this.sync();
    setInterval(() => void this.sync(), SYNC_EVERY_MS);
  }

  private syncSoon() {
    if (this.syncTimer !== null) clearTimeout(this.syncTimer);
    this.syncTimer = setTimeout(() => void this.sync(), SYNC_DELAY_MS);
  }

  private async sync() {
    await this.take(await readNetworkLog());
  }

  clear() {
    this.list = EMPTY_CAPTURE_LIST;
    this.known = [];
    this.unreadable = 0;
    this.lastUnreadable = '';
    this.reading.clear();
    // A cleared call stays cleared: it is still in the Network log, and still "seen".
    this.changed();
  }

  rows(): CaptureRow[] {
    return this.list.calls.map((call) => ({ call, match: matchCall(call, this.profiles) }));
  }

  private async take(requests: readonly FinishedRequest[]) {
    const read: { call: CapturedCall; request: FinishedRequest }[] = [];
    for (const request of requests) {
      const sighting = sightingOf(request.entry);
      if (this.seen.has(sighting)) continue;
      this.seen.add(sighting);
      try {
        const call = await captureCall(request.entry);
        if (call !== null) read.push({ call, request });
      } catch (error) {
        // A request DevTools describes in a way the reader does not expect: counted and named.
        this.notRead(1, error instanceof Error ? error.message : String(error));
      }
    }
    const calls = await this.maskHeld(read.map(({ call }) => call));
    if (calls.length === 0) return;
    this.list = addCalls(this.list, calls);
    // Bodies are read only for the partner API's calls: a page loads much else.
    const bodies = calls.flatMap((call, index) => {
      const request = read[index]?.request;
      const api = request !== undefined && matchCall(call, this.profiles).kind !== 'other';
      return api ? [{ call, request }] : [];
    });
    for (const { call } of bodies) this.reading.add(call.key);
    this.changed();
    this.checkTokensSoon();
    for (const { call, request } of bodies) void this.readBody(call, request);
  }

  private async readBody(call: CapturedCall, request: FinishedRequest) {
    const content = await request.readBody();
    const [masked] = await this.maskHeld([withResponseBody(call, content)]);
    this.reading.delete(call.key);
    if (masked !== undefined) this.list = replaceCall(this.list, masked);
    this.changed();
  }

  /**
   * The calls with every secret the worker holds masked (the capture's own masking goes by what
   * credentials look like: a saved key may look like nothing). A batch the worker could not mask
   * is not listed, and says why; the Network panel still has those calls.
   */
  private async maskHeld(calls: readonly CapturedCall[]): Promise<CapturedCall[]> {
    const out: CapturedCall[] = [];
    for (const batch of maskingBatches(calls)) {
      const reply = await ask('capture/mask', { texts: capturedTexts(batch) });
      const masked = reply.ok ? withMaskedTexts(batch, reply.value) : reply;
      if (masked.ok) out.push(...masked.value);
      else
        this.notRead(
          batch.length,
          `not checked for your saved secrets: ${masked.error.message} ${masked.error.hint}`,
        );
    }
    return out;
  }

  private notRead(count: number, why: string) {
    this.unreadable += count;
    this.lastUnreadable = why;
    this.changed();
  }

  /** Bearer tokens the page sent, by fingerprint: which of them the worker knows, and their expiry. */
  private checkTokensSoon() {
    if (this.checkTimer !== null) clearTimeout(this.checkTimer);
    this.checkTimer = setTimeout(async () => {
      this.checkTimer = null;
      const fingerprints = fingerprintsOf(this.list.calls);
      if (fingerprints.length === 0) return;
      const reply = await ask('capture/check-tokens', { fingerprints });
      if (reply.ok) this.known = reply.value.tokens;
      this.tokenCheckError = reply.ok ? null : reply.error;
      this.changed();
    }, CHECK_DELAY_MS);
  }

  private changed() {
    for (const listener of this.listeners) listener();
  }
}

/** One store for the panel's life: the view comes and goes, the capture goes on. */
export const captureStore = new CaptureStore();
