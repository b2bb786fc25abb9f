import { describe, expect, it } from 'vitest';
import { CONTRACT_HEADERS } from './headers';
import {
  ACCEPT_LANGUAGE,
  BROWSER_HEADERS_REMOVED,
  KEEP_ACCEPT_LANGUAGE_FRAGMENT,
  markForWire,
  WIRE_RULE_IDS,
  type WireRule,
  wireRules,
  wireRuleUpdate,
} from './wire-rules';

const ID = 'bjoclfiianogdbohjhogfefmkjfkgiim';
const RULES = wireRules(ID, '0.1.0');

/** A request as Chrome describes it to declarativeNetRequest (and to webRequest). */
interface SeenRequest {
  url: string;
  initiator: string;
  tabId: number;
  type: string;
}

/**
 * Whether a rule's condition covers a request, for the condition fields our rules use, as Chrome
 * documents them: initiatorDomains against the initiator's host, tabIds, resourceTypes, and a
 * urlFilter ending in `|` as "the URL ends with". A field our rules do not use fails the test.
 */
function covers(rule: WireRule, request: SeenRequest): boolean {
  const { initiatorDomains, tabIds, resourceTypes, urlFilter, ...rest } = rule.condition;
  expect(rest, 'a condition field the audit does not model').toEqual({});
  const initiatorHost = new URL(request.initiator).host;
  return (
    initiatorDomains.includes(initiatorHost) &&
    tabIds.includes(request.tabId) &&
    (resourceTypes as string[]).includes(request.type) &&
    (urlFilter === undefined || request.url.endsWith(urlFilter.replace(/\|$/, '')))
  );
}

/** Requests as Chromium 156 reported them to webRequest in the experiment behind docs/wire.md. */
const WORKER_FETCH: SeenRequest = {
  url: 'http://127.0.0.1:8787/o/oauth/accesstoken',
  initiator: `chrome-extension://${ID}`,
  tabId: -1,
  type: 'xmlhttprequest',
};
const NOT_OURS: Record<string, SeenRequest> = {
  'a web page’s fetch': {
    url: 'http://127.0.0.1:8787/v1/ping',
    initiator: 'http://127.0.0.1:8787',
    tabId: 967073727,
    type: 'xmlhttprequest',
  },
  'a page’s navigation': {
    url: 'http://127.0.0.1:8787/',
    initiator: 'http://127.0.0.1:8787',
    tabId: 967073727,
    type: 'main_frame',
  },
  'our own panel, opened in a tab': {
    url: 'http://127.0.0.1:8787/v1/ping',
    initiator: `chrome-extension://${ID}`,
    tabId: 967073728,
    type: 'xmlhttprequest',
  },
  'another extension’s worker': {
    url: 'http://127.0.0.1:8787/v1/ping',
    initiator: 'chrome-extension://aaaabbbbccccddddeeeeffffgggghhhh',
    tabId: -1,
    type: 'xmlhttprequest',
  },
  'a script our worker could load': { ...WORKER_FETCH, type: 'script' },
};

function operations(rule: WireRule | undefined) {
  return rule?.action.type === 'modifyHeaders' ? rule.action.requestHeaders : [];
}

