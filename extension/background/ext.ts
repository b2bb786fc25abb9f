/**
 * The worker's one handle on the extension APIs, without webextension-polyfill: Firefox's own
 * `browser` where there is one, else Chrome's `chrome`, whose methods return promises in a
 * Manifest V3 worker. The polyfill (about 10 KB of the worker's script once minified, most of it a
 * table of every API, built into proxies as it loads) is code Chrome loads (from its code cache) and runs each time it
 * starts the stopped worker, before its listener is registered; the worker used it only as that
 * choice, and for the one thing Chrome's own `runtime.onMessage` does not do in the versions this
 * extension supports (a reply given as a promise): `onMessage` below does that as the polyfill
 * did, so the panel meets the same replies. The types stay the polyfill's (type-only import).
 */
import type Browser from 'webextension-polyfill';

type Scope = { browser?: { runtime?: { id?: string } }; chrome?: unknown };
const scope = globalThis as Scope;

/** Firefox: `browser` (native promises). Chrome: `chrome` (promises in MV3). */
const inFirefox = scope.browser?.runtime?.id !== undefined;

export const browser = (inFirefox ? scope.browser : scope.chrome) as Browser.Browser;

type Listener = (message: unknown, sender: Browser.Runtime.MessageSender) => Promise<unknown>;

/**
 * Registers `listener` for messages; the promise it returns is the reply. A rejection reaches the
 * sender as the polyfill sent one (its `__mozWebExtensionPolyfillReject__` form), as before.
 */
export function onMessage(listener: Listener): void {
  if (inFirefox) {
    browser.runtime.onMessage.addListener(listener);
    return;
  }
  chrome.runtime.onMessage.addListener((message, sender, sendResponse) => {
    listener(message, sender as Browser.Runtime.MessageSender).then(sendResponse, (error) =>
      sendResponse({ __mozWebExtensionPolyfillReject__: true, message: rejectionWords(error) }),
    );
    return true; // the reply comes later
  });
}

function rejectionWords(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return error instanceof Error || typeof message === 'string'
    ? String(message)
    : 'An unexpected error occurred';
}
