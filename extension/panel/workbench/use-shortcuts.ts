/**
 * The panel's keyboard shortcuts, wherever focus is: Ctrl/Cmd+Enter sends, Escape cancels a call
 * in flight, Ctrl/Cmd+S saves the request, Ctrl/Cmd+K opens the quick search, Alt+N (Option+N)
 * starts a new request. A dialog keeps its own keys (Escape closes it; Enter submits it).
 *
 * Why not Ctrl/Cmd+N: a docked DevTools hands its key events to the inspected browser window
 * first (Chromium's DevToolsWindow::PreHandleKeyboardEvent), where Ctrl+N is a reserved
 * accelerator (a new window) that no page can take; Firefox opens a new window too. Alt+N is bound
 * neither by the browsers nor by DevTools. It is matched by its key code, since Option+N on a Mac
 * types a dead key.
 */
import { useEffect, useRef } from 'preact/hooks';

export interface Shortcuts {
  send: () => void;
  cancel: () => void;
  save: () => void;
  search: () => void;
  newRequest: () => void;
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
      const { send, cancel, save, search, newRequest } = latest.current;
      // Escape stops a call in flight and is otherwise left alone (no preventDefault).
      if (key === 'escape' && !mod && !inDialog) return cancel();
      if (isNewRequestKey(event) && !inDialog) {
        event.preventDefault();
        return newRequest();
      }
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

/** Alt+N (Option+N on a Mac), by the key's place: no other modifier. */
function isNewRequestKey(event: KeyboardEvent): boolean {
  return (
    event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey && event.code === 'KeyN'
  );
}
