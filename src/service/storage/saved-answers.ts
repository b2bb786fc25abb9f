/**
 * The answers the worker keeps for a reopened panel: the last answer of each profile, and the
 * answers of its last few history entries. DevTools reloads the panel each time it is closed and
 * opened again; these let it show what came back without sending again. They live in
 * `storage.session` (memory only), hold nothing the panel was not already shown (exchanges are
 * masked before they leave the worker), and are kept small: bodies are cut, and the whole store
 * stays under a budget well inside `storage.session`'s 10 MB.
 */
import type { AppError } from '../../vocabulary/errors';
import type { ComposedCall } from '../../vocabulary/terms';
import type { HttpExchange } from '../call/execute';
import type { TimelineStep } from '../call/timeline';

export interface SavedAnswer {
  /** When the call was sent, ms since the epoch. */
  at: number;
  call: ComposedCall;
  outcome: { exchange: HttpExchange } | { error: AppError };
  /** The body was cut to keep the saved answer small: send again to see all of it. */
  bodyCut: boolean;
  /** What the worker did for the call, step by step (absent in answers kept by older builds). */
  timeline?: TimelineStep[];
}

export interface AnswerStore {
  /** The last answer of each profile, by profile id. */
  last: Record<string, SavedAnswer>;
  /** Answers of history entries, newest first. */
  entries: { entryId: string; profileId: string; answer: SavedAnswer }[];
}

export const EMPTY_ANSWERS: AnswerStore = Object.freeze({ last: {}, entries: [] });
/** Body characters kept of a profile's last answer, and of a history entry's answer. */
export const LAST_ANSWER_BODY = 1024 * 1024;
export const ENTRY_ANSWER_BODY = 256 * 1024;
/** History entries per profile whose answers are kept. */
export const ENTRY_ANSWERS_PER_PROFILE = 5;
/** The whole store, in characters of its JSON (storage.session allows 10 MB in all). */
const ANSWERS_BUDGET = 6 * 1024 * 1024;

/** `answer` with its body cut to `maxChars` characters (an image too large is dropped whole). */
export function capAnswer(answer: SavedAnswer, maxChars: number): SavedAnswer {
  if (!('exchange' in answer.outcome)) return answer;
  const { exchange } = answer.outcome;
  const image = exchange.bodyBase64;
  const textTooLong = exchange.bodyText.length > maxChars;
  const imageTooLong = image !== undefined && image.length > maxChars;
  const callTooLong = answer.call.body.length > maxChars;
  if (!textTooLong && !imageTooLong && !callTooLong) return answer;
  const { bodyBase64: _dropped, ...rest } = exchange;
  const kept: HttpExchange = {
    ...(imageTooLong ? rest : exchange),
    bodyText: exchange.bodyText.slice(0, maxChars),
  };
  return {
    ...answer,
    call: callTooLong ? { ...answer.call, body: '' } : answer.call,
    outcome: { exchange: kept },
    bodyCut: answer.bodyCut || textTooLong || imageTooLong,
  };
}

const sizeOf = (value: unknown) => JSON.stringify(value).length;

/** Drops the oldest entry answers, then the oldest last answers, until the store fits `budget`. */
function withinBudget(store: AnswerStore, budget: number): AnswerStore {
  let entries = store.entries;
  let size = sizeOf(store);
  while (size > budget && entries.length > 0) {
    size -= sizeOf(entries[entries.length - 1]);
    entries = entries.slice(0, -1);
  }
  const last = { ...store.last };
  const byAge = Object.entries(last).sort(([, a], [, b]) => a.at - b.at);
  for (const [profileId, answer] of byAge) {
    if (size <= budget) break;
    size -= sizeOf(answer);
    delete last[profileId];
  }
  return { last, entries };
}

/**
 * The store with `answer` as the last answer of `profileId` and, when the call has a history
 * entry, as that entry's answer (the profile keeps its newest few).
 */
export function withAnswer(
  store: AnswerStore,
  profileId: string,
  entryId: string | null,
  answer: SavedAnswer,
  budget = ANSWERS_BUDGET,
): AnswerStore {
  const last = { ...store.last, [profileId]: capAnswer(answer, LAST_ANSWER_BODY) };
  let entries = store.entries;
  if (entryId !== null) {
    let kept = 1;
    entries = [
      { entryId, profileId, answer: capAnswer(answer, ENTRY_ANSWER_BODY) },
      ...store.entries.filter((item) => {
        if (item.profileId !== profileId) return true;
        kept += 1;
        return kept <= ENTRY_ANSWERS_PER_PROFILE;
      }),
    ];
  }
  return withinBudget({ last, entries }, budget);
}

/** The store without anything of `profileId` (deleted profile, cleared history). */
export function withoutProfile(
  store: AnswerStore,
  profileId: string,
  what: 'all' | 'entries' = 'all',
): AnswerStore {
  const last = { ...store.last };
  if (what === 'all') delete last[profileId];
  return { last, entries: store.entries.filter((item) => item.profileId !== profileId) };
}
