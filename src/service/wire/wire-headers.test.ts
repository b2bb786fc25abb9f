import { describe, expect, it } from 'vitest';
import {
  ADDED_BELOW_THE_OBSERVER,
  createWireObserver,
  NOT_SENT,
  type ObservedRequest,
  pickWaitingCall,
  type WireCall,
} from './wire-headers';

const URL_A = 'http://127.0.0.1:8787/v1/products';
const BASIC = 'Basic Y2xpZW50LTE6UzNjcmV0VmFsdWU=';

function call(overrides: Partial<WireCall> = {}): WireCall {
  return {
    method: 'GET',
    url: URL_A,
    headers: [
      { name: 'Content-Type', value: 'application/json' },
      { name: 'x-apikey', value: 'ak_live_5e6f7a8b9c0d1e2f3a4b' },
    ],
    ...overrides,
  };
}

/** What Chrome reports: our headers (its casing) plus what the browser added and kept. */
function observed(from: WireCall, extra: ObservedRequest['headers'] = []): ObservedRequest {
  return {
    method: from.method,
    url: from.url,
    headers: [
      ...extra,
      ...from.headers,
      { name: 'User-Agent', value: 'PartnerApiDevTools/0.1.0' },
      { name: 'Accept', value: '*/*' },
    ],
  };
}

describe('the wire observer', () => {
  it('gives a settled call the headers it left with, secrets masked as in every request view', async () => {
    const observer = createWireObserver({ graceMs: 1_000, browser: 'chrome' });
    const sent = call({
      method: 'POST',
      url: 'http://127.0.0.1:8787/o/oauth/accesstoken',
      headers: [{ name: 'Authorization', value: BASIC }],
    });
    const watch = observer.watch(sent);
    observer.report(observed(sent));
    expect(await watch.settle()).toEqual({
      observed: true,
      headers: [
        { name: 'Authorization', value: 'Basic ••••' },
        { name: 'User-Agent', value: 'PartnerApiDevTools/0.1.0' },
        { name: 'Accept', value: '*/*' },
      ],
      unseen: ADDED_BELOW_THE_OBSERVER.chrome,
    });
  });

  it('names what each browser adds unseen: Host and others in Chrome, only what Firefox hides', async () => {
    const views = await Promise.all(
      (['chrome', 'firefox'] as const).map((browser) => {
        const observer = createWireObserver({ graceMs: 1_000, browser });
        const watch = observer.watch(call());
        observer.report(observed(call()));
        return watch.settle();
      }),
    );
    const [chrome, firefox] = views.map((view) => (view.observed ? view.unseen : ''));
    expect(chrome).toMatch(/also sends Host, Connection and Content-Length, Pragma/);
    expect(firefox).toMatch(/^Firefox also sends Pragma and Cache-Control: no-cache .* Priority,/);
    expect(firefox).not.toMatch(/also sends Host/);
  });

  it('masks an API key on the wire as it masks it in what we set', async () => {
    const observer = createWireObserver({ graceMs: 1_000, browser: 'chrome' });
    const watch = observer.watch(call());
    observer.report(observed(call()));
    const view = await watch.settle();
    expect(JSON.stringify(view)).not.toContain('ak_live_5e6f7a8b9c0d1e2f3a4b');
    expect(view.observed && view.headers).toContainEqual({ name: 'x-apikey', value: '••••3a4b' });
  });

  it('waits for a report still on its way when the call settles first', async () => {
    const observer = createWireObserver({ graceMs: 30_000, browser: 'chrome' });
    const watch = observer.watch(call());
    const settled = watch.settle();
    setTimeout(() => observer.report(observed(call())), 20);
    const started = performance.now();
    expect((await settled).observed).toBe(true);
    // Settled by the report, not by the grace running out.
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('says the call never left the browser when nothing was reported, instead of an empty list', async () => {
    const observer = createWireObserver({ graceMs: 10, browser: 'chrome' });
    const watch = observer.watch(call());
    expect(await watch.settle()).toBe(NOT_SENT);
    expect(NOT_SENT).toEqual({
      observed: false,
      reason:
        'The browser reported no request for this call: it never left the browser (no connection, no permission, or cancelled first).',
    });
  });

  it('gives each of two calls to one URL its own report, whatever order the reports come in', async () => {
    const observer = createWireObserver({ graceMs: 1_000, browser: 'chrome' });
    const first = call({ headers: [{ name: 'X-Request-Id', value: 'one' }] });
    const second = call({ headers: [{ name: 'X-Request-Id', value: 'two' }] });
    const watches = [observer.watch(first), observer.watch(second)];
    observer.report(observed(second));
    observer.report(observed(first));
    const [a, b] = await Promise.all(watches.map((watch) => watch.settle()));
    expect(a?.observed && a.headers[0]).toEqual({ name: 'X-Request-Id', value: 'one' });
    expect(b?.observed && b.headers[0]).toEqual({ name: 'X-Request-Id', value: 'two' });
  });

  it('ignores reports of other requests, and of calls no longer watched', async () => {
    const observer = createWireObserver({ graceMs: 10, browser: 'chrome' });
    const cancelled = observer.watch(call({ url: 'http://127.0.0.1:8787/v1/orders' }));
    cancelled.cancel();
    const watch = observer.watch(call());
    observer.report(observed(call({ method: 'POST' })));
    observer.report(observed(call({ url: 'http://127.0.0.1:8787/v1/orders' })));
    expect(await watch.settle()).toBe(NOT_SENT);
  });

  it('keeps a bounded number of watches: a caller that never settles cannot grow it', async () => {
    const observer = createWireObserver({ graceMs: 10, maxWaiting: 2, browser: 'chrome' });
    const oldest = observer.watch(call({ url: `${URL_A}?n=1` }));
    observer.watch(call({ url: `${URL_A}?n=2` }));
    observer.watch(call({ url: `${URL_A}?n=3` }));
    observer.report(observed(call({ url: `${URL_A}?n=1` })));
    expect(await oldest.settle()).toBe(NOT_SENT);
  });
});

describe('pickWaitingCall', () => {
  it('matches method and URL (a marked URL as fetch got it), then the most headers in common', () => {
    const marked = `${URL_A}#partner-api-devtools-keeps-accept-language`;
    const waiting = [
      call({ method: 'POST' }),
      call({ url: marked, headers: [{ name: 'Accept-Language', value: 'de' }] }),
      call({ url: marked, headers: [{ name: 'Accept-Language', value: 'fr' }] }),
    ];
    const report = observed(
      call({ url: marked, headers: [{ name: 'accept-language', value: 'fr' }] }),
    );
    expect(pickWaitingCall(waiting, report)).toBe(2);
    expect(pickWaitingCall(waiting, observed(call({ method: 'DELETE' })))).toBe(-1);
  });
});
