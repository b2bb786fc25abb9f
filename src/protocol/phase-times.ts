/**
 * Where the worker's time goes, by phase: a facility for `npm run bench:phases`, compiled out of
 * every other build (see extension/background/phase-times.ts). Invariant: it records phase names
 * from the fixed list below and durations, nothing of a call's data, so it can hold no secret.
 */
const PHASES = [
  /** Worker start to its listeners registered: fetching, compiling and running its script. */
  'start',
  /** Worker start to its script beginning to run: starting the worker, fetching and compiling. */
  'script',
  /** The sender and schema checks of one message. */
  'check',
  /** A message's handler, from its checked payload to its answer. */
  'handler',
  /** One `storage.local` read. */
  'storage',
  /** One `storage.local` write. */
  'storage-write',
  /** One `storage.session` read. */
  'session',
  /** One `storage.session` write or removal. */
  'session-write',
  /** Importing the lock's key, opening or sealing secret records. */
  'vault',
  /** A call's `fetch` to its answer read. */
  'fetch',
  /** A history entry made, or a batch of them written. */
  'history',
  /** An imported file's text unpacked (src/protocol/packed-text.ts). */
  'import-unpack',
  /** A file's text read into a collection (parse, shape and secret checks, conversion). */
  'import-read',
  /** An imported collection merged with the stored ones and written. */
  'import-store',
] as const;
export type Phase = (typeof PHASES)[number];
export type PhaseTotals = Partial<Record<Phase, { count: number; totalMs: number }>>;

export interface PhaseTimes {
  add(phase: Phase, ms: number): void;
  /** Runs `task`, adding its time (to settling, failed or not) to `phase`. */
  time<T>(phase: Phase, task: () => Promise<T>): Promise<T>;
  totals(): PhaseTotals;
  reset(): void;
}

export function createPhaseTimes(now: () => number): PhaseTimes {
  let totals: PhaseTotals = {};
  const add = (phase: Phase, ms: number) => {
    const total = totals[phase] ?? { count: 0, totalMs: 0 };
    totals[phase] = { count: total.count + 1, totalMs: total.totalMs + ms };
  };
  return {
    add,
    async time(phase, task) {
      const start = now();
      try {
        return await task();
      } finally {
        add(phase, now() - start);
      }
    },
    totals: () => structuredClone(totals),
    reset() {
      totals = {};
    },
  };
}

/** What every build but the bench's uses: runs the task, records nothing. */
export const NO_PHASE_TIMES: PhaseTimes = {
  add() {},
  time: (_phase, task) => task(),
  totals: () => ({}),
  reset() {},
};
