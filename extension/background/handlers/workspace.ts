/**
 * Handlers for what a reopened panel finds again for a profile (`workspace/get`, its draft, the
 * draft's checks, its last answer and its token: the cached one, or the last failed attempt),
 * `workspace/save-draft` (the draft kept with every secret the worker holds masked in it) and
 * `history/answer` (the answer of a recent history entry). What is kept is in
 * stores/workspace-store.ts; none of it holds anything the panel was not already shown.
 */
import { type DraftChecks, hasChecks } from '../../../src/collections/draft-checks-shape';
import type { ForgetReason } from '../../../src/protocol/events';
import type { TokenShownView } from '../../../src/protocol/messages';
import type { Handlers } from '../../../src/protocol/router';
import { scrubCall } from '../../../src/service/storage/history';
import {
  type CachedToken,
  isTokenUsable,
  TOKEN_REFRESH_MARGIN_MS,
} from '../../../src/service/token/token-broker';
import type { TokenFailureView } from '../../../src/service/token/token-grant';
import { ok } from '../../../src/vocabulary/errors';
import type { ComposedCall } from '../../../src/vocabulary/terms';
import { createWorkUnderWay } from '../../../src/vocabulary/work-under-way';
import { tell } from '../events';
import { fullRedactor } from '../stores/known-secrets';
import { StorageError, serially, write } from '../stores/storage';
import { sessionTokenCache } from '../stores/token-cache';
import {
  loadAnswers,
  loadDraftChecks,
  loadDrafts,
  loadTokenFailures,
  rememberTokenFailure,
} from '../stores/workspace-store';

/** Drops one profile's token and its last failure, and tells the panel why. */
export async function forgetToken(profileId: string, why: ForgetReason): Promise<void> {
  await sessionTokenCache.delete(profileId);
  await rememberTokenFailure(profileId, null);
  tell({ kind: 'token', profileId, change: 'forgotten', why, atMs: Date.now(), view: null });
}

/**
 * Draft saves under way (their masking and their write). A panel closed and opened again at once
 * (a reload) saves its last edits as it closes and asks for its draft as it opens: the read waits
 * for those saves, so it finds the edits rather than the draft before them.
 */
const draftSaves = createWorkUnderWay();

export const getWorkspace: Handlers['workspace/get'] = async ({ profileId }) => {
  await draftSaves.settled();
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

export const saveDraft: Handlers['workspace/save-draft'] = (payload) =>
  draftSaves.track(keepDraft(payload));

const keepDraft: Handlers['workspace/save-draft'] = async ({ profileId, draft, checks }) => {
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
