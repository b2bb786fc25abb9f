/**
 * The panel's keyboard shortcuts, wherever focus is: Ctrl/Cmd+Enter sends, Escape cancels a call
 * in flight, Ctrl/Cmd+S saves the request, Ctrl/Cmd+K opens the quick search. A dialog keeps its
 * own keys (Escape closes it; Enter submits it).
 */
import { useEffect, useRef } from 'preact/hooks';

export interface Shortcuts {
  send: () => void;
  cancel: () => void;
  save: () => void;
  search: () => void;
}

export function useShortcuts(shortcuts: Shortcuts): void {
  const latest = useRef(shortcuts);
  latest.current = shortcuts;
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented) return;
      const inDialog = (event.target as Element | null)?.closest?.('dialog') != null;
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      const { send, cancel, save, search } = latest.current;
      // Escape stops a call in flight and is otherwise left alone (no preventDefault).
      if (key === 'escape' && !mod && !inDialog) return cancel();
      const action = !mod
        ? null
        : key === 'enter' && !inDialog
          ? send
          : key === 's' && !inDialog
            ? save
            : key === 'k'
              ? search
              : null;
      if (action === null) return;
      event.preventDefault();
      action();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
