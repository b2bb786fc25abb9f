/**
 * With devtools-theme.ts, the one place that touches `chrome.devtools`. The panel page also runs as a plain extension tab
 * (tests and "open in a tab" use that), where `chrome.devtools` does not exist; every caller goes
 * through here and gets a sensible answer in both places.
 *
 * For the capture it hands over the inspected page's network log as DevTools gives it: HAR
 * entries, each with a way to read its response body. It keeps nothing and masks nothing: the
 * entries go straight to `captureCall` (src/capture/captured-call.ts), which masks them.
 * `devtools.network` needs no permission and no content script.
 *
 * Chrome and Firefox both offer `chrome.devtools` (Firefox with callbacks too), and differ in what
 * is handled here: a request's `getContent` answers (content, encoding) in Chrome and (content,
 * MIME type) in Firefox; `getHAR`'s entries carry `getContent` in Chrome only (Firefox's carry
 * the body in the HAR entry, when DevTools kept it). DevTools' theme, which the panel reads at
 * start, is its other half (devtools-theme.ts), apart so that the panel's start-up code does
 * not carry the capture's.
 */
import type { ResponseContent } from '../../src/capture/captured-body';

type DevToolsApi = typeof chrome.devtools;
type NetworkRequest = chrome.devtools.network.Request;

/** A request of the inspected page that has finished: its HAR entry and its response body. */
export interface FinishedRequest {
  /** The HAR 1.2 entry, with Chrome's `_` fields; it carries no response body. */
  entry: unknown;
  /** Reads the response body from DevTools (null content when DevTools has none or is gone). */
  readBody(): Promise<ResponseContent>;
}

/** DevTools may drop a body (the log was cleared, the page navigated): never wait for it forever. */
const BODY_TIMEOUT_MS = 10_000;

/** Firefox's extension pages are moz-extension: ones; its getContent names no encoding. */
const IN_FIREFOX = globalThis.location?.protocol === 'moz-extension:';

function api(): DevToolsApi | undefined {
  return (globalThis as { chrome?: { devtools?: DevToolsApi } }).chrome?.devtools;
}

export function isInDevTools(): boolean {
  return api() !== undefined;
}

export function registerPanel(title: string, iconPath: string, pagePath: string): void {
  const devtools = api();
  if (devtools === undefined) return;
  devtools.panels.create(title, iconPath, pagePath);
}

/** The body a HAR entry carries itself (Firefox's getHAR entries, which have no getContent). */
function contentInEntry(request: NetworkRequest): ResponseContent {
  const content = (request as { response?: { content?: { text?: unknown; encoding?: unknown } } })
    .response?.content;
  return {
    content: typeof content?.text === 'string' ? content.text : null,
    encoding: typeof content?.encoding === 'string' ? content.encoding : null,
  };
}

function finished(request: NetworkRequest): FinishedRequest {
  return {
    entry: request,
    readBody: () => {
      if (typeof request.getContent !== 'function') return Promise.resolve(contentInEntry(request));
      return new Promise<ResponseContent>((resolve) => {
        const timer = setTimeout(() => resolve({ content: null, encoding: null }), BODY_TIMEOUT_MS);
        // The callback form: the promise form of getContent exists only since Chrome 151.
        request.getContent((content, second) => {
          clearTimeout(timer);
          const encoding = IN_FIREFOX ? contentInEntry(request).encoding : second;
          resolve({
            content: typeof content === 'string' ? content : null,
            encoding: typeof encoding === 'string' && encoding !== '' ? encoding : null,
          });
        });
      });
    },
  };
}

/**
 * Calls `listener` for each request of the inspected page as it finishes. Returns the function
 * that stops it; outside DevTools nothing ever finishes, and stopping does nothing.
 */
export function subscribeToFinishedRequests(
  listener: (request: FinishedRequest) => void,
): () => void {
  const network = api()?.network;
  if (network === undefined) return () => {};
  const forward = (request: NetworkRequest) => listener(finished(request));
  network.onRequestFinished.addListener(forward);
  return () => network.onRequestFinished.removeListener(forward);
}

/** The requests already in the Network log (`getHAR`), oldest first; none outside DevTools. */
export function readNetworkLog(): Promise<FinishedRequest[]> {
  const network = api()?.network;
  if (network === undefined) return Promise.resolve([]);
  return new Promise((resolve) => {
    network.getHAR((log) => {
      // getHAR's entries carry getContent, as onRequestFinished's do (DevTools gives them a
      // Request prototype); the HAR type does not say so.
      const entries = Array.isArray(log?.entries) ? (log.entries as NetworkRequest[]) : [];
      resolve(entries.map(finished));
    });
  });
}

/** The id of the tab DevTools inspects, or null in a plain tab. */
export function inspectedTabId(): number | null {
  return api()?.inspectedWindow.tabId ?? null;
}
