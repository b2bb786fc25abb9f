/** The tokens slice: the token the next call carries is the one shown; late replies lose. */
import { describe, expect, it } from 'vitest';
import type { WorkerEvent } from '../../protocol/events';
import type { TokenFailureView } from '../../service/token/token-grant';
import { event, issued, success } from '../../testing/worker-events';
import { reduce } from '../apply-event';
import { EMPTY_WORKSPACE } from '../workspace-state';

const failure = { outcome: 'failure' } as TokenFailureView;

describe('the tokens slice', () => {
  it('shows a renewed token at once and logs why', () => {
    let state = event(EMPTY_WORKSPACE, issued('p', '••••GDof', 1));
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
    let state = event(EMPTY_WORKSPACE, {
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
    let state = event(EMPTY_WORKSPACE, issued('p', '••••Kr6v', 1));
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
    let state = event(EMPTY_WORKSPACE, issued('a', '••••aaaa', 1));
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
    let state = event(EMPTY_WORKSPACE, issued('p', '••••new0', 20));
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
});
