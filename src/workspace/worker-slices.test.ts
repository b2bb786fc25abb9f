/** The slices the worker tells: lock, history versions, timelines, carried values. */
import { describe, expect, it } from 'vitest';
import { event, issued } from '../testing/worker-events';
import { reduce } from './apply-event';
import { MAX_TOKEN_LOG } from './token/token-slice';
import { MAX_TIMELINES } from './worker-slices';
import { EMPTY_WORKSPACE } from './workspace-state';

describe('the slices the worker tells', () => {
  it('counts each time the lock turns on, whoever said so, and not an unlock or a repeat', () => {
    let state = event(EMPTY_WORKSPACE, { kind: 'lock', state: 'unlocked' });
    expect(state.lockPanel.sealings).toBe(0);
    state = event(state, { kind: 'lock', state: 'locked' });
    state = event(state, { kind: 'lock', state: 'locked' });
    state = event(state, { kind: 'lock', state: 'unlocked' });
    expect(state.lockPanel.sealings).toBe(1);
    state = reduce(state, { type: 'lock/done', state: 'locked', notice: 'Locked.' });
    expect(state.lockPanel).toMatchObject({ sealings: 2, changes: 1 });
  });

  it('keeps the lock state, counts history changes per profile, and bounds its lists', () => {
    let state = event(EMPTY_WORKSPACE, { kind: 'lock', state: 'locked' });
    expect(state.lock).toBe('locked');
    expect(reduce(state, { type: 'lock-known', state: 'locked' })).toBe(state);
    expect(state.lockPanel.sealings).toBe(1);
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
    let state = reduce(EMPTY_WORKSPACE, { type: 'carried-known', profileId: 'p', values: [] });
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
