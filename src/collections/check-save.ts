/**
 * What a save into a collection takes of a request's checks: it is refused while a row is
 * unfinished (named as the Tests tab names it), and keeps only the rows as they are. Apart from
 * check-use.ts, which the panel needs at its first paint, since a save loads this when it happens.
 */
import { type AppError, fail } from '../vocabulary/errors';
import { assertionProblem, type EditedChecks, variableProblem } from './check-use';
import type { SavedRequest } from './model';

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
