/**
 * A Send, Get token or Run that meets a stopped worker waits for Chrome to start it: about 30 ms
 * more than with a running one on a quiet machine (docs/performance.md, The cold worker). A person
 * presses the button before the click it makes, and types before the Enter that sends; so when the
 * user presses or types in the panel after it has been quiet with the worker, the panel sends
 * `worker/wake` at once, and the call that follows meets a worker already starting or started.
 *
 * The panel cannot see the worker stop (Chrome stops it after about 30 s idle, and at other moments:
 * an update, low memory, the user). One it spoke with less than WAKE_AFTER_QUIET_MS ago is taken
 * for awake: clicks and keys among the panel's own messages send nothing more, a press after a
 * pause sends one, and a long stretch of presses with no message at most one every
 * WAKE_AFTER_QUIET_MS.
 */
export const WAKE_AFTER_QUIET_MS = 2_000;

export interface WorkerWake {
  /** A message to or from the worker: it is awake. */
  contact(): void;
  /** The user pressed or typed: wakes the worker unless the panel spoke with it just now. */
  intent(): void;
}

export function createWorkerWake(wake: () => void, now: () => number): WorkerWake {
  let lastContact = Number.NEGATIVE_INFINITY;
  const contact = () => {
    lastContact = now();
  };
  return {
    contact,
    intent() {
      if (now() - lastContact < WAKE_AFTER_QUIET_MS) return;
      contact();
      wake();
    },
  };
}
