/**
 * The capture's commands against the fake worker (the real router and schemas) and a network log
 * the test holds: the masking round trip (a call's credentials masked as it is read, every secret
 * the worker holds masked by `capture/mask`, its body too, then the call opened in the composer
 * with nothing of either in the store), a batch the worker could not mask not listed, the page's
 * tokens checked by fingerprint, Clear (a cleared call stays cleared), the limit of kept calls,
 * and a token request refused by the composer with the reason shown.
 */
import { describe, expect, it, vi } from 'vitest';
import { MAX_CAPTURED_CALLS } from '../../capture/capture-list';
import { fingerprintToken } from '../../capture/token-fingerprint';
import { createRedactor } from '../../redaction/known-secret-redaction';
import { maskSecret } from '../../redaction/mask';
import { PROFILES, SHOP_PROFILE } from '../../testing/fixtures/capture/capture-samples';
import {
  API,
  bearerOrderCall,
  CANARIES,
  chromeEntry,
  pageTokenRequest,
} from '../../testing/fixtures/har/har-samples';
import { settle, workspaceHarness } from '../../testing/workspace-harness';
import { fail } from '../../vocabulary/errors';
import { requestOf } from '../request-slice';
import {
  type CaptureSource,
  captureRows,
  createCaptureCommands,
  type FinishedRequest,
} from './capture-commands';

/** Saved secrets that look like nothing: only the worker, which holds them, can mask them. */
const HELD_KEY = 'plain-words-saved-key-4711';
const HELD_SECRET = 'another plain phrase 0815';
const held = createRedactor({ secrets: [HELD_KEY, HELD_SECRET], pairs: [] });

/** A network log the test fills, and requests that finish when the test says. */
function networkLog(entries: unknown[] = [], body: (entry: unknown) => string | null = () => null) {
  const log: FinishedRequest[] = [];
  const listeners: ((request: FinishedRequest) => void)[] = [];
  const request = (entry: unknown): FinishedRequest => ({
    entry,
    readBody: async () => ({ content: body(entry), encoding: null }),
  });
  const add = (entry: unknown) => log.push(request(entry));
  for (const entry of entries) add(entry);
  const source: CaptureSource = {
    onFinished: (listener) => void listeners.push(listener),
    readLog: async () => [...log],
  };
  return {
    source,
    add,
    finish(entry: unknown) {
      add(entry);
      for (const listener of listeners) listener(request(entry));
    },
  };
}

/** The page's call: the held secrets in a header, the query, the body and the answer. */
const pageCall = (at = '2025-10-14T09:12:05.000Z') =>
  chromeEntry({
    method: 'POST',
    url: `${API}/v1/orders?note=${encodeURIComponent(HELD_SECRET)}`,
    headers: [
      { name: 'authorization', value: `Bearer ${CANARIES.accessToken}` },
      { name: 'x-debug', value: `sent ${HELD_KEY}` },
      { name: 'content-type', value: 'application/json' },
    ],
    body: { mimeType: 'application/json', text: JSON.stringify({ key: HELD_KEY }) },
    startedDateTime: at,
    responseText: '{}',
  });

function setUp(log: ReturnType<typeof networkLog>, limit?: number) {
  const harness = workspaceHarness({
    'capture/mask': ({ texts }) => ({
      ok: true,
      value: { texts: texts.map(held.text), forms: [...new Set(texts.flatMap(held.masksIn))] },
    }),
    'capture/check-tokens': () => ({ ok: true, value: { tokens: [] } }),
  });
  const capture = createCaptureCommands(harness.deps, log.source, limit);
  capture.setProfiles(PROFILES);
  return { ...harness, capture };
}

/** Lets the reads, the maskings and the bodies that are ready run. */
async function settleAll() {
  for (let turn = 0; turn < 20; turn += 1) await settle();
}

/**
 * Waits for `assertion` to hold: a captured call's token fingerprint is a real SHA-256 digest
 * (crypto.subtle, answered from a thread pool), which a loaded machine may finish after any fixed
 * count of turns.
 */
const eventually = (assertion: () => void) =>
  vi.waitFor(assertion, { timeout: 10_000, interval: 5 });

const secretsIn = (text: string) =>
  [HELD_KEY, HELD_SECRET, encodeURIComponent(HELD_SECRET), CANARIES.accessToken].filter((secret) =>
    text.includes(secret),
  );

