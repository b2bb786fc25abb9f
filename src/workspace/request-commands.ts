/**
 * The request slice's commands, one per user intent, bound to their dependencies once: an edit of
 * the call or of its checks (kept 400 ms later, draft-save.ts), a draft put in from elsewhere (a
 * saved request, a history entry, New request, a cURL import, a captured call), a saved request
 * that changed under the composer, Save changes (save-changes.ts), Send (send.ts) and Cancel. The
 * panel calls them; the store shows what they did.
 */

import type { EditedChecks } from '../collections/check-use';
import type { SavedRequest } from '../collections/model';
import type { HistoryEntry } from '../service/storage/history';
import type { SavedAnswer } from '../service/storage/saved-answers';
import { loadedOnce } from '../vocabulary/loaded-once';
import type { CommandDeps } from './ask';
import { createDraftSaver } from './draft-save';
import { callOf, requestOf } from './request-slice';
import type { Draft, DraftNotes, Opened } from './request-state';
import type { CollectionsAccess } from './save-changes';
import type { SendContext } from './send';

/** Send's code (and the checks') loads with the first Send: an idle panel needs none of it. */
const withSendCode = loadedOnce(() => import('./send'));

export function createRequestCommands(deps: CommandDeps) {
  const { dispatch, get } = deps;
  const saver = createDraftSaver(deps);

  /** A draft from elsewhere: where it came from (for Save changes) and the notes on how. */
  function putDraft(
    profileId: string,
    call: Draft,
    from: Opened = null,
    notes: DraftNotes | null = null,
  ) {
    dispatch({ type: 'request/put', profileId, draft: callOf(call), opened: from, notes });
    saver.saveSoon(profileId);
  }

  function openSaved(profileId: string, collectionId: string, saved: SavedRequest) {
    putDraft(profileId, saved, { collectionId, request: saved });
  }

  return {
    saver,
    setDraft(profileId: string, draft: Draft) {
      dispatch({ type: 'request/set', profileId, set: { draft } });
      saver.saveSoon(profileId);
    },
    /** An edit of the Tests tab: kept with the draft, as the call's own edits are. */
    setChecks(profileId: string, checks: EditedChecks) {
      dispatch({ type: 'request/set', profileId, set: { checks } });
      saver.saveSoon(profileId);
    },
    dismissNotes: (profileId: string) =>
      dispatch({ type: 'request/set', profileId, set: { notes: null } }),
    putDraft,
    openSaved,
    /** A history entry back in the composer, with its answer when the worker still keeps it. */
    openEntry(profileId: string, entry: HistoryEntry, answer: SavedAnswer | null) {
      putDraft(profileId, entry);
      dispatch({
        type: 'request/set',
        profileId,
        set: { shown: answer === null ? null : { ...answer, from: 'history' } },
      });
    },
    /** A saved request changed under a composer without edits: shown as it now is. */
    followSaved(profileId: string, changed: NonNullable<Opened>) {
      dispatch({ type: 'request/follow', profileId, opened: changed });
      saver.saveSoon(profileId);
    },
    /** Saved with the Save dialog: opened as saved, and said so. */
    savedAs(profileId: string, collectionId: string, saved: SavedRequest) {
      openSaved(profileId, collectionId, saved);
      dispatch({ type: 'request/saved', profileId, opened: { collectionId, request: saved } });
    },
    /** Save changes: the draft and its checks into the saved request it was opened from. */
    saveInPlace: async (profileId: string, access: CollectionsAccess) =>
      (await import('./save-changes')).saveInPlace(deps, profileId, access),
    /** Later Sends leave in the click itself (loaded-once.ts), beside the page's drawing. */
    send: (profileId: string, context: SendContext) =>
      withSendCode((code) => code.send(deps, profileId, context)),
    /** Stops the call in flight, if any (its answer then says it was cancelled). */
    async cancel(profileId: string) {
      const { inFlight } = requestOf(get(), profileId);
      if (inFlight !== null) await deps.ask('request/cancel', { requestId: inFlight });
    },
  };
}

export type RequestCommands = ReturnType<typeof createRequestCommands>;
