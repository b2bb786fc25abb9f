/**
 * What a workspace command test starts from: the real store and the request commands, bound to a
 * fake worker on the real router (fake-worker.ts) (and `deps`, for the commands that are plain
 * functions), a clock the test moves by hand and timers that
 * run only when it does, and ids counted from 1. Also an answer as the worker sends one.
 */
import type { SentExchange } from '../protocol/messages';
import type { CommandDeps, Timers } from '../workspace/ask';
import { createRequestCommands } from '../workspace/request-commands';
import { createWorkspaceStore } from '../workspace/store';
import { createFakeWorker, type FakeHandlers } from './fake-worker';

// Send loads with the first Send in the panel (request-commands.ts); loaded here once, so that a
// test's first Send is in flight after one `settle()`, as every later Send is in the panel.
await import('../workspace/send');

/** A clock that moves only when the test says, and the timers that run as it passes them. */
export function fakeClock(start = 1_000) {
  let now = start;
  let seq = 0;
  const due = new Map<number, { at: number; run: () => void }>();
  const timers: Timers = {
    set(run, ms) {
      seq += 1;
      due.set(seq, { at: now + ms, run });
      return seq;
    },
    clear: (timer) => void due.delete(timer as number),
  };
  return {
    now: () => now,
    timers,
    /** How many timers wait. */
    waiting: () => due.size,
    /** Moves the clock on by `ms`, running each timer that falls due, in order. */
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const next = [...due]
          .filter(([, timer]) => timer.at <= end)
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (next === undefined) break;
        due.delete(next[0]);
        now = next[1].at;
        next[1].run();
      }
      now = end;
    },
  };
}

export function workspaceHarness(handlers: FakeHandlers = {}) {
  const worker = createFakeWorker(handlers);
  const store = createWorkspaceStore();
  const clock = fakeClock();
  let ids = 0;
  const deps: CommandDeps = {
    ask: worker.ask,
    get: store.get,
    dispatch: store.dispatch,
    now: clock.now,
    timers: clock.timers,
    newId: () => {
      ids += 1;
      return `00000000-0000-4000-8000-${String(ids).padStart(12, '0')}`;
    },
  };
  const commands = createRequestCommands(deps);
  return { worker, store, clock, deps, commands };
}

/** Lets every reply and dynamic import that is ready run (a few turns of the event loop). */
export const settle = () => new Promise((done) => setTimeout(done, 0));

/** An answer as the worker sends one: `status` and a JSON `body`. */
export function sentExchange(status: number, body: unknown): SentExchange {
  return {
    request: {
      method: 'GET',
      url: 'https://api.example.test/v1/orders',
      headers: [],
      wire: { observed: false, reason: 'not watched in the test' },
    },
    status,
    statusText: status === 200 ? 'OK' : 'Error',
    headers: [{ name: 'content-type', value: 'application/json' }],
    bodyText: JSON.stringify(body),
    truncated: false,
    bodyBytes: JSON.stringify(body).length,
    totalBytes: JSON.stringify(body).length,
    durationMs: 12,
  };
}
