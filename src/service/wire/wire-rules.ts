/**
 * The declarativeNetRequest rules that make the worker's requests leave the browser as a
 * server-side client's would: without the `Origin`, `Sec-Fetch-*` and other headers Chrome adds to
 * anything a browser context sends, and with a User-Agent that names this tool instead of Chrome.
 * Pure data; extension/background/wire.ts registers them as session rules.
 *
 * Invariant: every rule matches only fetches this extension makes outside any tab
 * (`initiatorDomains` = the host of our origin, `tabIds` = [-1], the `xmlhttprequest` type both
 * browsers report for a background's fetch), in practice the background's, the only context that
 * calls the service. No request of a page, of a tab showing one of our pages, or of another
 * extension is ever touched. Our origin's host is the extension id in Chrome
 * (chrome-extension://<id>/) and the add-on's UUID in Firefox (moz-extension://<uuid>/).
 *
 * What Chrome lets a rule do was measured in Chromium 156 (see docs/wire.md), and the same rules
 * again in Firefox ESR 153 (docs/firefox.md): these headers can be removed; Host, Connection,
 * Content-Length, the `Pragma` and `Cache-Control: no-cache` that `cache: 'no-store'` adds, and
 * HTTP/2's `Priority` cannot.
 */

/**
 * Headers a browser adds that a server-side client (curl, a backend) would not send. All are
 * forbidden to `fetch`, so none can be a header the user composed.
 */
export const BROWSER_HEADERS_REMOVED = [
  'origin',
  'referer',
  'cookie',
  'sec-fetch-site',
  'sec-fetch-mode',
  'sec-fetch-dest',
  'sec-fetch-user',
  'sec-ch-ua',
  'sec-ch-ua-mobile',
  'sec-ch-ua-platform',
] as const;

/**
 * Removed too, unless the user composed their own: a rule cannot tell the browser's value from the
 * user's, so a call that carries the user's is marked (see `markForWire`) and spared.
 */
export const ACCEPT_LANGUAGE = 'accept-language';

/**
 * A fragment is never sent on the wire, but rules see it: it marks the calls whose composed headers
 * include Accept-Language, so that the browser's removal of it does not take the user's.
 */
export const KEEP_ACCEPT_LANGUAGE_FRAGMENT = 'partner-api-devtools-keeps-accept-language';

const USER_AGENT_PRODUCT = 'PartnerApiDevTools';

export type HeaderOperation =
  | { header: string; operation: 'remove' }
  | { header: string; operation: 'set'; value: string };

export interface WireRuleCondition {
  initiatorDomains: string[];
  tabIds: number[];
  resourceTypes: 'xmlhttprequest'[];
  urlFilter?: string;
}

export interface WireRule {
  id: number;
  priority: number;
  action: { type: 'modifyHeaders'; requestHeaders: HeaderOperation[] } | { type: 'allow' };
  condition: WireRuleCondition;
}

/** Ids of our session rules; kept apart from any rule another part of the extension may add. */
export const WIRE_RULE_IDS = { strip: 1, spareMarked: 2, stripMarked: 3 } as const;

/** A service worker's fetch has no tab: Chrome reports tabId -1 for it. */
const NO_TAB = -1;

function scope(ownHost: string): WireRuleCondition {
  return { initiatorDomains: [ownHost], tabIds: [NO_TAB], resourceTypes: ['xmlhttprequest'] };
}

function headerOperations(version: string, keepAcceptLanguage: boolean): HeaderOperation[] {
  const removed: string[] = [...BROWSER_HEADERS_REMOVED];
  if (!keepAcceptLanguage) removed.push(ACCEPT_LANGUAGE);
  return [
    ...removed.map((header) => ({ header, operation: 'remove' as const })),
    // Set, not removed: some firewalls refuse a request without any User-Agent, and a server-side
    // client names itself (curl/8.5.0, PostmanRuntime/7.39.0).
    { header: 'user-agent', operation: 'set', value: `${USER_AGENT_PRODUCT}/${version}` },
  ];
}

/**
 * The session rules for this extension, known by the host of its origin (`ownHost`), at this
 * version (named in the User-Agent).
 * Rule 1 strips every call; for a marked call, rule 2 (an allow rule of higher priority) sets
 * rule 1 aside and rule 3 strips everything but Accept-Language.
 */
export function wireRules(ownHost: string, version: string): WireRule[] {
  const marked = { ...scope(ownHost), urlFilter: `#${KEEP_ACCEPT_LANGUAGE_FRAGMENT}|` };
  return [
    {
      id: WIRE_RULE_IDS.strip,
      priority: 1,
      action: { type: 'modifyHeaders', requestHeaders: headerOperations(version, false) },
      condition: scope(ownHost),
    },
    { id: WIRE_RULE_IDS.spareMarked, priority: 2, action: { type: 'allow' }, condition: marked },
    {
      id: WIRE_RULE_IDS.stripMarked,
      priority: 3,
      action: { type: 'modifyHeaders', requestHeaders: headerOperations(version, true) },
      condition: marked,
    },
  ];
}

/** The URL to hand to fetch: marked when the composed headers include Accept-Language. */
export function markForWire(url: string, headers: readonly { name: string }[]): string {
  if (!headers.some(({ name }) => name.toLowerCase() === ACCEPT_LANGUAGE)) return url;
  const marked = new URL(url);
  marked.hash = KEEP_ACCEPT_LANGUAGE_FRAGMENT;
  return marked.href;
}

/**
 * JSON with sorted keys and without empty fields, so that rules compare equal however the browser
 * returns them: Chrome in any field order, Firefox with every field, null where a rule sets none.
 */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined && item !== null)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * What to send to `updateSessionRules` so that exactly the wanted rules are in place, or null when
 * they already are (the common case: session rules outlive the worker, so a restarted worker
 * usually finds them). Only our ids are ever removed.
 */
export function wireRuleUpdate(
  existing: readonly unknown[],
  wanted: readonly WireRule[],
): { removeRuleIds: number[]; addRules: WireRule[] } | null {
  const ours = new Set<number>(Object.values(WIRE_RULE_IDS));
  const current = existing.filter(
    (rule): rule is { id: number } =>
      typeof rule === 'object' &&
      rule !== null &&
      typeof (rule as { id?: unknown }).id === 'number' &&
      ours.has((rule as { id: number }).id),
  );
  const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
  const same =
    canonical([...current].sort(byId)) === canonical([...wanted].sort(byId)) &&
    current.length === wanted.length;
  return same ? null : { removeRuleIds: [...ours], addRules: [...wanted] };
}
