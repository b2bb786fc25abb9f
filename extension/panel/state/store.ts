/**
 * The store and how the panel reads it: `createPanelStore` holds the state of panel-state.ts and
 * tells subscribers of each change; `listenToWorker` feeds it the worker's events; components read
 * it with `useStore(select)` through one context, and re-render only when what they select changes.
 */
import { createContext } from 'preact';
import { useContext, useEffect, useReducer, useRef } from 'preact/hooks';
import { isEventEnvelope } from '../../../src/protocol/events';
import { EMPTY_STATE, type PanelAction, type PanelState, reduce } from './panel-state';

export interface PanelStore {
  get(): PanelState;
  dispatch(action: PanelAction): void;
  subscribe(listener: () => void): () => void;
}

export function createPanelStore(initial: PanelState = EMPTY_STATE): PanelStore {
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

/**
 * Feeds the store every event the worker broadcasts. Only this extension's own worker is heard;
 * the listener never answers (it returns nothing), so requests between other pages and the worker
 * pass by untouched.
 */
export function listenToWorker(store: PanelStore): () => void {
  const listener = (message: unknown, sender: chrome.runtime.MessageSender) => {
    if (sender.id !== chrome.runtime.id || !isEventEnvelope(message)) return;
    store.dispatch({ type: 'event', event: message.event });
  };
  chrome.runtime.onMessage.addListener(listener);
  return () => chrome.runtime.onMessage.removeListener(listener);
}

export const StoreContext = createContext<PanelStore>(createPanelStore());

/** The panel store itself, for dispatching replies the panel asked for. */
export const usePanelStore = () => useContext(StoreContext);

/** What `select` picks from the store, kept current: re-renders when that (by identity) changes. */
export function useStore<T>(select: (state: PanelState) => T): T {
  const store = useContext(StoreContext);
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
    [store],
  );
  return selected;
}
