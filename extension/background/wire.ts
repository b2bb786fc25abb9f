/**
 * The worker's side of "what goes on the wire": it puts the header rules of
 * src/service/wire/wire-rules.ts in place as session rules, and watches its own requests with a
 * non-blocking `webRequest.onSendHeaders` listener that feeds the wire observer the request views
 * are built from. The one place where Chrome's and Firefox's request APIs differ for us:
 * - Chrome hides Origin, Accept-Language and others from the listener unless it asks for
 *   `extraHeaders`; Firefox shows every header and refuses that option.
 * - Chrome names a request's initiator by its origin (`initiator`), Firefox by the URL of the page
 *   that made it (`originUrl`); both report -1 as the tab of the background's own requests.
 * - Rules match the initiator's host: Chrome's is the extension id, Firefox's the extension's
 *   per-profile UUID (moz-extension://<uuid>/), so the rules are scoped by our origin's host.
 *
 * Invariants: the listener is added synchronously at the top level (a wake-up must not miss a
 * report); the rules cost nothing on a wake-up (session rules outlive the worker, so they are
 * checked on install and browser start, and once per worker before its first call, and written
 * only when missing or changed); no call leaves before the rules are in place.
 */
import type { WebRequest } from 'webextension-polyfill';
import { createWireObserver } from '../../src/service/wire/wire-headers';
import { wireRules, wireRuleUpdate } from '../../src/service/wire/wire-rules';
import { fail, ok, type Result } from '../../src/vocabulary/errors';
import { IN_FIREFOX, OWN_ORIGIN, RELOAD_PLACE } from './browser-kind';
import { browser } from './ext';

/** The background's own fetch has no tab. */
const NO_TAB = -1;

/** Reports usually arrive before the answer; this is how long a call waits for a late one. */
export const wireObserver = createWireObserver({
  graceMs: 500,
  browser: IN_FIREFOX ? 'firefox' : 'chrome',
});

/** The origin of whoever made the request; null when the browser names none (or "null"). */
function initiatorOrigin(details: WebRequest.OnSendHeadersDetailsType): string | null {
  const from = details.initiator ?? details.originUrl;
  return from !== undefined && URL.canParse(from) ? new URL(from).origin : null;
}

browser.webRequest.onSendHeaders.addListener(
  (details) => {
    if (initiatorOrigin(details) !== OWN_ORIGIN || details.tabId !== NO_TAB) return;
    wireObserver.report({
      method: details.method,
      url: details.url,
      headers: (details.requestHeaders ?? []).map(({ name, value }) => ({
        name,
        value: value ?? '(binary value)',
      })),
    });
  },
  { urls: ['http://*/*', 'https://*/*'], tabId: NO_TAB, types: ['xmlhttprequest'] },
  IN_FIREFOX ? ['requestHeaders'] : ['requestHeaders', 'extraHeaders'],
);

async function putRulesInPlace(): Promise<void> {
  const wanted = wireRules(new URL(OWN_ORIGIN).host, browser.runtime.getManifest().version);
  const update = wireRuleUpdate(await browser.declarativeNetRequest.getSessionRules(), wanted);
  if (update !== null) await browser.declarativeNetRequest.updateSessionRules(update);
}

/** One check per worker life; a failed one is tried again by the next caller. */
let inPlace: Promise<void> | null = null;

function ensureRules(): Promise<void> {
  inPlace ??= putRulesInPlace();
  const attempt = inPlace;
  attempt.catch(() => {
    if (inPlace === attempt) inPlace = null;
  });
  return attempt;
}

/** Before any call leaves: the header rules are in place, or the call is refused and says why. */
export async function wireReady(): Promise<Result<true>> {
  try {
    await ensureRules();
    return ok(true);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return fail(
      'internal',
      `The extension could not set up the rules that keep the browser’s Origin and other headers off its calls (${reason.slice(0, 200)}), so nothing was sent.`,
      `Reload the extension on ${RELOAD_PLACE} and try again.`,
    );
  }
}

// Checked as the worker starts, so the first call does not wait for the check's round trip.
void wireReady();

// Session rules are gone after a browser restart or an update: put them back at once.
browser.runtime.onInstalled.addListener(() => {
  void wireReady();
});
browser.runtime.onStartup.addListener(() => {
  void wireReady();
});
