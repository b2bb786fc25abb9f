/**
 * What a Send and a save into a collection take of a request's checks, as the Tests tab edits
 * them (check-edits.ts): the draft keeps every row as it is typed; a Send carries only the answer
 * variables whose name and expression can be used; a save is refused, with the unfinished row
 * named in plain words. No schema library here: the panel loads this at its first paint, and the
 * edits bound every text as it is typed, so a row with no problem is one the collection schema
 * accepts (src/protocol/check-edit-messages.property.test.ts holds both to that).
 */
import { VARIABLE_NAME_PATTERN } from './check-bounds';
import type { AnswerVariable, Assertion, SavedRequest } from './model';

export interface EditedChecks {
  assertions: Assertion[];
  answerVariables: AnswerVariable[];
}

export const NO_CHECKS: EditedChecks = { assertions: [], answerVariables: [] };

/** Why an answer variable cannot be used yet, in the words its field shows, or null. */
export function variableProblem(row: AnswerVariable): string | null {
  if (row.name === '') return 'Give it a name to carry it, such as orderId.';
  if (!VARIABLE_NAME_PATTERN.test(row.name)) {
    return 'A name starts with a letter or _ and has only letters, digits, _ . and -.';
  }
  if (row.expression.trim() === '')
    return 'Give it an expression to read, such as res.body.data.id.';
  return null;
}

/** Why an assertion cannot be checked yet, or null. */
export function assertionProblem(row: Assertion): string | null {
  return row.expression.trim() === ''
    ? 'Give it an expression to check, such as res.status.'
    : null;
}

/** What a Send carries from the answer: the answer variables that can be used as they are. */
export function sendableAnswerVariables(checks: EditedChecks): AnswerVariable[] {
  return checks.answerVariables.filter((row) => variableProblem(row) === null);
}

/** Whether the edited checks are still those of the saved request. */
export function sameChecks(checks: EditedChecks, request: SavedRequest): boolean {
  return (
    JSON.stringify(checks.assertions) === JSON.stringify(request.assertions ?? []) &&
    JSON.stringify(checks.answerVariables) === JSON.stringify(request.answerVariables ?? [])
  );
}
