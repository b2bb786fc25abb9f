/**
 * How the panel reads the workspace store (src/workspace/store.ts, the one of workspace.ts):
 * `useStore(select)`, re-rendering a component only when what it selects changes. The store is
 * fed the worker's events by `listenToWorker` (worker-client.ts) and the replies the panel asked
 * for by the hooks and commands.
 */
import { useEffect, useReducer, useRef } from 'preact/hooks';
import type { WorkspaceState } from '../../../src/workspace/workspace-state';
import { store } from './workspace';

/** The workspace store itself, for dispatching replies the panel asked for. */
export const usePanelStore = () => store;

/** What `select` picks from the store, kept current: re-renders when that (by identity) changes. */
export function useStore<T>(select: (state: WorkspaceState) => T): T {
  const [, changed] = useReducer((count: number) => count + 1, 0);
  const selectNow = useRef(select);
  selectNow.current = select;
  const selected = select(store.get());
  const last = useRef(selected);
  last.current = selected;
  useEffect(
    () =>
      store.subscribe(() => {
        if (selectNow.current(store.get()) !== last.current) changed(0);
      }),
    [],
  );
  return selected;
}
