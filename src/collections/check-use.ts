/**
 * What a Send and a save into a collection take of a request's checks, as the Tests tab edits
 * them (check-edits.ts): the draft keeps every row as it is typed; a Send carries only the answer
 * variables whose name and expression can be used; a save is refused, with the unfinished row
 * named in plain words. No schema library here: the panel loads this at its first paint, and the
 * edits bound every text as it is typed, so a row with no problem is one the collection schema
 * accepts (src/protocol/check-edit-messages.property.test.ts holds both to that).
 */
import { type AppError, fail } from '../vocabulary/errors';
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

/**
 * Why the checks cannot go into a collection yet (the first unfinished row, named as the Tests tab
 * names it), or null. A collection keeps only finished rows, so a save waits for the user.
 */
export function checksProblem(checks: EditedChecks): AppError | null {
  for (const [index, row] of checks.assertions.entries()) {
    const problem = assertionProblem(row);
    if (problem !== null) return unfinished(`Assertion ${index + 1}`, problem);
  }
  for (const [index, row] of checks.answerVariables.entries()) {
    const problem = variableProblem(row);
    if (problem !== null) return unfinished(`Answer variable ${index + 1}`, problem);
  }
  return null;
}

function unfinished(row: string, problem: string): AppError {
  return fail(
    'invalid_request',
    `${row} in the Tests tab is unfinished: ${problem}`,
    'Finish it or remove it (×) in the Tests tab, then save again.',
  ).error;
}

/** The fields a saved request gets: none at all when there are no checks (older files stay as they were). */
function savedChecks(checks: EditedChecks): Partial<EditedChecks> {
  return {
    ...(checks.assertions.length > 0 ? { assertions: checks.assertions } : {}),
    ...(checks.answerVariables.length > 0 ? { answerVariables: checks.answerVariables } : {}),
  };
}

/** `request` with the edited checks in place of its own. */
export function withChecks(request: SavedRequest, checks: EditedChecks): SavedRequest {
  const { assertions: _assertions, answerVariables: _variables, ...call } = request;
  return { ...call, ...savedChecks(checks) };
}

/** Whether the edited checks are still those of the saved request. */
export function sameChecks(checks: EditedChecks, request: SavedRequest): boolean {
  return (
    JSON.stringify(checks.assertions) === JSON.stringify(request.assertions ?? []) &&
    JSON.stringify(checks.answerVariables) === JSON.stringify(request.answerVariables ?? [])
  );
}