describe('capture commands', () => {
  it('lists a call with every credential and held secret masked, its body too, and opens it in the composer without one', async () => {
    const log = networkLog([pageCall()], () => JSON.stringify({ echo: HELD_SECRET }));
    const { store, worker, capture, commands } = setUp(log);
    await capture.start();
    await settleAll();
    await eventually(() => expect(store.get().capture.list.calls).toHaveLength(1));
    const { list, reading } = store.get().capture;
    expect(list.calls).toHaveLength(1);
    expect(reading).toEqual([]);
    // The worker was asked to mask the call, then its body once read.
    expect(worker.payloads('capture/mask')).toHaveLength(2);
    const [call] = list.calls;
    if (call === undefined) throw new Error('no call');
    expect(call.responseBody.text).toContain(maskSecret(HELD_SECRET));
    expect(call.requestHeaders.find((row) => row.name === 'x-debug')?.value).toBe(
      `sent ${maskSecret(HELD_KEY)}`,
    );
    expect(secretsIn(JSON.stringify(store.get()))).toEqual([]);

    const [row] = captureRows(list.calls, PROFILES);
    if (row === undefined) throw new Error('no row');
    const draft = capture.toComposer(row);
    if (draft === null) throw new Error(String(store.get().capture.notice));
    commands.putDraft(SHOP_PROFILE.id, draft.request, null, {
      from: 'Captured call',
      lines: draft.notes,
    });
    const { draft: composed, notes } = requestOf(store.get(), SHOP_PROFILE.id);
    expect(composed.method).toBe('POST');
    expect(composed.path).toMatch(/^orders/);
    expect(notes?.lines.join(' ')).toMatch(/authorization/i);
    expect(secretsIn(JSON.stringify(store.get()))).toEqual([]);
    expect(store.get().capture.notice).toBeNull();
  });

  it('does not list a batch the worker could not mask, and says why', async () => {
    const log = networkLog([bearerOrderCall()]);
    const { store, worker, capture } = setUp(log);
    worker.handle('capture/mask', () =>
      fail('vault_locked', 'The secrets are locked.', 'Unlock them, then capture again.'),
    );
    await capture.start();
    await settleAll();
    await eventually(() => expect(store.get().capture.unreadable).toBe(1));
    const { list, unreadable, lastUnreadable } = store.get().capture;
    expect(list.calls).toEqual([]);
    expect(unreadable).toBe(1);
    expect(lastUnreadable).toBe(
      'not checked for your saved secrets: The secrets are locked. Unlock them, then capture again.',
    );
  });

  it('asks which of the page’s tokens the worker obtained, by fingerprint only, and shows a refusal', async () => {
    const log = networkLog([bearerOrderCall()]);
    const { store, worker, clock, capture } = setUp(log);
    const fingerprint = await fingerprintToken(CANARIES.accessToken);
    const known = { fingerprint, profileId: 'p-shop', profileName: 'Shop', expiresAtMs: 5 };
    worker.handle('capture/check-tokens', () => ({ ok: true, value: { tokens: [known] } }));
    await capture.start();
    await settleAll();
    expect(worker.payloads('capture/check-tokens')).toEqual([]);
    clock.advance(300);
    await settleAll();
    await eventually(() =>
      expect(worker.payloads('capture/check-tokens')).toEqual([{ fingerprints: [fingerprint] }]),
    );
    expect(store.get().capture.known).toEqual([known]);

    const refused = fail('vault_locked', 'The secrets are locked.', 'Unlock them.');
    worker.handle('capture/check-tokens', () => refused);
    log.finish({ ...bearerOrderCall(), startedDateTime: '2025-10-14T09:13:00.000Z' });
    await settleAll();
    clock.advance(300);
    await settleAll();
    await eventually(() => expect(store.get().capture.tokenCheckError).toEqual(refused.error));
    // The tokens known before stay known.
    expect(store.get().capture.known).toEqual([known]);
  });

  it('clears the list and what was said of it; a cleared call stays cleared, a new one is listed', async () => {
    const log = networkLog([pageCall()]);
    const { store, clock, capture } = setUp(log);
    await capture.start();
    await settleAll();
    capture.exported('captured-calls.har');
    await eventually(() => expect(store.get().capture.list.calls).toHaveLength(1));
    capture.clear();
    expect(store.get().capture.list.calls).toEqual([]);
    expect(store.get().capture.exported).toBeNull();
    // The log is read again every 700 ms: the cleared call is still in it, and stays cleared.
    clock.advance(700);
    await settleAll();
    expect(store.get().capture.list.calls).toEqual([]);
    log.add(pageCall('2025-10-14T09:20:00.000Z'));
    clock.advance(700);
    await settleAll();
    await eventually(() => expect(store.get().capture.list.calls).toHaveLength(1));
  });

  it('keeps the last calls up to its limit and counts the ones dropped', async () => {
    // The panel keeps MAX_CAPTURED_CALLS (1 000); the same code with 3, to stay fast.
    expect(MAX_CAPTURED_CALLS).toBe(1_000);
    const entries = Array.from({ length: 5 }, (_, index) =>
      chromeEntry({
        url: `${API}/v1/orders/${index}`,
        startedDateTime: new Date(Date.UTC(2025, 9, 14, 9, 0, 0, index)).toISOString(),
      }),
    );
    const { store, capture } = setUp(networkLog(entries), 3);
    await capture.start();
    await settleAll();
    await eventually(() => expect(store.get().capture.list.dropped).toBe(2));
    const { calls, dropped } = store.get().capture.list;
    expect(calls.map((call) => call.pathname)).toEqual([
      '/v1/orders/2',
      '/v1/orders/3',
      '/v1/orders/4',
    ]);
    expect(dropped).toBe(2);
  });

  it('refuses a token request for the composer and says why, until a call opens', async () => {
    const { store, capture } = setUp(networkLog([pageTokenRequest(), bearerOrderCall()]));
    await capture.start();
    await settleAll();
    const rows = captureRows(store.get().capture.list.calls, PROFILES);
    const token = rows.find((row) => row.match.kind === 'token');
    const order = rows.find((row) => row.match.kind === 'api');
    if (token === undefined || order === undefined) throw new Error('missing rows');
    expect(capture.toComposer(token)).toBeNull();
    expect(store.get().capture.notice).toMatch(/A token request cannot be opened in the composer/);
    expect(capture.toComposer(order)).not.toBeNull();
    expect(store.get().capture.notice).toBeNull();
  });
});
