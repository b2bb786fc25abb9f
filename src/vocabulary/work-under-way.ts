/**
 * Work that a later read must wait for (a history entry still being prepared, a draft still being
 * saved): each promise given to `track` is held until it settles, and `settled()` resolves once
 * every one tracked so far has settled, fulfilled or rejected. A failure stays its tracker's to
 * handle; the reader only waits.
 */
export interface WorkUnderWay {
  /** Holds `work` until it settles; returns it. */
  track<T>(work: Promise<T>): Promise<T>;
  settled(): Promise<void>;
}

export function createWorkUnderWay(): WorkUnderWay {
  const underWay = new Set<Promise<unknown>>();
  return {
    track(work) {
      underWay.add(work);
      const done = () => underWay.delete(work);
      work.then(done, done);
      return work;
    },
    async settled() {
      await Promise.allSettled(underWay);
    },
  };
}
