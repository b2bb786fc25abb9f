/**
 * What the worker keeps so that a reopened panel finds a profile again: its draft and the draft's
 * checks (`storage.local`, written masked by the `workspace/save-draft` handler), its last answer
 * and the answers of its last few history entries, and its last failed token attempt (the last two
 * in `storage.session`, memory only, bodies capped: see src/service/storage/saved-answers.ts).
 * What is kept holds nothing the panel was not already shown, with every held secret masked.
 */
import * as v from 'valibot';
import { StoredDraftChecksSchema } from '../../../src/collections/draft-checks-shape';
import {
  type AnswerStore,
  EMPTY_ANSWERS,
  type SavedAnswer,
  withAnswer,
  withoutProfile,
} from '../../../src/service/storage/saved-answers';
import { StoredDraftsSchema } from '../../../src/service/storage/stored-shapes';
import type { TokenFailureView } from '../../../src/service/token/token-grant';
import { createSerialQueue } from '../../../src/vocabulary/serial-queue';
import { fullRedactor } from './known-secrets';
import { readSession, type SessionKey, writeSession } from './session-store';
import { readKey } from './storage';

/** Our own memory-only data: checked only for its outline; a damaged store starts afresh. */
const AnswerStoreSchema = v.object({
  last: v.record(v.string(), v.looseObject({ at: v.number() })),
  entries: v.array(v.looseObject({ entryId: v.string(), profileId: v.string() })),
});
const TokenFailuresSchema = v.record(v.string(), v.looseObject({ outcome: v.literal('failure') }));

async function readChecked<T>(key: SessionKey, schema: v.GenericSchema, empty: T): Promise<T> {
  const stored = await readSession(key);
  return v.is(schema, stored) ? (stored as T) : empty;
}

export const loadAnswers = () =>
  readChecked<AnswerStore>('answers', AnswerStoreSchema, EMPTY_ANSWERS);
/** A copy: the callers change it before storing it. */
export const loadTokenFailures = async () => ({
  ...(await readChecked<Record<string, TokenFailureView>>(
    'tokenFailures',
    TokenFailuresSchema,
    {},
  )),
});

/** Session writes one at a time: 50 calls answering together must not overwrite each other. */
const inSession = createSerialQueue();

/**
 * Keeps a call's answer for the reopened panel and its history entry. `answer` is a promise: the
 * caller does not wait (the panel has the answer already). If it cannot be kept (storage.session
 * refused it, or the vault locked before the call's secrets could be masked), the profile's older
 * last answer is dropped, so a reopened panel never shows it as the answer to this call.
 */
export function rememberAnswer(
  profileId: string,
  entryId: string | null,
  answer: Promise<SavedAnswer>,
): Promise<void> {
  return inSession(async () => {
    const store = await loadAnswers();
    try {
      await writeSession({ answers: withAnswer(store, profileId, entryId, await answer) });
    } catch {
      const { [profileId]: _older, ...last } = store.last;
      await writeSession({ answers: { ...store, last } });
    }
  }).catch(() => {
    // storage.session itself is failing: nothing is kept, and the call it belongs to has its
    // answer already. The worker has no one to tell; the next write tries again.
  });
}

/**
 * Keeps a failed token attempt's view (a success is the token cache's); null forgets it. The view
 * is kept with every secret masked: a failing server may echo the client secret or a token.
 */
export function rememberTokenFailure(profileId: string, view: TokenFailureView | null) {
  return inSession(async () => {
    const failures = await loadTokenFailures();
    if (view === null && !(profileId in failures)) return;
    if (view === null) delete failures[profileId];
    else failures[profileId] = (await fullRedactor()).deep(view);
    await writeSession({ tokenFailures: failures });
  });
}

/** Forgets what is kept for `profileId`: everything (profile deleted) or its entries' answers. */
export function forgetAnswers(profileId: string, what: 'all' | 'entries') {
  return inSession(async () => {
    await writeSession({ answers: withoutProfile(await loadAnswers(), profileId, what) });
    if (what === 'all') {
      const failures = await loadTokenFailures();
      delete failures[profileId];
      await writeSession({ tokenFailures: failures });
    }
  });
}

export const loadDrafts = () => readKey('drafts', StoredDraftsSchema, {});
export const loadDraftChecks = () => readKey('draftChecks', StoredDraftChecksSchema, {});
