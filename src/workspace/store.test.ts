/** The workspace store: one reducer behind get / dispatch / subscribe, quiet when nothing changed. */
import { describe, expect, it } from 'vitest';
import { createWorkspaceStore } from './store';

describe('the workspace store', () => {
  it('tells each subscriber of a change, and nobody of an action that changes nothing', () => {
    const store = createWorkspaceStore();
    const heard: string[] = [];
    const stop = store.subscribe(() => heard.push(store.get().lock ?? 'none'));
    store.dispatch({ type: 'event', event: { kind: 'lock', state: 'locked' } });
    store.dispatch({ type: 'lock-known', state: 'locked' });
    expect(heard).toEqual(['locked']);
    stop();
    store.dispatch({ type: 'lock-known', state: 'unlocked' });
    expect(heard).toEqual(['locked']);
    expect(store.get().lock).toBe('unlocked');
  });

  it('lets a subscriber unsubscribe another while it is told, without skipping anyone this time', () => {
    const store = createWorkspaceStore();
    const heard: number[] = [];
    let stopSecond: () => unknown = () => undefined;
    store.subscribe(() => {
      heard.push(1);
      stopSecond();
    });
    stopSecond = store.subscribe(() => heard.push(2));
    store.dispatch({ type: 'event', event: { kind: 'history', profileId: 'p' } });
    store.dispatch({ type: 'event', event: { kind: 'history', profileId: 'p' } });
    expect(heard).toEqual([1, 2, 1]);
    expect(store.get().history).toEqual({ p: 2 });
  });
});
