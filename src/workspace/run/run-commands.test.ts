/**
 * The Run view's commands against the fake worker (the real router and schemas), and what the
 * view shows from the store: the requests go in the tree's order with the active profile, the
 * results catch up once a tick, Cancel stops the call in flight and sends nothing after it, an
 * answer that comes in after Cancel is shown as its step and the run still stops, Run failed
 * again sends only the failures with what the run carried, Close drops an ended run but not one
 * still going, and a run that cannot start says why.
 */
import { describe, expect, it } from 'vitest';
import type { Collection } from '../../collections/model';
import type { Reply } from '../../protocol/messages';
import type { ProfileView } from '../../service/profile/profile-input';
import { deferred } from '../../testing/fake-worker';
import { getRequest } from '../../testing/fixtures/collections/collection-samples';
import { sentExchange, workspaceHarness } from '../../testing/workspace-harness';
import { fail } from '../../vocabulary/errors';
import { createRunCommands, PROGRESS_TICK_MS, type RunTarget, runShown } from './run-commands';
import { runReported, runStarted } from './run-state';
import { runSummary } from './run-summary';

const drafts = {
  kind: 'folder' as const,
  id: 'f1',
  name: 'Drafts',
  items: [getRequest('r2', 'drafts')],
};

const collection: Collection = {
  id: 'c1',
  name: 'Shop',
  auth: { method: 'apiKey', formEncodeCredentials: false },
  variables: [],
  items: [getRequest('r1', 'orders'), drafts, getRequest('r3', 'customers', true)],
};

const profile: ProfileView = {
  id: 'p1',
  name: 'Prod',
  authUrl: 'https://auth.example.test',
  baseUrl: 'https://api.example.test',
  companyId: 'c-1',
  authMethod: 'apiKey',
  clientId: '',
  formEncodeCredentials: false,
  variables: [],
  secrets: { apiKey: '••••3f9a', clientSecret: null },
};

const whole: RunTarget = { collection, folder: null };

/** Lets the run go as far as it can without the clock moving. */
const settled = async () => {
  for (let turn = 0; turn < 20; turn += 1) await new Promise((go) => setTimeout(go, 0));
};

function setUp() {
  const harness = workspaceHarness({
    'variables/carried': () => ({ ok: true, value: { values: [] } }),
    'variables/clear': () => ({ ok: true, value: { values: [] } }),
    'request/send': ({ path }) => ({
      ok: true,
      value: sentExchange(path === 'customers' ? 404 : 200, {}),
    }),
  });
  harness.store.dispatch({ type: 'profiles', set: { list: [profile], activeId: 'p1' } });
  const runs = createRunCommands(harness.deps);
  const shown = (target = whole) => runShown(harness.store.get().runs, target);
  return { ...harness, runs, shown, line: (target = whole) => runSummary(shown(target), 0) };
}

describe('Start run', () => {
  it('sends the requests in the tree’s order with the active profile; the results catch up once a tick', async () => {
    const { worker, runs, shown, line, clock } = setUp();
    const held = deferred<Reply<'request/send'>>();
    worker.handle('request/send', ({ path }) =>
      path === 'customers' ? held.promise : { ok: true, value: sentExchange(200, {}) },
    );
    const ended = runs.start(whole, { stopOnFailure: false, fresh: true });
    await settled();
    expect(worker.payloads('variables/clear')).toEqual([{ profileId: 'p1' }]);
    expect(line()).toBe('Running: 0 of 3 requests done…');
    clock.advance(PROGRESS_TICK_MS);
    expect(line()).toBe('Running: 2 of 3 requests done…');
    held.resolve({ ok: true, value: sentExchange(404, {}) });
    await ended;
    const sent = worker.payloads('request/send');
    expect(sent.map((payload) => payload.path)).toEqual(['orders', 'drafts', 'customers']);
    expect(sent.every((payload) => payload.profileId === 'p1')).toBe(true);
    expect(shown().running).toBe(false);
    expect(line()).toBe('Run finished: 2 of 3 requests passed.');
    expect(clock.waiting()).toBe(0);
  });

  it('runs a folder on its own, and one run at a time of the same folder', async () => {
    const { worker, runs, shown, line } = setUp();
    const folder: RunTarget = { collection, folder: drafts };
    const first = runs.start(folder, { stopOnFailure: false, fresh: false });
    const second = runs.start(folder, { stopOnFailure: false, fresh: false });
    await Promise.all([first, second]);
    expect(worker.payloads('request/send').map((payload) => payload.path)).toEqual(['drafts']);
    expect(runSummary(shown(folder), 0)).toBe('Run finished: 1 of 1 requests passed.');
    // The collection's own Run view shows nothing of its folder's run.
    expect(line()).toBe('');
  });

  it('says why it cannot start, and sends nothing', async () => {
    const { worker, runs, shown } = setUp();
    worker.handle('variables/clear', () =>
      fail('storage_failed', 'The values could not be cleared.', 'Try again.'),
    );
    await runs.start(whole, { stopOnFailure: false, fresh: true });
    expect(shown()).toMatchObject({
      running: false,
      error: 'The values could not be cleared. Try again.',
      results: [],
    });
    expect(worker.payloads('request/send')).toEqual([]);
  });
});

