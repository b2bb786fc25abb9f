/**
 * What the panel knows, on one page: the shape of the workspace store and every action that
 * changes it. Each part is a slice with its own reducer beside it: the tokens (`token/token-slice.ts`)
 * with the Auth tab's tools beside them,
 * the lock and its passphrase forms (`lock-slice.ts`), what else the worker owns and tells
 * (`worker-slices.ts`: each profile's history version, the timelines of recent calls, the values
 * each profile carries between calls), and each profile's composer and answer (`request-slice.ts`,
 * its shape in `request-state.ts`), the saved collections and an import on its way
 * (`collections-slice.ts`, its shape in `collections-state.ts`), what each collection kept in a
 * folder shows (`folders/`, the folder sync's slice), the inspected page's captured calls
 * (`capture/`: its reducer runs in its commands, loaded with the Capture tab, and the store takes
 * the slice whole), what the Run view shows of each run (`run/run-state.ts`, taken whole the same way), what History shows (`history/history-view.ts`, the same way), what the open workbench shows over its panes
 * (`workbench-slice.ts`), the saved profiles and the profile editor open
 * (`profiles/profiles-slice.ts`, its shape in `profiles/profiles-state.ts`); the layout preferences are one
 * action (`prefs`). The worker's events enter through one `applyEvent` (`apply-event.ts`); replies
 * the panel asked for come in as the other actions. Browser-free: the panel reads it through `useStore(select…)`.
 */
import type { WorkerEvent } from '../protocol/events';
import type { LockState, TokenAttempt, TokenShownView } from '../protocol/messages';
import type { TimelineStep } from '../service/call/timeline';
import type { AppError } from '../vocabulary/errors';
import type { CodeLanguage, NameValue } from '../vocabulary/terms';
import type { RequestTab, UiPrefs } from '../vocabulary/ui-prefs';
import { type CaptureSlice, EMPTY_CAPTURE } from './capture/capture-state';
import {
  type CollectionsAction,
  type CollectionsSlice,
  EMPTY_COLLECTIONS,
} from './collections-state';
import { EMPTY_FOLDERS, type FoldersAction, type FoldersSlice } from './folders/folders-state';
import type { HistoryView } from './history/history-state';
import type { LockAction, LockPanel } from './lock-state';
import { EMPTY_PROFILES, type ProfilesAction, type ProfilesSlice } from './profiles/profiles-state';
import type { ProfileRequest, RequestAction } from './request-state';
import type { RunsSlice } from './run/run-state';

/**
 * The token as the toolbar and the Auth tab show it: the one the next call carries (with a failed
 * attempt to replace it beside it), the failed attempt when none is held, an error, or none yet.
 */
export type TokenShown = TokenShownView | { error: AppError } | null;

/** One line of a profile's recent token events, in the words the Auth tab shows. */
export interface TokenLogEntry {
  atMs: number;
  change: 'issued' | 'renewed' | 'refused' | 'forgotten';
  why: string;
  /** The masked token (`••••3f9a`) of an issued or renewed one. */
  tail: string | null;
}

export interface ProfileTokens {
  shown: TokenShown;
  log: TokenLogEntry[];
  /** Counts changes, so that a view can drop what it derived from an older token. */
  version: number;
}

/** The Auth tab's tools (token-slice.ts). */
export type Attempts = TokenAttempt[] | { error: AppError } | null;

export interface TokenTools {
  busy: 'token' | 'compare' | null;
  attempts: Attempts;
  /** The profile's token version when the comparison was made. */
  atVersion: number;
}

export type TokenToolsAction =
  | { type: 'token-tools/busy'; profileId: string; busy: TokenTools['busy'] }
  | { type: 'token-tools/compared'; profileId: string; attempts: Attempts };

/** The workbench slice (workbench-slice.ts): what the open workbench's screens show, not the profile's. */
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
  /** The one dialog open over the workbench: Save request, Import cURL or the quick search. */
  dialog: WorkbenchDialog;
  /** The request tab to go back to when Send leaves the Auth tab (the token tools). */
  tabBeforeAuth: RequestTab;
}

export type WorkbenchDialog = 'none' | 'save' | 'import' | 'search';

