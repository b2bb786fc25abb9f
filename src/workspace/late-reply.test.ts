/**
 * Late replies: an answer counts only while its call is the one in flight for the profile. A
 * workspace reopened while a call ran starts over, and the old call's answer (and its checks) is
 * not shown over what the reopened workspace shows.
 */
import { describe, expect, it } from 'vitest';
import type { Reply } from '../protocol/messages';
import { deferred } from '../testing/fake-worker';
import { sentExchange, settle, workspaceHarness } from '../testing/workspace-harness';
import { EMPTY_DRAFT, requestOf } from './request-slice';

const context = {
  profile: { baseUrl: 'https://api.example.test', companyId: 'co1', variables: [] },
  shared: [],
};

describe('late replies', () => {
  it('drops the answer of a call sent before the workspace was reopened', async () => {
    const held = deferred<Reply<'request/send'>>();
    const { store, commands } = workspaceHarness({ 'request/send': () => held.promise });
    const sent = commands.send('p', context);
    await settle();
    const kept = {
      at: 5,
      call: { ...EMPTY_DRAFT, path: 'kept' },
      outcome: { exchange: sentExchange(201, {}) },
      bodyCut: false,
      from: 'kept' as const,
    };
    store.dispatch({
      type: 'request/start',
      profileId: 'p',
      draft: null,
      checks: null,
      answer: kept,
    });
    held.resolve({ ok: true, value: sentExchange(500, {}) });
    await sent;
    expect(requestOf(store.get(), 'p').shown).toBe(kept);
    expect(requestOf(store.get(), 'p').shownChecks).toBeNull();
  });

  it('keeps each profile’s call to itself', async () => {
    const held = deferred<Reply<'request/send'>>();
    const { store, commands } = workspaceHarness({ 'request/send': () => held.promise });
    const sent = commands.send('a', context);
    await settle();
    expect(requestOf(store.get(), 'b').inFlight).toBeNull();
    held.resolve({ ok: true, value: sentExchange(200, {}) });
    await sent;
    expect(requestOf(store.get(), 'a').shown).not.toBeNull();
    expect(requestOf(store.get(), 'b').shown).toBeNull();
  });
});