describe('Cancel run', () => {
  it('cancels the call in flight by its id and sends nothing after it', async () => {
    const { worker, runs, line } = setUp();
    const held = deferred<Reply<'request/send'>>();
    worker.handle('request/send', ({ path }) =>
      path === 'drafts' ? held.promise : { ok: true, value: sentExchange(200, {}) },
    );
    worker.handle('request/cancel', () => {
      held.resolve(fail('cancelled', 'The call was cancelled.', 'Send it again.'));
      return { ok: true, value: { cancelled: true } };
    });
    const ended = runs.start(whole, { stopOnFailure: false, fresh: false });
    await settled();
    await runs.cancel(whole);
    await ended;
    const sent = worker.payloads('request/send');
    expect(sent.map((payload) => payload.path)).toEqual(['orders', 'drafts']);
    expect(worker.payloads('request/cancel')).toEqual([{ requestId: sent[1]?.requestId }]);
    expect(line()).toBe('Run cancelled after 2 of 3 requests: 1 of 2 requests passed.');
  });

  it('shows an answer that comes after Cancel as its step, and still stops there', async () => {
    const { worker, runs, shown, line, clock } = setUp();
    const held = deferred<Reply<'request/send'>>();
    worker.handle('request/send', ({ path }) =>
      path === 'drafts' ? held.promise : { ok: true, value: sentExchange(200, {}) },
    );
    // The call had already gone out whole: the worker has nothing left to cancel.
    worker.handle('request/cancel', () => ({ ok: true, value: { cancelled: false } }));
    const ended = runs.start(whole, { stopOnFailure: false, fresh: false });
    await settled();
    await runs.cancel(whole);
    expect(shown().running).toBe(true);
    held.resolve({ ok: true, value: sentExchange(200, {}) });
    await ended;
    clock.advance(PROGRESS_TICK_MS);
    expect(worker.payloads('request/send').map((payload) => payload.path)).toEqual([
      'orders',
      'drafts',
    ]);
    expect(line()).toBe('Run cancelled after 2 of 3 requests: 2 of 2 requests passed.');
  });
});

describe('Run failed again and Close', () => {
  it('sends only the failed requests, keeping what the run carried', async () => {
    const { worker, runs, line } = setUp();
    await runs.start(whole, { stopOnFailure: false, fresh: false });
    expect(line()).toBe('Run finished: 2 of 3 requests passed.');
    await runs.runFailed(whole, false);
    expect(worker.payloads('request/send').map((payload) => payload.path)).toEqual([
      'orders',
      'drafts',
      'customers',
      'customers',
    ]);
    expect(worker.payloads('variables/clear')).toEqual([]);
    expect(line()).toBe('Run finished: 0 of 1 requests passed.');
  });

  it('drops an ended run with its view, but a run still going goes on and shows when opened again', async () => {
    const { worker, store, runs, shown, line } = setUp();
    await runs.start(whole, { stopOnFailure: false, fresh: false });
    store.dispatch({ type: 'collections/view', set: { running: whole } });
    runs.close(whole);
    expect(store.get().collections.view.running).toBeNull();
    expect(shown().results).toEqual([]);
    expect(line()).toBe('');

    const held = deferred<Reply<'request/send'>>();
    worker.handle('request/send', () => held.promise);
    const ended = runs.start(whole, { stopOnFailure: false, fresh: false });
    await settled();
    runs.close(whole);
    expect(line()).toBe('Running: 0 of 3 requests done…');
    // Every call of this run answers 200, the one held first among them.
    held.resolve({ ok: true, value: sentExchange(200, {}) });
    await ended;
    expect(line()).toBe('Run finished: 3 of 3 requests passed.');
  });
});

describe('the runs slice', () => {
  it('drops what an older run reports once a newer one of the same target started', () => {
    const started = runStarted({}, 'c1', { seq: 2, total: 3 });
    expect(runReported(started, 'c1', 1, { running: false, end: 'done' })).toBe(started);
    expect(runReported(started, 'c1', 2, { paceMs: 500 }).c1?.paceMs).toBe(500);
  });
});