export type WorkbenchAction =
  | { type: 'workbench/opened' }
  | { type: 'workbench/sidebar-over'; open: boolean }
  | { type: 'workbench/copy-as'; set: Partial<CopyAsShown> }
  | { type: 'workbench/dialog'; open: WorkbenchDialog }
  | { type: 'workbench/tab-before-auth'; tab: RequestTab };

export const NO_COPY_AS: CopyAsShown = { shown: null, status: '', error: null, confirming: null };

export const EMPTY_WORKBENCH: WorkbenchSlice = {
  sidebarOver: false,
  copyAs: NO_COPY_AS,
  dialog: 'none',
  tabBeforeAuth: 'params',
};

export interface WorkspaceState {
  lock: LockState | null;
  /** The panel's side of the lock: the form open, its last error and notice (lock-slice.ts). */
  lockPanel: LockPanel;
  tokens: Readonly<Record<string, ProfileTokens>>;
  /** By profile id: what the Auth tab's tools are busy with, the last comparison (token-slice.ts). */
  tokenTools: Readonly<Record<string, TokenTools>>;
  history: Readonly<Record<string, number>>;
  /** By request id, the newest last; at most MAX_TIMELINES. */
  timelines: Readonly<Record<string, TimelineStep[]>>;
  /** By profile id: what its later calls read as `{{name}}`, taken from earlier answers. */
  carried: Readonly<Record<string, NameValue[]>>;
  /** The layout preferences, once read (prefs-commands.ts). */
  prefs: UiPrefs | null;
  /** By profile id: the call being composed, the call in flight, the answer (request-slice.ts). */
  requests: Readonly<Record<string, ProfileRequest>>;
  /** The saved collections, their last error and an import on its way (collections-slice.ts). */
  collections: CollectionsSlice;
  /** The inspected page's calls, masked, in panel memory only (capture-slice.ts). */
  capture: CaptureSlice;
  /** What each collection kept in a folder shows (folders/folders-slice.ts). */
  folders: FoldersSlice;
  /** What the open workbench's screens show over its panes (workbench-slice.ts). */
  workbench: WorkbenchSlice;
  /** The saved profiles, the active one and the profile editor open (profiles-slice.ts). */
  profiles: ProfilesSlice;
  /** What the Run view shows of each run, by what it runs (run/run-state.ts). */
  runs: RunsSlice;
  /** What History shows, while it is shown (history/history-view.ts). */
  historyView: HistoryView | null;
}

export type WorkspaceAction =
  | { type: 'event'; event: WorkerEvent }
  /** A reply the panel asked for: Get token, or what a reopened workspace starts from. */
  | { type: 'token-shown'; profileId: string; shown: TokenShown }
  | { type: 'lock-known'; state: LockState }
  /** What the worker answered when asked for a profile's carried values. */
  | { type: 'carried-known'; profileId: string; values: NameValue[] }
  /** Layout preferences read, or changed by the user. */
  | { type: 'prefs'; set: Partial<UiPrefs> }
  | RequestAction
  | LockAction
  | CollectionsAction
  | FoldersAction
  /** The capture slice, whole, as its commands' reducer made it (capture/capture-slice.ts). */
  | { type: 'capture'; capture: CaptureSlice }
  /** The runs slice, whole, as the run's commands made it (run/run-commands.ts). */
  | { type: 'runs'; runs: RunsSlice }
  /** History's view, whole, as its commands made it (history/history-view.ts). */
  | { type: 'history-view'; view: HistoryView | null }
  | WorkbenchAction
  | TokenToolsAction
  | ProfilesAction;

export const EMPTY_WORKSPACE: WorkspaceState = {
  lock: null,
  lockPanel: {
    form: 'none',
    error: null,
    notice: null,
    lockedByUser: false,
    changes: 0,
    sealings: 0,
  },
  tokens: {},
  tokenTools: {},
  history: {},
  timelines: {},
  carried: {},
  prefs: null,
  requests: {},
  collections: EMPTY_COLLECTIONS,
  capture: EMPTY_CAPTURE,
  folders: EMPTY_FOLDERS,
  workbench: EMPTY_WORKBENCH,
  profiles: EMPTY_PROFILES,
  runs: {},
  historyView: null,
};
