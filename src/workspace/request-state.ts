/**
 * The shape of one profile's request slice: the call being composed (its draft and the Tests
 * tab's checks), the call in flight, the answer shown with its checks' outcome, the saved request
 * it was opened from, notes on how it came in, and whether the draft is kept and the last save's
 * status, and why the Tests tab's Clear carried values failed. Types only: the reducer is request-slice.ts, the commands request-commands.ts.
 */
import type { ChecksOutcome } from '../checks/answer-checks';
import type { RefusedValue } from '../checks/carried-values';
import type { EditedChecks } from '../collections/check-use';
import type { SavedRequest } from '../collections/model';
import type { SavedAnswer } from '../service/storage/saved-answers';
import type { ComposedCall } from '../vocabulary/terms';

export type Draft = ComposedCall;

/** What the response pane shows: an answer, with where it came from when it is not this send's. */
export type Shown = SavedAnswer & {
  /** 'kept': the last answer, kept across a reload; 'history': opened from a history entry. */
  from: 'sent' | 'kept' | 'history';
  /** The id the panel gave the call, under which the worker tells its timeline. */
  requestId?: string;
  /** The saved request the call was sent from, by name. */
  name?: string;
};

/**
 * The checks' outcome on one answer (`at` names it), with the values the worker refused to carry.
 */
export interface ShownChecks {
  at: number;
  outcome: ChecksOutcome;
  refused: RefusedValue[];
}

/** Notes about how the draft came in (a cURL import, a captured call): what was dropped. */
export interface DraftNotes {
  /** Where the draft came from: "cURL import", "Captured call". */
  from: string;
  lines: string[];
}

/** The saved request the draft was opened from, with its collection. */
export type Opened = { collectionId: string; request: SavedRequest } | null;

export interface ProfileRequest {
  draft: Draft;
  checks: EditedChecks;
  /** The id of the call in flight (Cancel stops it), or null. */
  inFlight: string | null;
  shown: Shown | null;
  shownChecks: ShownChecks | null;
  opened: Opened;
  notes: DraftNotes | null;
  /** Why the draft as it is now will not come back after a reload, or null when it will. */
  draftNotKept: string | null;
  /** "Saved “name”." after a save, until the next draft is put in. */
  saveStatus: string;
  /** Why Clear carried values failed, until the next clear. */
  clearError: string | null;
}

export type RequestAction =
  /** What a (re)opened workspace starts from: what the worker kept for the profile. */
  | {
      type: 'request/start';
      profileId: string;
      draft: Draft | null;
      checks: EditedChecks | null;
      answer: Shown | null;
    }
  /** Fields that change with no rule attached: an edit of the call or its checks, an answer
   * opened from history, the checks' outcome, whether the draft is kept, the notes dismissed. */
  | {
      type: 'request/set';
      profileId: string;
      set: Partial<
        Pick<
          ProfileRequest,
          'draft' | 'checks' | 'shown' | 'shownChecks' | 'draftNotKept' | 'notes' | 'clearError'
        >
      >;
    }
  /** A draft put in from elsewhere (opened, imported, captured, new). */
  | {
      type: 'request/put';
      profileId: string;
      draft: Draft;
      opened: Opened;
      notes: DraftNotes | null;
    }
  /** The saved request changed under a composer without edits of its own. */
  | { type: 'request/follow'; profileId: string; opened: NonNullable<Opened> }
  | { type: 'request/sending'; profileId: string; requestId: string }
  /** `requestId`: the call answered; absent for a call refused before it was sent. */
  | { type: 'request/answered'; profileId: string; requestId?: string; shown: Shown }
  | { type: 'request/saved'; profileId: string; opened: NonNullable<Opened> };
