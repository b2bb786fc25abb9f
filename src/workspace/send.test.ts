/**
 * Send: the draft goes to the worker under a new id, through the real `request/send` schema, with
 * only the answer variables that can be used; the answer is shown with the saved request's name,
 * and a Send while one is in flight does nothing.
 */
import { describe, expect, it } from 'vitest';
import type { SavedRequest } from '../collections/model';
import type { Reply } from '../protocol/messages';
import { deferred } from '../testing/fake-worker';
import { sentExchange, settle, workspaceHarness } from '../testing/workspace-harness';
import { requestOf } from './request-slice';

const context = {
  profile: { baseUrl: 'https://api.example.test', companyId: 'co1', variables: [] },
  shared: [{ name: 'region', value: 'eu' }],
};

const saved: SavedRequest = {
  kind: 'request',
  id: 'r1',
  name: 'List orders',
  method: 'GET',
  path: 'orders',
  query: [],
  headers: [],
  body: '',
  answerVariables: [
    { name: 'orderId', expression: 'res.body.id', enabled: true },
    { name: '', expression: 'res.body.x', enabled: true },
  ],
};

describe('send', () => {
  it('sends the draft with the shared variables and the usable answer variables, and shows the answer', async () => {
    const { worker, store, commands } = workspaceHarness({
      'request/send': () => ({ ok: true, value: sentExchange(200, { id: 'ord_1' }) }),
      'workspace/save-draft': () => ({ ok: true, value: { saved: true } }),
    });
    commands.openSaved('p', 'c1', saved);
    await commands.send('p', context);
    const [payload] = worker.payloads('request/send');
    expect(payload).toMatchObject({
      profileId: 'p',
      method: 'GET',
      path: 'orders',
      variables: [{ name: 'region', value: 'eu' }],
      answerVariables: [{ name: 'orderId', expression: 'res.body.id', enabled: true }],
    });
    const { shown, inFlight } = requestOf(store.get(), 'p');
    expect(inFlight).toBeNull();
    expect(shown).toMatchObject({
      from: 'sent',
      name: 'List orders',
      requestId: payload?.requestId,
      outcome: { exchange: { status: 200 } },
    });
  });

  it('shows an error the worker answered as the answer', async () => {
    const { store, commands } = workspaceHarness({
      'request/send': () => ({
        ok: false,
        error: { code: 'timeout', message: 'No answer in 30 s.', hint: 'Try again.' },
      }),
    });
    await commands.send('p', context);
    expect(requestOf(store.get(), 'p').shown?.outcome).toEqual({
      error: { code: 'timeout', message: 'No answer in 30 s.', hint: 'Try again.' },
    });
  });

  it('once its code is loaded, sends before the page gets a turn (a waking worker starts sooner)', async () => {
    const { worker, commands } = workspaceHarness({
      'request/send': () => ({ ok: true, value: sentExchange(200, {}) }),
    });
    await commands.send('p', context);
    const again = commands.send('p', context);
    // No await yet: the message has left with the call itself.
    expect(worker.payloads('request/send')).toHaveLength(2);
    await again;
  });

  it('does nothing while a call is in flight', async () => {
    const held = deferred<Reply<'request/send'>>();
    const { worker, store, commands } = workspaceHarness({ 'request/send': () => held.promise });
    const first = commands.send('p', context);
    await settle();
    expect(requestOf(store.get(), 'p').inFlight).not.toBeNull();
    await commands.send('p', context);
    expect(worker.payloads('request/send')).toHaveLength(1);
    held.resolve({ ok: true, value: sentExchange(200, {}) });
    await first;
    expect(requestOf(store.get(), 'p').inFlight).toBeNull();
  });

  it('refuses a call beyond what a message may carry before it leaves, and says why', async () => {
    const { worker, store, commands } = workspaceHarness();
    commands.setDraft('p', {
      method: 'POST',
      path: 'orders',
      query: [],
      headers: [],
      body: 'x'.repeat(40 * 1024 * 1024),
    });
    await commands.send('p', context);
    expect(worker.payloads('request/send')).toEqual([]);
    expect(requestOf(store.get(), 'p').shown?.outcome).toMatchObject({
      error: { code: 'bad_message' },
    });
  });
});
