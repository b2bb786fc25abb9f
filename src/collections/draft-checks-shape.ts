/**
 * The checks of a draft that is not (yet) a saved request: its assertions and answer variables,
 * kept beside the draft's call (`storage.local` key `draftChecks`, by profile) so that a reloaded
 * panel gets them back with the rest of the draft. Their own key because the call's stored shape
 * sits beneath the collection model; the same bounds as a saved request's checks.
 */
import * as v from 'valibot';
import { AnswerVariablesSchema, AssertionsSchema, ID_PATTERN } from './collection-schema';

export const DraftChecksSchema = v.strictObject({
  assertions: AssertionsSchema,
  answerVariables: AnswerVariablesSchema,
});

export type DraftChecks = v.InferOutput<typeof DraftChecksSchema>;

/** Every profile's draft checks; a profile whose draft has none has no entry. */
export const StoredDraftChecksSchema = v.record(
  v.pipe(v.string(), v.regex(ID_PATTERN)),
  DraftChecksSchema,
);

/** Whether there is anything to keep (an empty Tests tab keeps nothing). */
export const hasChecks = (checks: DraftChecks): boolean =>
  checks.assertions.length > 0 || checks.answerVariables.length > 0;
