/**
 * What the panel knows, on one page: the shape of the workspace store and every action that
 * changes it. Each part is a slice with its own reducer beside it: the tokens (`token-slice.ts`),
 * the lock and its passphrase forms (`lock-slice.ts`), what else the worker owns and tells
 * (`worker-slices.ts`: each profile's history version, the timelines of recent calls, the values
 * each profile carries between calls), and each profile's composer and answer (`request-slice.ts`,
 * its shape in `request-state.ts`), the saved collections and an import on its way
 * (`collections-slice.ts`, its shape in `collections-state.ts`), the saved profiles and the
 * profile editor open (`profiles-slice.ts`, its shape in `profiles-state.ts`); the layout
 * preferences are one action (`prefs`). The worker's events enter through one `applyEvent` (`apply-event.ts`); replies
 * the panel asked for come in as the other actions. Browser-free: the panel reads it through `useStore(select…)`.
 */
import type { WorkerEvent } from '../protocol/events';
import type { LockState, TokenShownView } from '../protocol/messages';
import type { TimelineStep } from '../service/call/timeline';
import type { AppError } from '../vocabulary/errors';
import type { NameValue } from '../vocabulary/terms';
import type { UiPrefs } from '../vocabulary/ui-prefs';
import {
  type CollectionsAction,
  type CollectionsSlice,
  EMPTY_COLLECTIONS,
} from './collections-state';
import type { LockAction, LockPanel } from './lock-state';
import { EMPTY_PROFILES, type ProfilesAction, type ProfilesSlice } from './profiles/profiles-state';
import type { ProfileRequest, RequestAction } from './request-state';

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

export interface WorkspaceState {
  lock: LockState | null;
  /** The panel's side of the lock: the form open, its last error and notice (lock-slice.ts). */
  lockPanel: LockPanel;
  tokens: Readonly<Record<string, ProfileTokens>>;
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
  /** The saved profiles, the active one and the profile editor open (profiles-slice.ts). */
  profiles: ProfilesSlice;
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
  | ProfilesAction;

export const EMPTY_WORKSPACE: WorkspaceState = {
  lock: null,
  lockPanel: { form: 'none', error: null, notice: null, lockedByUser: false, changes: 0 },
  tokens: {},
  history: {},
  timelines: {},
  carried: {},
  prefs: null,
  requests: {},
  collections: EMPTY_COLLECTIONS,
  profiles: EMPTY_PROFILES,
};
