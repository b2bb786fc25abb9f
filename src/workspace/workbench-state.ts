/**
 * The workbench slice's shape and actions: what belongs to the screens of the one workbench open,
 * not to the profile: the sidebar over the panes, and Copy as code (the code shown, what the last
 * copy said, why the call could not be written, the language waiting for "with secrets" to be
 * confirmed). Its reducer, with the rule it keeps, is workbench-slice.ts.
 */
import type { AppError } from '../vocabulary/errors';
import type { CodeLanguage } from '../vocabulary/terms';

export interface CopyAsShown {
  /** The code with variables, on screen below the request until hidden. */
  shown: { language: CodeLanguage; code: string } | null;
  status: string;
  error: AppError | null;
  /** "with secrets" asked for this language: the panel asks first. */
  confirming: CodeLanguage | null;
}

export interface WorkbenchSlice {
  /** In a narrow panel the sidebar lies over the panes: open until a draft is opened from it. */
  sidebarOver: boolean;
  copyAs: CopyAsShown;
}

export type WorkbenchAction =
  | { type: 'workbench/opened' }
  | { type: 'workbench/sidebar-over'; open: boolean }
  | { type: 'workbench/copy-as'; set: Partial<CopyAsShown> };

export const NO_COPY_AS: CopyAsShown = { shown: null, status: '', error: null, confirming: null };

export const EMPTY_WORKBENCH: WorkbenchSlice = { sidebarOver: false, copyAs: NO_COPY_AS };
