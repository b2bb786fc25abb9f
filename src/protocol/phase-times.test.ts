import { describe, expect, it } from 'vitest';
import { createPhaseTimes, NO_PHASE_TIMES } from './phase-times';

/** A clock that moves only when told to. */
function manualClock() {
  let at = 0;
  return { now: () => at, advance: (ms: number) => (at += ms) };
}

describe('phase times', () => {
  it('adds up each phase: how often and how long', async () => {
    const clock = manualClock();
    const times = createPhaseTimes(clock.now);
    await times.time('fetch', async () => clock.advance(5));
    await times.time('fetch', async () => clock.advance(7));
    times.add('start', 30);
    expect(times.totals()).toEqual({
      fetch: { count: 2, totalMs: 12 },
      start: { count: 1, totalMs: 30 },
    });
  });

  it('counts a task that fails, and lets its failure through', async () => {
    const clock = manualClock();
    const times = createPhaseTimes(clock.now);
    await expect(
      times.time('storage', async () => {
        clock.advance(3);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(times.totals()).toEqual({ storage: { count: 1, totalMs: 3 } });
  });

  it('starts afresh on reset, and hands out copies', async () => {
    const times = createPhaseTimes(() => 0);
    times.add('vault', 1);
    const seen = times.totals();
    times.reset();
    expect(seen).toEqual({ vault: { count: 1, totalMs: 1 } });
    expect(times.totals()).toEqual({});
  });

  it('records nothing where it is switched off, and still runs the task', async () => {
    expect(await NO_PHASE_TIMES.time('fetch', async () => 42)).toBe(42);
    NO_PHASE_TIMES.add('start', 10);
    expect(NO_PHASE_TIMES.totals()).toEqual({});
  });
});
