/**
 * Where the sidebar stands: beside the panes when the panel is wide (shown or hidden as the user's
 * preference says), over them when it is narrow (closed until asked for, and closed again once a
 * draft is opened from it, so that the panes are in view: the store's workbench slice).
 */
import type { UiPrefs } from '../../../src/vocabulary/ui-prefs';
import { useStore } from '../state/store';
import { prefs as prefsCommands, store } from '../state/workspace';
import { usePanelSize } from './use-panel-size';

const setOver = (open: boolean) => store.dispatch({ type: 'workbench/sidebar-over', open });

export function useSidebar(prefs: UiPrefs) {
  const overlay = usePanelSize() === 'narrow';
  const overlayOpen = useStore((state) => state.workbench.sidebarOver);
  return {
    overlay,
    shown: overlay ? overlayOpen : prefs.sidebarOpen,
    toggle() {
      if (overlay) setOver(!overlayOpen);
      else prefsCommands.set({ sidebarOpen: !prefs.sidebarOpen });
    },
    /** A draft was opened from it: lying over the panes, it steps aside. */
    giveWay() {
      if (overlay) setOver(false);
    },
    /** Its Close button (over the panes only): focus goes back to the toggle. */
    close() {
      setOver(false);
      document.getElementById('sidebar-toggle')?.focus();
    },
  };
}
