/**
 * The Tests tab's checks run on a new answer, reading `{{name}}` as a call would: the profile's
 * variables, the collection's, and the values carried (this answer's included, which the worker
 * has carried already). With no check enabled, or a call that went nowhere, nothing is shown. The
 * checks' code loads with the first answer that has checks to run.
 */
import { withCarried } from '../checks/with-carried';
import type { PreviewProfile } from '../collections/draft-checks';
import type { CarryReply } from '../protocol/messages';
import { variablesOf } from '../service/call/variables';
import type { NameValue } from '../vocabulary/terms';
import type { CommandDeps } from './ask';
import { requestOf } from './request-slice';
import type { Shown } from './request-state';

/** What a Send reads beside the store: the profile's variables and the collection's. */
export interface SendContext {
  profile: PreviewProfile;
  shared: readonly NameValue[];
}

/** Runs the Tests tab's checks on a new answer; the worker has carried its values already. */
export async function checkShown(
  { get, dispatch }: CommandDeps,
  profileId: string,
  context: SendContext,
  shown: Shown,
  carry: CarryReply | undefined,
) {
  const state = get();
  const { checks, opened } = requestOf(state, profileId);
  const carried = carry?.values ?? state.carried[profileId] ?? [];
  const variables = variablesOf(withCarried(context.profile, carried), context.shared);
  const schemas = opened?.request.responseSchemas ?? null;
  const active =
    schemas != null ||
    checks.assertions.some((item) => item.enabled) ||
    checks.answerVariables.some((item) => item.enabled);
  if (!active || 'error' in shown.outcome) {
    return dispatch({ type: 'request/set', profileId, set: { shownChecks: null } });
  }
  const { checkAnswer } = await import('../checks/answer-checks');
  const { exchange } = shown.outcome;
  const outcome = await checkAnswer(checks, exchange, variables);
  if (schemas != null) {
    const { checkResponseSchema } = await import('../checks/schema-check');
    outcome.schema = await checkResponseSchema(schemas, exchange);
  }
  const shownChecks = { at: shown.at, outcome, refused: carry?.refused ?? [] };
  dispatch({ type: 'request/set', profileId, set: { shownChecks } });
}