describe('the wire rules', () => {
  it('are scoped to this extension’s worker: its id, no tab, the fetch type Chrome reports', () => {
    for (const rule of RULES) {
      expect(rule.condition.initiatorDomains).toEqual([ID]);
      expect(rule.condition.tabIds).toEqual([-1]);
      expect(rule.condition.resourceTypes).toEqual(['xmlhttprequest']);
    }
    expect(RULES.map((rule) => rule.id)).toEqual(Object.values(WIRE_RULE_IDS));
  });

  it('touch no request of a page, of a tab showing our panel, or of another extension', () => {
    const marked = { ...WORKER_FETCH, url: `${WORKER_FETCH.url}#${KEEP_ACCEPT_LANGUAGE_FRAGMENT}` };
    for (const [what, request] of Object.entries(NOT_OURS)) {
      for (const candidate of [request, { ...request, url: marked.url }]) {
        expect(
          RULES.filter((rule) => covers(rule, candidate)),
          what,
        ).toEqual([]);
      }
    }
    expect(RULES.filter((rule) => covers(rule, WORKER_FETCH)).map((rule) => rule.id)).toEqual([
      WIRE_RULE_IDS.strip,
    ]);
    expect(RULES.filter((rule) => covers(rule, marked)).map((rule) => rule.id)).toEqual([
      WIRE_RULE_IDS.strip,
      WIRE_RULE_IDS.spareMarked,
      WIRE_RULE_IDS.stripMarked,
    ]);
  });

  it('remove the browser’s Origin, Sec-Fetch-* and Accept-Language, and name the tool as User-Agent', () => {
    const strip = operations(RULES[0]);
    const removed = strip.filter((op) => op.operation === 'remove').map((op) => op.header);
    for (const header of ['origin', 'sec-fetch-site', 'sec-fetch-mode', 'sec-fetch-dest']) {
      expect(removed).toContain(header);
    }
    expect(removed).toContain(ACCEPT_LANGUAGE);
    expect(strip).toContainEqual({
      header: 'user-agent',
      operation: 'set',
      value: 'PartnerApiDevTools/0.1.0',
    });
  });

  it('spare the user’s own Accept-Language: an allow rule sets the strip rule aside for marked calls', () => {
    const [strip, spare, stripMarked] = RULES;
    expect(spare?.action).toEqual({ type: 'allow' });
    // Chrome ignores modifyHeaders rules whose priority is at most a matching allow rule's.
    expect(strip?.priority).toBeLessThanOrEqual(spare?.priority ?? 0);
    expect(stripMarked?.priority).toBeGreaterThan(spare?.priority ?? 0);
    expect(operations(stripMarked)).toEqual(
      operations(strip).filter((op) => op.header !== ACCEPT_LANGUAGE),
    );
  });

  it('never remove or set a header the user or the service contract can compose', () => {
    // What fetch forbids a script to set (Fetch standard), so no user header can be among them.
    const forbidden = /^(origin|referer|cookie|sec-.+)$/;
    for (const rule of RULES) {
      for (const op of operations(rule)) {
        if (op.header === ACCEPT_LANGUAGE || op.header === 'user-agent') continue;
        expect(op.header).toMatch(forbidden);
      }
      for (const header of CONTRACT_HEADERS) {
        expect(operations(rule).map((op) => op.header)).not.toContain(header);
      }
    }
    expect(BROWSER_HEADERS_REMOVED.every((header) => header === header.toLowerCase())).toBe(true);
  });
});

describe('markForWire', () => {
  it('marks a call only when its composed headers include Accept-Language', () => {
    const url = 'http://127.0.0.1:8787/v1/products?q=1';
    expect(markForWire(url, [{ name: 'companyId' }])).toBe(url);
    expect(markForWire(url, [{ name: 'ACCEPT-language' }])).toBe(
      `${url}#${KEEP_ACCEPT_LANGUAGE_FRAGMENT}`,
    );
  });
});

describe('wireRuleUpdate', () => {
  it('does nothing when the rules are already in place, whatever order Chrome lists fields in', () => {
    const asChromeReturns = JSON.parse(JSON.stringify(RULES)).map((rule: WireRule) => ({
      priority: rule.priority,
      id: rule.id,
      condition: { ...rule.condition },
      action: rule.action,
    }));
    expect(wireRuleUpdate(asChromeReturns, RULES)).toBeNull();
    // Somebody else's session rule is none of our business.
    expect(wireRuleUpdate([...asChromeReturns, { id: 99, priority: 1 }], RULES)).toBeNull();
  });

  it('replaces our rules when one is missing or differs (a new version names a new User-Agent)', () => {
    const all = Object.values(WIRE_RULE_IDS);
    expect(wireRuleUpdate([], RULES)).toEqual({ removeRuleIds: all, addRules: RULES });
    expect(wireRuleUpdate(RULES.slice(0, 2), RULES)).toEqual({
      removeRuleIds: all,
      addRules: RULES,
    });
    const next = wireRules(ID, '0.2.0');
    expect(wireRuleUpdate(RULES, next)).toEqual({ removeRuleIds: all, addRules: next });
  });
});
