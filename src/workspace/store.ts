/**
 * The workspace store: `get`, `dispatch` and `subscribe`, nothing more. It holds the state of
 * workspace-state.ts, changes it only through `reduce` (apply-event.ts), and tells subscribers of
 * each change (none when an action changes nothing). Browser-free: the panel wraps it for Preact
 * (extension/panel/state/store.ts), the unit tests use it as it is.
 */
import { reduce } from './apply-event';
import { EMPTY_WORKSPACE, type WorkspaceAction, type WorkspaceState } from './workspace-state';

export interface WorkspaceStore {
  get(): WorkspaceState;
  dispatch(action: WorkspaceAction): void;
  subscribe(listener: () => void): () => void;
}

export function createWorkspaceStore(initial: WorkspaceState = EMPTY_WORKSPACE): WorkspaceStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    dispatch(action) {
      const next = reduce(state, action);
      if (next === state) return;
      state = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
