/**
 * What a reopened panel finds again for a profile: its draft (the call being composed, in
 * `storage.local`, any secret the worker holds masked in it), its last answer and the answers of its last few
 * history entries (in `storage.session`, memory only, bodies capped: see
 * src/service/storage/saved-answers.ts), and its token (the cached one, or the last failed attempt). None of
 * it holds anything the panel was not already shown.
 */
import * as v from 'valibot';
import {
  type DraftChecks,
  hasChecks,
  StoredDraftChecksSchema,
} from '../../../src/collections/draft-checks-shape';
import type { ForgetReason } from '../../../src/protocol/events';
import type { TokenShownView } from '../../../src/protocol/messages';
import type { Handlers } from '../../../src/protocol/router';
import { scrubCall } from '../../../src/service/storage/history';
import {
  type AnswerStore,
  EMPTY_ANSWERS,
  type SavedAnswer,
  withAnswer,
  withoutProfile,
} from '../../../src/service/storage/saved-answers';
import { StoredDraftsSchema } from '../../../src/service/storage/stored-shapes';
import {
  type CachedToken,
  isTokenUsable,
  TOKEN_REFRESH_MARGIN_MS,
} from '../../../src/service/token/token-broker';
import type { TokenFailureView } from '../../../src/service/token/token-grant';
import { ok } from '../../../src/vocabulary/errors';
import { createSerialQueue } from '../../../src/vocabulary/serial-queue';
import type { ComposedCall } from '../../../src/vocabulary/terms';
import { tell } from '../events';
import { fullRedactor } from '../stores/known-secrets';
import { readSession, type SessionKey, writeSession } from '../stores/session-store';
import { readKey, StorageError, serially, write } from '../stores/storage';
import { sessionTokenCache } from '../stores/token-cache';

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

const loadAnswers = () => readChecked<AnswerStore>('answers', AnswerStoreSchema, EMPTY_ANSWERS);
/** A copy: the callers change it before storing it. */
const loadTokenFailures = async () => ({
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

/** Drops one profile's token and its last failure, and tells the panel why. */
export async function forgetToken(profileId: string, why: ForgetReason): Promise<void> {
  await sessionTokenCache.delete(profileId);
  await rememberTokenFailure(profileId, null);
  tell({ kind: 'token', profileId, change: 'forgotten', why, atMs: Date.now(), view: null });
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

export const getWorkspace: Handlers['workspace/get'] = async ({ profileId }) => {
  const [drafts, draftChecks, answers, cached, failures] = await Promise.all([
    loadDrafts(),
    loadDraftChecks(),
    loadAnswers(),
    sessionTokenCache.get(profileId),
    loadTokenFailures(),
  ]);
  const failure = failures[profileId] ?? null;
  return ok({
    draft: drafts[profileId] ?? null,
    checks: draftChecks[profileId] ?? null,
    answer: answers.last[profileId] ?? null,
    token: tokenShown(cached, failure, Date.now()),
  });
};

/**
 * What the panel shows as the token, as the live events would have left it: the cached token while
 * the next call would carry it (with a later failed attempt beside it), else the failed attempt,
 * else the cached token past its use (the badge says expired) or nothing.
 */
function tokenShown(
  cached: CachedToken | undefined,
  failure: TokenFailureView | null,
  nowMs: number,
): TokenShownView | null {
  if (cached !== undefined && isTokenUsable(cached, nowMs, TOKEN_REFRESH_MARGIN_MS)) {
    return { view: cached.view, fromCache: true, refreshFailure: failure };
  }
  if (failure !== null) return { view: failure, fromCache: false, refreshFailure: null };
  return cached === undefined ? null : { view: cached.view, fromCache: true, refreshFailure: null };
}

export const saveDraft: Handlers['workspace/save-draft'] = async ({ profileId, draft, checks }) => {
  let clean: ComposedCall;
  let cleanChecks: DraftChecks | null = null;
  try {
    // Every profile's secrets and every held token, at every save: a draft saved while a key is
    // being typed must not keep even its start.
    const redactor = await fullRedactor();
    clean = scrubCall(draft, redactor.text);
    if (checks !== undefined && hasChecks(checks)) {
      // A draft's rows are free text while they are typed (a name not yet valid, an expression
      // not yet complete): every text of them is masked, as the call's own texts are.
      const assertions = checks.assertions.map((row) => ({
        ...row,
        expression: redactor.text(row.expression),
        value: redactor.text(row.value),
      }));
      const answerVariables = checks.answerVariables.map((row) => ({
        ...row,
        name: redactor.text(row.name),
        expression: redactor.text(row.expression),
      }));
      cleanChecks = { assertions, answerVariables };
    }
  } catch (error) {
    // Locked: the secrets to mask are sealed, so the draft stays in the panel only until unlock.
    if (error instanceof StorageError && error.appError.code === 'vault_locked') {
      return ok({ saved: false });
    }
    throw error;
  }
  return serially(async () => {
    const [drafts, allChecks] = await Promise.all([loadDrafts(), loadDraftChecks()]);
    const { [profileId]: _older, ...otherChecks } = allChecks;
    await write({
      drafts: { ...drafts, [profileId]: clean },
      draftChecks:
        cleanChecks === null ? otherChecks : { ...otherChecks, [profileId]: cleanChecks },
    });
    return ok({ saved: true });
  });
};

export const getHistoryAnswer: Handlers['history/answer'] = async ({ profileId, entryId }) => {
  const { entries } = await loadAnswers();
  const found = entries.find((item) => item.entryId === entryId && item.profileId === profileId);
  return ok({ answer: found?.answer ?? null });
};
