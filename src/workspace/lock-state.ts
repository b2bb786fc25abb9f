/**
 * The lock slice's shape and actions: which passphrase form is open, the last error and notice,
 * whether the user locked just now, a count of the steps that changed the lock and one of the
 * times it turned on. The lock's state itself is `lock` of workspace-state.ts, as the worker tells
 * it; the reducer is lock-slice.ts.
 */
import type { LockState } from '../protocol/messages';
import type { AppError } from '../vocabulary/errors';

export type LockForm = 'none' | 'enable' | 'change' | 'remove' | 'reset';

export interface LockPanel {
  form: LockForm;
  error: AppError | null;
  notice: string | null;
  /** Set by Lock now: the Unlock form that appears is where focus goes. */
  lockedByUser: boolean;
  /** Counts the steps that changed the lock, for what must be read again after one. */
  changes: number;
  /**
   * Counts the times the lock turned on in this page (told by the worker or after a step), for a
   * view that hides what it showed before the secrets were sealed, even once they are unlocked.
   */
  sealings: number;
}

export type LockAction =
  | { type: 'lock/form'; form: LockForm }
  | { type: 'lock/failed'; error: AppError }
  | { type: 'lock/notice'; notice: string | null }
  | { type: 'lock/by-user' }
  /** A step done: the new state, the form closed, what happened said. */
  | { type: 'lock/done'; state: LockState; notice: string };
