/**
 * What a command needs from the outside world, passed in so that it runs in Node: `ask` (the
 * panel's worker client in the browser, a fake worker on the real router in the tests), the
 * store's `get` and `dispatch`, a clock, timers and ids.
 */
import type { MessageType, Reply, RequestOf } from '../protocol/messages';
import type { WorkspaceAction, WorkspaceState } from './workspace-state';

/** One typed call to the worker; failures come back as typed errors, never thrown. */
export type Ask = <K extends MessageType>(type: K, payload: RequestOf<K>) => Promise<Reply<K>>;

export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(timer: unknown): void;
}

export interface CommandDeps {
  ask: Ask;
  get: () => WorkspaceState;
  dispatch: (action: WorkspaceAction) => void;
  now: () => number;
  timers: Timers;
  /** A new call's id (`crypto.randomUUID` in the panel). */
  newId: () => string;
}
