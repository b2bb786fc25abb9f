/**
 * The workbench slice's shape and actions: what belongs to the screens of the one workbench open,
 * not to the profile. Its reducer, with the rule it keeps, is workbench-slice.ts.
 */

export interface WorkbenchSlice {
  /** In a narrow panel the sidebar lies over the panes: open until a draft is opened from it. */
  sidebarOver: boolean;
}

export type WorkbenchAction =
  | { type: 'workbench/opened' }
  | { type: 'workbench/sidebar-over'; open: boolean };

export const EMPTY_WORKBENCH: WorkbenchSlice = { sidebarOver: false };
