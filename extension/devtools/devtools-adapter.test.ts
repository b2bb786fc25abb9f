/**
 * The DevTools adapter in a plain tab (no DevTools API at all) and inside DevTools, where the API
 * is stood in for by an object with the same callback-style surface: `onRequestFinished`,
 * `getHAR` (whose entries carry `getContent`, as DevTools gives them) and `inspectedWindow.tabId`.
 * Firefox's differences (getHAR entries without getContent, getContent's second answer being
 * the MIME type, onThemeChanged) are stood in for the same way. The real APIs are exercised by the
 * e2e tests in real DevTools, Chromium's and Firefox's.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureCall } from '../../src/capture/captured-call';
import {
  bearerOrderCall,
  CANARIES,
  pageTokenRequest,
} from '../../src/testing/fixtures/har/har-samples';
import {
  inspectedTabId,
  isInDevTools,
  readNetworkLog,
  subscribeToFinishedRequests,
} from './devtools-adapter';
import { onThemeChange } from './devtools-theme';

type Listener = (request: unknown) => void;

/** A DevTools-shaped entry: the HAR entry with getContent on its prototype. */
function request(entry: Record<string, unknown>, body: [string | null, string]) {
  return Object.assign(
    Object.create({ getContent: (callback: (...args: unknown[]) => void) => callback(...body) }),
    entry,
  );
}

function standInDevTools(log: unknown[], panels: Record<string, unknown> = {}) {
  const listeners = new Set<Listener>();
  const devtools = {
    network: {
      onRequestFinished: {
        addListener: (listener: Listener) => listeners.add(listener),
        removeListener: (listener: Listener) => listeners.delete(listener),
      },
      getHAR: (callback: (log: unknown) => void) => callback({ version: '1.2', entries: log }),
    },
    inspectedWindow: { tabId: 42 },
    panels,
  };
  vi.stubGlobal('chrome', { devtools });
  return {
    finish: (value: unknown) => {
      for (const listener of listeners) listener(value);
    },
    listeners,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the DevTools adapter in a plain tab', () => {
  it('says it is not in DevTools and answers with nothing, without failing', async () => {
    vi.stubGlobal('chrome', { runtime: {} });
    expect(isInDevTools()).toBe(false);
    expect(inspectedTabId()).toBeNull();
    expect(await readNetworkLog()).toEqual([]);
    const listener = vi.fn();
    const stop = subscribeToFinishedRequests(listener);
    expect(() => stop()).not.toThrow();
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('the DevTools adapter in DevTools', () => {
  it('forwards finished requests with a way to read their body, until stopped', async () => {
    const devtools = standInDevTools([]);
    const seen: unknown[] = [];
    const stop = subscribeToFinishedRequests((finished) => seen.push(finished));
    const body = JSON.stringify({ orderId: 'ord_5521' });
    devtools.finish(request(bearerOrderCall(), [btoa(body), 'base64']));
    expect(seen).toHaveLength(1);
    const [finished] = seen as Awaited<ReturnType<typeof readNetworkLog>>;
    expect(await finished?.readBody()).toEqual({ content: btoa(body), encoding: 'base64' });
    stop();
    expect(devtools.listeners.size).toBe(0);
  });

  it('reads the requests already in the Network log, ready for the capture to mask', async () => {
    standInDevTools([request(pageTokenRequest(), ['{"access_token":"x"}', ''])]);
    const [logged] = await readNetworkLog();
    expect(await logged?.readBody()).toEqual({ content: '{"access_token":"x"}', encoding: null });
    const call = await captureCall(logged?.entry);
    expect(call?.pathname).toBe('/o/oauth/accesstoken');
    expect(JSON.stringify(call)).not.toContain(CANARIES.clientSecret);
  });

  it('gives the inspected tab’s id', () => {
    standInDevTools([]);
    expect(isInDevTools()).toBe(true);
    expect(inspectedTabId()).toBe(42);
  });

  it('stops waiting for a body DevTools never gives', async () => {
    vi.useFakeTimers();
    try {
      standInDevTools([{ ...bearerOrderCall(), getContent: () => undefined }]);
      const [logged] = await readNetworkLog();
      const body = logged?.readBody();
      await vi.advanceTimersByTimeAsync(10_000);
      expect(await body).toEqual({ content: null, encoding: null });
    } finally {
      vi.useRealTimers();
    }
  });
});

/** A HAR entry whose response carries its own body, as Firefox's getHAR gives it. */
function withBodyInEntry(entry: Record<string, unknown>, text: string, encoding?: string) {
  const response = entry.response as { content: Record<string, unknown> };
  return {
    ...entry,
    response: { ...response, content: { ...response.content, text, encoding } },
  };
}

describe('the DevTools adapter in Firefox’s DevTools', () => {
  afterEach(() => {
    vi.resetModules();
  });

  it('reads the body a logged request carries in its HAR entry, having no getContent', async () => {
    standInDevTools([withBodyInEntry(pageTokenRequest(), '{"access_token":"x"}')]);
    const [logged] = await readNetworkLog();
    expect(await logged?.readBody()).toEqual({ content: '{"access_token":"x"}', encoding: null });
  });

  it('does not take the MIME type getContent gives as an encoding; the entry names it', async () => {
    vi.stubGlobal('location', { protocol: 'moz-extension:' });
    vi.resetModules();
    const firefox = await import('./devtools-adapter');
    const devtools = standInDevTools([]);
    const seen: Awaited<ReturnType<typeof readNetworkLog>> = [];
    firefox.subscribeToFinishedRequests((finished) => seen.push(finished));
    devtools.finish(request(bearerOrderCall(), ['{"orderId":"o"}', 'application/json']));
    const png = withBodyInEntry(bearerOrderCall(), '', 'base64');
    devtools.finish(request(png, ['iVBORw0KGgo=', 'image/png']));
    expect(await seen[0]?.readBody()).toEqual({ content: '{"orderId":"o"}', encoding: null });
    expect(await seen[1]?.readBody()).toEqual({ content: 'iVBORw0KGgo=', encoding: 'base64' });
  });

  it('follows DevTools’ theme through onThemeChanged', () => {
    const handlers: ((themeName: string) => void)[] = [];
    standInDevTools([], { onThemeChanged: { addListener: (h: never) => handlers.push(h) } });
    const themes: string[] = [];
    onThemeChange((theme) => themes.push(theme));
    for (const handler of handlers) handler('dark');
    for (const handler of handlers) handler('light');
    expect(themes).toEqual(['dark', 'light']);
  });
});
