/**
 * The request slice's reducer: one profile's composer and answer. The rules it keeps:
 * - a new call drops the old answer: a draft put in that is another call clears the answer shown
 *   (the same call, saved or opened again, keeps it; History shows its own);
 * - a late reply is dropped: an answer counts only while its call is the one in flight here (a
 *   reopened workspace starts over, so the answer of a call sent before that is not shown);
 * - a saved request that changed under the composer replaces the draft and its checks, and keeps
 *   the answer and the notes.
 */
import { type EditedChecks, NO_CHECKS } from '../collections/check-use';
import type { SavedRequest } from '../collections/model';
import { sameCall } from '../collections/same-call';
import type { Draft, ProfileRequest, RequestAction } from './request-state';
import type { WorkspaceState } from './workspace-state';

/** What New request puts in the composer, and a profile's first draft. */
export const EMPTY_DRAFT: Draft = { method: 'GET', path: '', query: [], headers: [], body: '' };

export const EMPTY_REQUEST: ProfileRequest = {
  draft: EMPTY_DRAFT,
  checks: NO_CHECKS,
  inFlight: null,
  shown: null,
  shownChecks: null,
  opened: null,
  notes: null,
  draftNotKept: null,
  saveStatus: '',
  clearError: null,
};

/** One profile's request slice (an empty one before its workspace opened). */
export const requestOf = (state: WorkspaceState, profileId: string): ProfileRequest =>
  state.requests[profileId] ?? EMPTY_REQUEST;

/** Only the call's own fields: a history entry or a saved request carries more. */
export const callOf = ({ method, path, query, headers, body }: Draft): Draft => ({
  method,
  path,
  query,
  headers,
  body,
});

/** The checks of a request put into the composer (none for a call that is not a saved one). */
export const checksOf = (request: SavedRequest | null): EditedChecks => ({
  assertions: request?.assertions ?? [],
  answerVariables: request?.answerVariables ?? [],
});

function changed(current: ProfileRequest, action: RequestAction): ProfileRequest {
  switch (action.type) {
    case 'request/start':
      return {
        ...EMPTY_REQUEST,
        draft: action.draft ?? EMPTY_DRAFT,
        checks: action.checks ?? NO_CHECKS,
        shown: action.answer,
      };
    case 'request/set':
      return { ...current, ...action.set };
    case 'request/put':
      return {
        ...current,
        draft: action.draft,
        checks: checksOf(action.opened?.request ?? null),
        shown: sameCall(current.draft, action.draft) ? current.shown : null,
        opened: action.opened,
        notes: action.notes,
        saveStatus: '',
      };
    case 'request/follow':
      return {
        ...current,
        draft: callOf(action.opened.request),
        checks: checksOf(action.opened.request),
        opened: action.opened,
      };
    case 'request/sending':
      return { ...current, inFlight: action.requestId };
    case 'request/answered':
      if (action.requestId === undefined) return { ...current, shown: action.shown };
      if (current.inFlight !== action.requestId) return current;
      return { ...current, inFlight: null, shown: action.shown };
    case 'request/saved':
      return {
        ...current,
        opened: action.opened,
        saveStatus: `Saved “${action.opened.request.name}”.`,
      };
  }
}

export function reduceRequest(state: WorkspaceState, action: RequestAction): WorkspaceState {
  const current = requestOf(state, action.profileId);
  const next = changed(current, action);
  if (next === current) return state;
  return { ...state, requests: { ...state.requests, [action.profileId]: next } };
}
