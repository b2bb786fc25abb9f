/**
 * Where the sidebar stands: beside the panes when the panel is wide (shown or hidden as the user's
 * preference says), over them when it is narrow (closed until asked for, and closed again once a
 * draft is opened from it, so that the panes are in view).
 */
import { useState } from 'preact/hooks';
import type { UiPrefs } from '../../../src/vocabulary/ui-prefs';
import type { SetPrefs } from '../state/use-prefs';
import { usePanelSize } from './use-panel-size';

export function useSidebar(prefs: UiPrefs, setPrefs: SetPrefs) {
  const overlay = usePanelSize() === 'narrow';
  const [overlayOpen, setOverlayOpen] = useState(false);
  return {
    overlay,
    shown: overlay ? overlayOpen : prefs.sidebarOpen,
    toggle() {
      if (overlay) setOverlayOpen(!overlayOpen);
      else setPrefs({ sidebarOpen: !prefs.sidebarOpen });
    },
    /** A draft was opened from it: lying over the panes, it steps aside. */
    giveWay() {
      if (overlay) setOverlayOpen(false);
    },
    /** Its Close button (over the panes only): focus goes back to the toggle. */
    close() {
      setOverlayOpen(false);
      document.getElementById('sidebar-toggle')?.focus();
    },
  };
}
