/**
 * The workbench's own intents, browser-free: which dialog is open (one at a time), and the
 * request tab chosen, remembering the tab left for the Auth tab (the token tools take the whole
 * main area there; Send goes back to that tab, since an answer needs the room).
 */
import type { RequestTab } from '../vocabulary/ui-prefs';
import type { CommandDeps } from './ask';
import type { SetPrefs } from './prefs-commands';
import type { WorkbenchDialog } from './workspace-state';

export function createWorkbenchCommands({ get, dispatch }: CommandDeps, setPrefs: SetPrefs) {
  return {
    openDialog(open: WorkbenchDialog) {
      dispatch({ type: 'workbench/dialog', open });
    },
    /** A request tab chosen; leaving another tab for Auth remembers it. */
    showRequestTab(tab: RequestTab) {
      const now = get().prefs?.requestTab;
      if (tab === 'auth' && now !== undefined && now !== 'auth') {
        dispatch({ type: 'workbench/tab-before-auth', tab: now });
      }
      setPrefs({ requestTab: tab });
    },
    /** On Send with the token tools open: back to the tab the Auth tab was opened from. */
    leaveAuthTab() {
      const state = get();
      if (state.prefs?.requestTab === 'auth') {
        setPrefs({ requestTab: state.workbench.tabBeforeAuth });
      }
    },
  };
}
