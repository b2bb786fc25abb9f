/**
 * The messages the panel builds from what the user types or picks (the draft kept as it is typed,
 * a Send, Copy as code; a profile saved is in profile-save-payload.ts), each built here so that a property test can prove the
 * worker's schema takes every one the panel sends. Where a part is beyond what a message may carry,
 * the answer is a plain error with a hint and nothing is to be sent. Type-only imports of the
 * contract: the panel carries no schema library for these.
 */
import type { DraftChecks } from '../collections/draft-checks-shape';
import type { AnswerVariable } from '../collections/model';
import { fail, ok, type Result } from '../vocabulary/errors';
import {
  type CodeLanguage,
  type ComposedCall,
  type NameValue,
  oversizedPart,
} from '../vocabulary/terms';
import type { RequestOf } from './messages';

/** The payload, or why the call is beyond what a message may carry (with what to do). */
function fitting<T>(call: ComposedCall, hint: string, payload: T): Result<T> {
  const oversized = oversizedPart(call);
  return oversized === null ? ok(payload) : fail('bad_message', oversized, hint);
}

/** The collection's shared variables, when there are any. */
const withShared = (shared: readonly NameValue[]) =>
  shared.length > 0 ? { variables: [...shared] } : {};

/** The draft as it is now, with the Tests tab's rows, to be kept for a reopened panel. */
export function draftSavePayload(
  profileId: string,
  draft: ComposedCall,
  checks: DraftChecks,
): Result<RequestOf<'workspace/save-draft'>> {
  return fitting(draft, 'Shorten it to keep the draft.', { profileId, draft, checks });
}

/** A Send: the call, the collection's shared variables and the answer variables to carry. */
export function sendPayload(
  requestId: string,
  profileId: string,
  call: ComposedCall,
  shared: readonly NameValue[],
  answerVariables: AnswerVariable[],
): Result<RequestOf<'request/send'>> {
  return fitting(call, 'Shorten it, then Send.', {
    requestId,
    profileId,
    ...call,
    ...withShared(shared),
    ...(answerVariables.length > 0 ? { answerVariables } : {}),
  });
}

/** Copy as code (or its preview): the call in `language`, secrets as variables or values. */
export function codeBuildPayload(
  profileId: string,
  language: CodeLanguage,
  mode: 'variables' | 'values',
  call: ComposedCall,
  shared: readonly NameValue[],
): Result<RequestOf<'code/build'>> {
  return fitting(call, 'Shorten it, then copy it.', {
    profileId,
    language,
    mode,
    ...call,
    ...withShared(shared),
  });
}
