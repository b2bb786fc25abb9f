import { describe, expect, it } from 'vitest';
import { createWorkerWake, WAKE_AFTER_QUIET_MS } from './worker-wake';

function wakeAt(start: number) {
  const clock = { now: start };
  const wakes: number[] = [];
  const wake = createWorkerWake(
    () => wakes.push(clock.now),
    () => clock.now,
  );
  return { clock, wakes, wake };
}

describe('worker wake', () => {
  it('wakes the worker at the first press of a panel that has not spoken with it', () => {
    const { wakes, wake } = wakeAt(1_000);
    wake.intent();
    expect(wakes).toEqual([1_000]);
  });

  it('sends nothing while the panel speaks with the worker, one wake after a pause', () => {
    const { clock, wakes, wake } = wakeAt(0);
    wake.contact();
    clock.now = WAKE_AFTER_QUIET_MS - 1;
    wake.intent();
    expect(wakes).toEqual([]);
    clock.now += WAKE_AFTER_QUIET_MS;
    wake.contact();
    clock.now += WAKE_AFTER_QUIET_MS;
    wake.intent();
    expect(wakes).toEqual([3 * WAKE_AFTER_QUIET_MS - 1]);
  });

  it('wakes at most once in WAKE_AFTER_QUIET_MS of presses and keys', () => {
    const { clock, wakes, wake } = wakeAt(0);
    for (let at = 0; at < 1_500; at += 100) {
      clock.now = at;
      wake.intent();
    }
    expect(wakes).toEqual([0]);
    clock.now = WAKE_AFTER_QUIET_MS;
    wake.intent();
    expect(wakes).toEqual([0, WAKE_AFTER_QUIET_MS]);
  });
});
