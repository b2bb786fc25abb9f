/**
 * One profile's work: the call being composed (its draft), the call in flight (with its id, so
 * Cancel can stop it) and the answer shown. It belongs to its profile: the workspace is mounted
 * per profile, and a reopened panel gets the draft and the last answer back from the worker. The
 * draft is saved a moment after each edit; the worker keeps answers itself.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { SavedAnswer } from '../../../src/service/storage/saved-answers';
import { fail } from '../../../src/vocabulary/errors';
import { type ComposedCall, type NameValue, oversizedPart } from '../../../src/vocabulary/terms';
import { ask } from './worker-client';

export type Draft = ComposedCall;

const EMPTY_DRAFT: Draft = { method: 'GET', path: '', query: [], headers: [], body: '' };

/** What the response pane shows: an answer, with where it came from when it is not this send's. */
export type Shown = SavedAnswer & {
  /** 'kept': the last answer, kept across a reload; 'history': opened from a history entry. */
  from: 'sent' | 'kept' | 'history';
  /** The id the panel gave the call, under which the worker tells its timeline. */
  requestId?: string;
  /** The saved request the call was sent from, by name. */
  name?: string;
};

const DRAFT_SAVE_DELAY_MS = 400;

export function useRequest(
  profileId: string,
  initial: { draft: Draft | null; answer: Shown | null },
  /** The shared variables of the collection the draft was opened from, if any. */
  shared: readonly NameValue[],
  /** The name of the saved request the draft was opened from, if any. */
  openedName: string | null,
) {
  const sharedNow = useRef(shared);
  sharedNow.current = shared;
  const nameNow = useRef(openedName);
  nameNow.current = openedName;
  const [draft, setDraftState] = useState<Draft>(initial.draft ?? EMPTY_DRAFT);
  const [inFlight, setInFlight] = useState<string | null>(null);
  const [shown, setShown] = useState<Shown | null>(initial.answer);
  const unsaved = useRef<{ timer: ReturnType<typeof setTimeout>; draft: Draft } | null>(null);
  /** Why the draft as it is now will not come back after a reload, or null when it will. */
  const [draftNotKept, setDraftNotKept] = useState<string | null>(null);

  function saveNow() {
    if (unsaved.current === null) return;
    clearTimeout(unsaved.current.timer);
    const { draft: pending } = unsaved.current;
    unsaved.current = null;
    const oversized = oversizedPart(pending);
    if (oversized !== null) {
      setDraftNotKept(oversized);
      return;
    }
    void ask('workspace/save-draft', { profileId, draft: pending }).then((reply) => {
      if (!reply.ok) setDraftNotKept(`${reply.error.message} ${reply.error.hint}`);
      else if (!reply.value.saved) setDraftNotKept('Unlock the saved secrets to keep it.');
      else setDraftNotKept(null);
    });
  }

  // Closing DevTools unloads the panel: an edit still waiting for its save goes out at once.
  useEffect(() => {
    window.addEventListener('pagehide', saveNow);
    return () => {
      window.removeEventListener('pagehide', saveNow);
      saveNow(); // switching to another profile
    };
  }, []);

  function setDraft(next: Draft) {
    setDraftState(next);
    if (unsaved.current !== null) clearTimeout(unsaved.current.timer);
    unsaved.current = { timer: setTimeout(saveNow, DRAFT_SAVE_DELAY_MS), draft: next };
  }

  /** Sends the draft (or `call`, when it was just put in and the state has not caught up). */
  async function send(call: Draft = draft) {
    if (inFlight !== null) return;
    const at = Date.now();
    const named = nameNow.current === null ? {} : { name: nameNow.current };
    const oversized = oversizedPart(call);
    if (oversized !== null) {
      const { error } = fail('bad_message', oversized, 'Shorten it, then Send.');
      setShown({ at, call, outcome: { error }, bodyCut: false, from: 'sent', ...named });
      return;
    }
    const requestId = crypto.randomUUID();
    setInFlight(requestId);
    const variables = [...sharedNow.current];
    const reply = await ask('request/send', {
      requestId,
      profileId,
      ...call,
      ...(variables.length > 0 ? { variables } : {}),
    });
    setInFlight(null);
    setShown({
      at,
      call,
      outcome: reply.ok ? { exchange: reply.value } : { error: reply.error },
      bodyCut: false,
      from: 'sent',
      requestId,
      ...named,
    });
  }

  async function cancel() {
    if (inFlight !== null) await ask('request/cancel', { requestId: inFlight });
  }

  /**
   * Shows what came back for a call opened from history, when its answer is still kept, or
   * nothing: another request in the composer never keeps the previous one's answer in view.
   */
  function show(answer: SavedAnswer | null) {
    setShown(answer === null ? null : { ...answer, from: 'history' });
  }

  return {
    draft,
    setDraft,
    draftNotKept,
    sending: inFlight !== null,
    shown,
    send,
    cancel,
    show,
  };
}

export type RequestState = ReturnType<typeof useRequest>;
