/**
 * Run against the fake worker (the real router and schemas): the requests go in the tree's order
 * with the collection's variables, a fresh run clears the carried values first, Cancel stops the
 * call in flight by its id and sends nothing after it, and a run that cannot clear says why.
 */
import { describe, expect, it } from 'vitest';
import { runSteps } from '../../checks/collection-run';
import type { Collection } from '../../collections/model';
import type { Reply } from '../../protocol/messages';
import { deferred } from '../../testing/fake-worker';
import { getRequest } from '../../testing/fixtures/collections/collection-samples';
import { sentExchange, workspaceHarness } from '../../testing/workspace-harness';
import { fail } from '../../vocabulary/errors';
import { collectionRun } from './collection-runner';

const collection: Collection = {
  id: 'c1',
  name: 'Shop',
  auth: { method: 'apiKey', formEncodeCredentials: false },
  variables: [{ name: 'region', value: 'eu' }],
  items: [
    getRequest('r1', 'orders'),
    { kind: 'folder', id: 'f1', name: 'Drafts', items: [getRequest('r2', 'drafts')] },
    getRequest('r3', 'customers'),
  ],
};

const profile = { id: 'p', baseUrl: 'https://api.example.test', companyId: 'co1', variables: [] };
const quiet = { onStep: () => undefined, onPace: () => undefined };

function setUp() {
  return workspaceHarness({
    'variables/carried': () => ({ ok: true, value: { values: [] } }),
    'variables/clear': () => ({ ok: true, value: { values: [] } }),
    'request/send': () => ({ ok: true, value: sentExchange(200, {}) }),
  });
}

describe('collection run', () => {
  it('sends the requests in the tree’s order, with the collection’s variables', async () => {
    const { worker, deps } = setUp();
    const steps = runSteps(collection.items);
    const outcome = await collectionRun(deps, profile, collection).start({
      steps,
      stopOnFailure: false,
      fresh: false,
      ...quiet,
    });
    const sent = worker.payloads('request/send');
    expect(sent.map((payload) => payload.path)).toEqual(['orders', 'drafts', 'customers']);
    expect(sent.every((payload) => payload.variables?.[0]?.name === 'region')).toBe(true);
    expect(outcome).toMatchObject({ end: 'done' });
    expect(worker.payloads('variables/clear')).toEqual([]);
  });

  it('names one channel for the large bodies of all its calls, not one a call', async () => {
    const { worker, deps } = setUp();
    await collectionRun(deps, profile, collection).start({
      steps: runSteps(collection.items),
      stopOnFailure: false,
      fresh: false,
      ...quiet,
    });
    const sent = worker.payloads('request/send');
    const channels = new Set(sent.map((payload) => payload.bodyChannel));
    expect(channels.size).toBe(1);
    expect([...channels][0]).toMatch(/^[A-Za-z0-9-]+$/);
    // Named apart from the calls themselves.
    expect(sent.map((payload) => payload.requestId)).not.toContain([...channels][0]);
  });

  it('clears the carried values first when fresh, and says why it cannot', async () => {
    const { worker, deps } = setUp();
    worker.handle('variables/clear', () =>
      fail('storage_failed', 'The values could not be cleared.', 'Try again.'),
    );
    const outcome = await collectionRun(deps, profile, collection).start({
      steps: runSteps(collection.items),
      stopOnFailure: false,
      fresh: true,
      ...quiet,
    });
    expect(outcome).toEqual({ error: 'The values could not be cleared. Try again.' });
    expect(worker.payloads('request/send')).toEqual([]);
  });

  it('cancels the call in flight by its id and sends nothing after it', async () => {
    const { worker, deps } = setUp();
    const held = deferred<Reply<'request/send'>>();
    let calls = 0;
    worker.handle('request/send', () => {
      calls += 1;
      return calls === 2 ? held.promise : { ok: true, value: sentExchange(200, {}) };
    });
    worker.handle('request/cancel', () => {
      held.resolve(fail('cancelled', 'The call was cancelled.', 'Send it again.'));
      return { ok: true, value: { cancelled: true } };
    });
    const run = collectionRun(deps, profile, collection);
    const ended = run.start({
      steps: runSteps(collection.items),
      stopOnFailure: false,
      fresh: false,
      ...quiet,
    });
    while (worker.payloads('request/send').length < 2) await new Promise((go) => setTimeout(go, 0));
    await run.cancel();
    const outcome = await ended;
    const sent = worker.payloads('request/send');
    expect(sent.map((payload) => payload.path)).toEqual(['orders', 'drafts']);
    expect(worker.payloads('request/cancel')).toEqual([{ requestId: sent[1]?.requestId }]);
    expect(outcome).toMatchObject({ end: 'cancelled' });
  });
});
