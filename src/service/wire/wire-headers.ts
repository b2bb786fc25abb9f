/**
 * The headers a call really left the browser with, as the worker's `webRequest.onSendHeaders`
 * observer reports them, matched to the call that sent them and masked like every request view.
 * The worker starts a watch before each fetch and settles it after; the observer hands each
 * report to the watch it belongs to. Invariant: a view never carries a secret in clear (the same
 * `redactHeaders` as "what we set"), and a call the observer saw nothing of says so instead of
 * showing an empty list.
 */
import type { NameValue } from '../../vocabulary/terms';
import { redactHeaders } from './headers';

/** A call as handed to fetch: the URL fetch got (maybe marked, see wire-rules.ts), our headers. */
export interface WireCall {
  method: string;
  url: string;
  /** The headers the worker set, unmasked: matched against what went out, never shown. */
  headers: readonly NameValue[];
}

/** One `onSendHeaders` report: the request as it left, after every header rule. */
export interface ObservedRequest {
  method: string;
  url: string;
  headers: readonly NameValue[];
}

export type WireView =
  /** `unseen`: what the browser adds that its observer does not report (see below). */
  { observed: true; headers: NameValue[]; unseen: string } | { observed: false; reason: string };

export const NOT_WATCHED: WireView = {
  observed: false,
  reason: 'The headers as sent on the wire were not recorded for this call.',
};

export const NOT_SENT: WireView = {
  observed: false,
  reason:
    'The browser reported no request for this call: it never left the browser (no connection, no permission, or cancelled first).',
};

export const NOT_REPORTED: WireView = {
  observed: false,
  reason:
    'The server answered, so the call went out, but the browser did not report its headers in time.',
};

/** The browsers whose request observers differ in what they report. */
export type WireBrowser = 'chrome' | 'firefox';

/**
 * Below the layer an extension can watch, the browser still adds these; the wire view names them
 * so that nobody reads their absence from the list as their absence from the request. Measured
 * against the sandbox, which records every header it receives: Chrome reports neither Host,
 * Connection, Content-Length, nor the `Pragma` and `Cache-Control: no-cache` that
 * `cache: 'no-store'` adds (and sends Priority on HTTP/2 only); Firefox reports Host, Connection
 * and Content-Length, but not Pragma, Cache-Control or the Priority it sends on every request.
 */
export const ADDED_BELOW_THE_OBSERVER: Readonly<Record<WireBrowser, string>> = {
  chrome:
    'The browser also sends Host, Connection and Content-Length, Pragma and Cache-Control: no-cache (the worker bypasses the browser cache), and Priority on HTTP/2, which no extension can see or remove.',
  firefox:
    'Firefox also sends Pragma and Cache-Control: no-cache (the worker bypasses the browser cache) and Priority, which no extension can see or remove. Host, Connection and Content-Length are in the list: Firefox shows them to extensions, Chrome does not.',
};

export interface WireWatch {
  /** Resolves with what was seen, waiting a little for a report still on its way. */
  settle(): Promise<WireView>;
  /** Stops watching without waiting (the caller will not show the result). */
  cancel(): void;
}

export interface WireObserver {
  watch(call: WireCall): WireWatch;
  /** Called by the browser-side listener for each request the worker sent. */
  report(request: ObservedRequest): void;
}

/** Compared as URLs (Chrome reports them normalised), or as text when one is no URL. */
function sameUrl(a: string, b: string): boolean {
  const normal = (url: string) => (URL.canParse(url) ? new URL(url).href : url);
  return normal(a) === normal(b);
}

/** How many of the call's own headers went out with the same value (names compared case-blind). */
function headersInCommon(call: WireCall, observed: ObservedRequest): number {
  const sent = new Map<string, string[]>();
  for (const { name, value } of observed.headers) {
    const key = name.toLowerCase();
    sent.set(key, [...(sent.get(key) ?? []), value]);
  }
  return call.headers.filter(({ name, value }) => sent.get(name.toLowerCase())?.includes(value))
    .length;
}

function isSameCall(call: WireCall, observed: ObservedRequest): boolean {
  return (
    call.method.toUpperCase() === observed.method.toUpperCase() && sameUrl(call.url, observed.url)
  );
}

/**
 * Among the calls waiting for their report, the one a report belongs to: same method and URL, then
 * the most of its own headers on the wire (two calls to one URL differ in their headers), then the
 * oldest (reports come in the order requests start). -1 when none.
 */
export function pickWaitingCall(waiting: readonly WireCall[], observed: ObservedRequest): number {
  let best = -1;
  let bestScore = -1;
  waiting.forEach((call, index) => {
    if (!isSameCall(call, observed)) return;
    const score = headersInCommon(call, observed);
    if (score > bestScore) {
      best = index;
      bestScore = score;
    }
  });
  return best;
}

function wireView(observed: ObservedRequest, browser: WireBrowser): WireView {
  return {
    observed: true,
    headers: redactHeaders(observed.headers),
    unseen: ADDED_BELOW_THE_OBSERVER[browser],
  };
}

export interface WireObserverOptions {
  /** Whose observer reports: it decides what the view says the browser added unseen. */
  browser: WireBrowser;
  /** How long a settling watch waits for a report that has not arrived yet. */
  graceMs: number;
  /** Watches kept at most; the oldest is dropped first (a caller that never settled). */
  maxWaiting?: number;
}

interface Waiting {
  call: WireCall;
  seen: ObservedRequest | null;
  arrived: (() => void) | null;
}

export function createWireObserver(options: WireObserverOptions): WireObserver {
  const maxWaiting = options.maxWaiting ?? 200;
  const waiting: Waiting[] = [];
  const drop = (entry: Waiting) => {
    const index = waiting.indexOf(entry);
    if (index >= 0) waiting.splice(index, 1);
  };
  return {
    watch(call) {
      const entry: Waiting = { call, seen: null, arrived: null };
      waiting.push(entry);
      if (waiting.length > maxWaiting) waiting.shift();
      return {
        async settle() {
          if (entry.seen === null) {
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, options.graceMs);
              entry.arrived = () => {
                clearTimeout(timer);
                resolve();
              };
            });
          }
          drop(entry);
          return entry.seen === null ? NOT_SENT : wireView(entry.seen, options.browser);
        },
        cancel: () => drop(entry),
      };
    },
    report(observed) {
      const open = waiting.filter((entry) => entry.seen === null);
      const index = pickWaitingCall(
        open.map((entry) => entry.call),
        observed,
      );
      const entry = open[index];
      if (entry === undefined) return;
      entry.seen = observed;
      entry.arrived?.();
    },
  };
}
