/**
 * The panel's keyboard shortcuts, wherever focus is: Ctrl/Cmd+Enter sends, Escape cancels a call
 * in flight (and goes no further: DevTools listens for an Escape in its extension panels and opens
 * its Console drawer, whatever the panel did with it, unless the key stops in the panel's window), Ctrl/Cmd+S saves the request, Ctrl/Cmd+K opens the quick search, Alt+N (Option+N)
 * starts a new request. A dialog keeps its own keys (Escape closes it; Enter submits it).
 *
 * Why not Ctrl/Cmd+N: a docked DevTools hands its key events to the inspected browser window
 * first (Chromium's DevToolsWindow::PreHandleKeyboardEvent), where Ctrl+N is a reserved
 * accelerator (a new window) that no page can take; Firefox opens a new window too. Alt+N is bound
 * neither by the browsers nor by DevTools. It is matched by its key code, since Option+N on a Mac
 * types a dead key.
 */
import { useEffect } from 'preact/hooks';
import type { ProfileView } from '../../../src/service/profile/profile-input';
import { requestOf } from '../../../src/workspace/request-slice';
import * as intents from '../state/workbench-intents';
import { store } from '../state/workspace';

/** The keys of one profile's workbench: each calls the workbench's intent (workbench-intents.ts). */
export function useShortcuts(profile: ProfileView): void {
  useEffect(() => {
    const { id } = profile;
    const send = () => intents.send(profile);
    const save = () => intents.save(id);
    const search = () => intents.workbench.openDialog('search');
    const newRequest = () => intents.newRequest(id);
    const inFlight = () => requestOf(store.get(), id).inFlight !== null;
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented) return;
      const inDialog = (event.target as Element | null)?.closest?.('dialog') != null;
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
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
    // Escape while a call is in flight, caught first (the window's capture phase) and stopped
    // there: DevTools' listener on the document never hears it. Otherwise Escape is left alone.
    function onEscape(event: KeyboardEvent) {
      if (event.key !== 'Escape' || event.ctrlKey || event.metaKey || event.altKey) return;
      // A dialog or a menu closes with it instead.
      const target = event.target as Element | null;
      if (!inFlight() || target?.closest?.('dialog, [role=menu]') != null) return;
      event.preventDefault();
      event.stopPropagation();
      intents.cancel(id);
    }
    document.addEventListener('keydown', onKeyDown);
    window.addEventListener('keydown', onEscape, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keydown', onEscape, true);
    };
  }, [profile]);
}

/** Alt+N (Option+N on a Mac), by the key's place: no other modifier. */
function isNewRequestKey(event: KeyboardEvent): boolean {
  return (
    event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey && event.code === 'KeyN'
  );
}
