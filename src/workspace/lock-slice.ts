/**
 * The lock slice's reducer (its shape in lock-state.ts): the lock's state as the worker tells it,
 * and the panel's side of it (which passphrase form is open, the last error and notice, whether
 * the user locked it just now). A lock turning on is counted (`sealings`) and drops every
 * profile's carried values at once (one may hold a token's base64, which nothing masks once the
 * secrets are sealed), before the worker's own events say so.
 */
import type { LockState } from '../protocol/messages';
import type { LockAction, LockPanel } from './lock-state';
import type { WorkspaceState } from './workspace-state';

export function lockKnown(state: WorkspaceState, lock: LockState): WorkspaceState {
  if (state.lock === lock) return state;
  if (lock !== 'locked') return { ...state, lock };
  const carried = Object.fromEntries(Object.keys(state.carried).map((id) => [id, []]));
  const lockPanel = { ...state.lockPanel, sealings: state.lockPanel.sealings + 1 };
  return { ...state, lock, carried, lockPanel };
}

const withPanel = (state: WorkspaceState, change: Partial<LockPanel>): WorkspaceState => ({
  ...state,
  lockPanel: { ...state.lockPanel, ...change },
});

export function reduceLock(state: WorkspaceState, action: LockAction): WorkspaceState {
  switch (action.type) {
    case 'lock/form':
      return withPanel(state, { form: action.form });
    case 'lock/failed':
      return withPanel(state, { error: action.error });
    case 'lock/notice':
      return withPanel(state, { notice: action.notice });
    case 'lock/by-user':
      return withPanel(state, { lockedByUser: true });
    case 'lock/done':
      return withPanel(lockKnown(state, action.state), {
        form: 'none',
        error: null,
        notice: action.notice,
        changes: state.lockPanel.changes + 1,
      });
  }
}
