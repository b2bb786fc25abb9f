/**
 * One profile's work: the call being composed (its draft), the call in flight (with its id, so
 * Cancel can stop it) and the answer shown. It belongs to its profile: the workspace is mounted
 * per profile, and a reopened panel gets the draft and the last answer back from the worker. The
 * draft (with the Tests tab's checks) is saved a moment after each edit; the worker keeps answers
 * itself.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { DraftChecks } from '../../../src/collections/draft-checks-shape';
import type { AnswerVariable } from '../../../src/collections/model';
import type { CarryReply, SentExchange } from '../../../src/protocol/messages';
import { draftSavePayload, sendPayload } from '../../../src/protocol/panel-payloads';
import type { HttpExchange } from '../../../src/service/call/execute';
import type { SavedAnswer } from '../../../src/service/storage/saved-answers';
import type { ComposedCall, NameValue } from '../../../src/vocabulary/terms';
import { ask } from './worker-client';

export type Draft = ComposedCall;

/** What New request puts in the composer, and a profile's first draft. */
export const EMPTY_DRAFT: Draft = { method: 'GET', path: '', query: [], headers: [], body: '' };

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

/** What a Send carries for the Tests tab, and how it hears of the answer. */
export interface SendChecks {
  /** The Tests tab as it is now: kept with the draft. */
  edited: () => DraftChecks;
  answerVariables: () => AnswerVariable[];
  /** `carried`: what the worker carried from the answer, when the call had answer variables. */
  onAnswer: (shown: Shown, carried: CarryReply | undefined) => void;
}

const NO_CHECKS: SendChecks = {
  edited: () => ({ assertions: [], answerVariables: [] }),
  answerVariables: () => [],
  onAnswer: () => undefined,
};

/** The answer as shown and kept, without what the worker carried from it. */
function withoutCarried({ carried: _carried, ...exchange }: SentExchange): HttpExchange {
  return exchange;
}

export function useRequest(
  profileId: string,
  initial: { draft: Draft | null; answer: Shown | null },
  /** The shared variables of the collection the draft was opened from, if any. */
  shared: readonly NameValue[],
  /** The name of the saved request the draft was opened from, if any. */
  openedName: string | null,
  /** The request's answer variables for each Send, and who is told of every answer. */
  checks: SendChecks = NO_CHECKS,
) {
  const sharedNow = useRef(shared);
  sharedNow.current = shared;
  const nameNow = useRef(openedName);
  nameNow.current = openedName;
  const checksNow = useRef(checks);
  checksNow.current = checks;
  const [draft, setDraftState] = useState<Draft>(initial.draft ?? EMPTY_DRAFT);
  const draftNow = useRef(draft);
  draftNow.current = draft;
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
    const built = draftSavePayload(profileId, pending, checksNow.current.edited());
    if (!built.ok) {
      setDraftNotKept(built.error.message);
      return;
    }
    void ask('workspace/save-draft', built.value).then((reply) => {
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

  /** Saves `next` a moment from now (later edits in the meantime take its place). */
  function saveSoon(next: Draft) {
    if (unsaved.current !== null) clearTimeout(unsaved.current.timer);
    unsaved.current = { timer: setTimeout(saveNow, DRAFT_SAVE_DELAY_MS), draft: next };
  }

  function setDraft(next: Draft) {
    setDraftState(next);
    draftNow.current = next;
    saveSoon(next);
  }

  /** The Tests tab changed: the draft is saved again with its checks. */
  function keepDraft() {
    saveSoon(unsaved.current?.draft ?? draftNow.current);
  }

  /** Sends the draft (or `call`, when it was just put in and the state has not caught up). */
  async function send(call: Draft = draft) {
    if (inFlight !== null) return;
    const at = Date.now();
    const named = nameNow.current === null ? {} : { name: nameNow.current };
    const requestId = crypto.randomUUID();
    const built = sendPayload(
      requestId,
      profileId,
      call,
      sharedNow.current,
      checksNow.current.answerVariables(),
    );
    if (!built.ok) {
      setShown({
        at,
        call,
        outcome: { error: built.error },
        bodyCut: false,
        from: 'sent',
        ...named,
      });
      return;
    }
    setInFlight(requestId);
    const reply = await ask('request/send', built.value);
    setInFlight(null);
    const carried = reply.ok ? reply.value.carried : undefined;
    const answer: Shown = {
      at,
      call,
      outcome: reply.ok ? { exchange: withoutCarried(reply.value) } : { error: reply.error },
      bodyCut: false,
      from: 'sent',
      requestId,
      ...named,
    };
    setShown(answer);
    checksNow.current.onAnswer(answer, carried);
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
    keepDraft,
    draftNotKept,
    sending: inFlight !== null,
    shown,
    send,
    cancel,
    show,
  };
}

export type RequestState = ReturnType<typeof useRequest>;
