import { describe, expect, it } from 'vitest';
import type { TokenEvent, WorkerEvent } from '../../../src/protocol/events';
import type { TokenFailureView, TokenSuccessView } from '../../../src/service/token/token-grant';
import { EMPTY_STATE, MAX_TIMELINES, MAX_TOKEN_LOG, type PanelState, reduce } from './panel-state';

const success = (tail: string, receivedAtMs: number) =>
  ({ outcome: 'token', receivedAtMs, token: { accessTokenMasked: tail } }) as TokenSuccessView;
const failure = { outcome: 'failure' } as TokenFailureView;

const event = (state: PanelState, worker: WorkerEvent) =>
  reduce(state, { type: 'event', event: worker });
type GrantEvent = Extract<TokenEvent, { change: 'issued' | 'renewed' | 'refused' }>;
const issued = (profileId: string, tail: string, atMs: number): GrantEvent => ({
  kind: 'token',
  profileId,
  change: 'issued',
  why: 'asked',
  atMs,
  view: success(tail, atMs),
  held: null,
});

describe('the panel store', () => {
  it('shows a renewed token at once and logs why', () => {
    let state = event(EMPTY_STATE, issued('p', '••••GDof', 1));
    state = event(state, { ...issued('p', '••••V5tp', 2), change: 'renewed', why: 'expiring' });
    const tokens = state.tokens.p;
    expect(tokens?.shown).toEqual({
      view: success('••••V5tp', 2),
      fromCache: false,
      refreshFailure: null,
    });
    expect(tokens?.log.map((entry) => [entry.change, entry.why, entry.tail])).toEqual([
      ['renewed', 'expiring', '••••V5tp'],
      ['issued', 'asked', '••••GDof'],
    ]);
    expect(tokens?.version).toBe(2);
  });

  it('replaces a failure with the token that a later call got (the failure does not outlive its fix)', () => {
    let state = event(EMPTY_STATE, {
      kind: 'token',
      profileId: 'p',
      change: 'refused',
      why: 'asked',
      atMs: 1,
      view: failure,
      held: null,
    });
    expect(state.tokens.p?.shown).toEqual({
      view: failure,
      fromCache: false,
      refreshFailure: null,
    });
    state = event(state, { ...issued('p', '••••good', 2), why: 'none-cached' });
    expect(state.tokens.p?.shown).toMatchObject({ view: { outcome: 'token' } });
  });

  it('after a failed Get token, shows the cached token the next call carries, with the failure beside it', () => {
    const cached = success('••••Kr6v', 1);
    let state = event(EMPTY_STATE, issued('p', '••••Kr6v', 1));
    const refused: WorkerEvent = {
      kind: 'token',
      profileId: 'p',
      change: 'refused',
      why: 'asked',
      atMs: 2,
      view: failure,
      held: cached,
    };
    state = event(state, refused);
    expect(state.tokens.p?.shown).toEqual({
      view: cached,
      fromCache: true,
      refreshFailure: failure,
    });
    expect(state.tokens.p?.log[0]).toMatchObject({ change: 'refused', why: 'asked' });
    // The reply to the same Get token says the same; it does not turn the toolbar to the failure.
    state = reduce(state, {
      type: 'token-shown',
      profileId: 'p',
      shown: { view: cached, fromCache: true, refreshFailure: failure },
    });
    expect(state.tokens.p?.shown).toMatchObject({
      view: { outcome: 'token' },
      refreshFailure: failure,
    });
    // A token got later (a call's renewal, or Get token again) drops the failure.
    state = event(state, { ...issued('p', '••••new1', 3), change: 'renewed', why: 'expiring' });
    expect(state.tokens.p?.shown).toEqual({
      view: success('••••new1', 3),
      fromCache: false,
      refreshFailure: null,
    });
  });

  it('forgets a profile’s token on an edit, and every token on lock, each with a log line', () => {
    let state = event(EMPTY_STATE, issued('a', '••••aaaa', 1));
    state = event(state, issued('b', '••••bbbb', 1));
    state = event(state, {
      kind: 'token',
      profileId: 'a',
      change: 'forgotten',
      why: 'profile-edit',
      atMs: 2,
      view: null,
    });
    expect(state.tokens.a?.shown).toBeNull();
    expect(state.tokens.b?.shown).not.toBeNull();
    state = event(state, { kind: 'tokens-forgotten', why: 'lock', atMs: 3 });
    expect(state.tokens.b?.shown).toBeNull();
    expect(state.tokens.b?.log[0]).toMatchObject({ change: 'forgotten', why: 'lock' });
  });

  it('never lets a late reply put an older token back over a newer one', () => {
    let state = event(EMPTY_STATE, issued('p', '••••new0', 20));
    const before = state;
    state = reduce(state, {
      type: 'token-shown',
      profileId: 'p',
      shown: { view: success('••••old0', 10), fromCache: true, refreshFailure: null },
    });
    expect(state).toBe(before);
    state = reduce(state, {
      type: 'token-shown',
      profileId: 'p',
      shown: { view: success('••••new1', 30), fromCache: false, refreshFailure: null },
    });
    expect(state.tokens.p?.shown).toMatchObject({
      view: { token: { accessTokenMasked: '••••new1' } },
    });
  });

  it('keeps the lock state, counts history changes per profile, and bounds its lists', () => {
    let state = event(EMPTY_STATE, { kind: 'lock', state: 'locked' });
    expect(state.lock).toBe('locked');
    expect(reduce(state, { type: 'lock-known', state: 'locked' })).toBe(state);
    state = event(state, { kind: 'history', profileId: 'p' });
    state = event(state, { kind: 'history', profileId: 'p' });
    expect(state.history).toEqual({ p: 2 });
    for (let index = 0; index < MAX_TOKEN_LOG + 5; index += 1) {
      state = event(state, issued('p', '••••xxxx', index));
    }
    expect(state.tokens.p?.log).toHaveLength(MAX_TOKEN_LOG);
    for (let index = 0; index < MAX_TIMELINES + 5; index += 1) {
      state = event(state, { kind: 'timeline', profileId: 'p', requestId: `r${index}`, steps: [] });
    }
    expect(Object.keys(state.timelines)).toHaveLength(MAX_TIMELINES);
    expect(state.timelines[`r${MAX_TIMELINES + 4}`]).toEqual([]);
    expect(state.timelines.r0).toBeUndefined();
  });

  it('holds each profile’s carried values as the worker tells them; an older reply never replaces them', () => {
    const orderId = [{ name: 'orderId', value: 'ord_1' }];
    let state = reduce(EMPTY_STATE, { type: 'carried-known', profileId: 'p', values: [] });
    expect(state.carried).toEqual({ p: [] });
    state = event(state, { kind: 'carried', profileId: 'p', values: orderId });
    expect(state.carried.p).toEqual(orderId);
    // A reply asked for before that event arrives after it: the event is the newer truth.
    expect(reduce(state, { type: 'carried-known', profileId: 'p', values: [] })).toBe(state);
    state = reduce(state, { type: 'carried-known', profileId: 'q', values: orderId });
    state = event(state, { kind: 'carried', profileId: 'p', values: [] });
    expect(state.carried).toEqual({ p: [], q: orderId });
  });
});
