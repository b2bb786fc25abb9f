/**
 * The checks of a draft that is not (yet) a saved request: its assertions and answer variables,
 * kept beside the draft's call (`storage.local` key `draftChecks`, by profile) so that a reloaded
 * panel gets them back with the rest of the draft. Their own key because the call's stored shape
 * sits beneath the collection model.
 *
 * A draft is what the user is typing, so its rows may be unfinished: an answer variable with no
 * name yet, an assertion with no expression. The draft keeps them as they are (the same bounds of
 * length and count as a saved request's checks, nothing more); names and expressions are checked
 * where they are used, at Send and at a save into a collection (check-edits.ts).
 */
import * as v from 'valibot';
import { MAX_TEXT } from '../vocabulary/terms';
import { ID_PATTERN, MAX_CHECKS, MAX_EXPRESSION } from './collection-schema';
import { ASSERTION_OPERATORS } from './model';

/** VARIABLE_NAME_PATTERN's bound: a draft's name may be anything typed, up to that length. */
const MAX_DRAFT_NAME = 64;

const DraftExpression = v.pipe(v.string(), v.maxLength(MAX_EXPRESSION));

const DraftAssertionSchema = v.strictObject({
  expression: DraftExpression,
  operator: v.picklist(ASSERTION_OPERATORS),
  value: v.pipe(v.string(), v.maxLength(MAX_TEXT)),
  enabled: v.boolean(),
});

const DraftAnswerVariableSchema = v.strictObject({
  name: v.pipe(v.string(), v.maxLength(MAX_DRAFT_NAME)),
  expression: DraftExpression,
  enabled: v.boolean(),
});

export const DraftChecksSchema = v.strictObject({
  assertions: v.pipe(v.array(DraftAssertionSchema), v.maxLength(MAX_CHECKS)),
  answerVariables: v.pipe(v.array(DraftAnswerVariableSchema), v.maxLength(MAX_CHECKS)),
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
