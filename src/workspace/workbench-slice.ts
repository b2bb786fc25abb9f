/**
 * The workbench slice: what belongs to the screens of the one workbench open (each profile's
 * opens afresh, workspace-commands.ts `openWorkspace`), not to the profile. The rule it keeps:
 * a workbench opening closes what the last one showed over its panes — the sidebar lying over
 * them in a narrow panel, the code Copy as showed, and an import's summary (made in that workbench, it would hide the next
 * one's request and answer).
 */

import type { WorkspaceState } from './workspace-state';
import { EMPTY_WORKBENCH, type WorkbenchAction } from './workspace-state';

export function reduceWorkbench(state: WorkspaceState, action: WorkbenchAction): WorkspaceState {
  switch (action.type) {
    case 'workbench/opened': {
      const { collections } = state;
      return {
        ...state,
        workbench: EMPTY_WORKBENCH,
        collections: { ...collections, import: { ...collections.import, summary: null } },
      };
    }
    case 'workbench/sidebar-over':
      if (state.workbench.sidebarOver === action.open) return state;
      return { ...state, workbench: { ...state.workbench, sidebarOver: action.open } };
    case 'workbench/copy-as': {
      const copyAs = { ...state.workbench.copyAs, ...action.set };
      return { ...state, workbench: { ...state.workbench, copyAs } };
    }
    case 'workbench/dialog':
      return { ...state, workbench: { ...state.workbench, dialog: action.open } };
    case 'workbench/tab-before-auth':
      return { ...state, workbench: { ...state.workbench, tabBeforeAuth: action.tab } };
  }
}
