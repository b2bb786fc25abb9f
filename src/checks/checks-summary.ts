/**
 * The count of an answer's checks in words, for the status line and a run's results: "2 of 3
 * checks passed" (the response schema, when there is one, counts as one check). Types only: the
 * panel shows it without loading the checks' code.
 */
import type { ChecksOutcome } from './answer-checks';

/** Each assertion is a check, and so is the response schema when there is one. */
export function checkCounts(outcome: Pick<ChecksOutcome, 'assertions' | 'schema'>): {
  passed: number;
  total: number;
} {
  const schema = outcome.schema === undefined ? [] : [outcome.schema.findings.length === 0];
  const verdicts = [...outcome.assertions.map((item) => item.passed), ...schema];
  return { passed: verdicts.filter(Boolean).length, total: verdicts.length };
}

/** "2 of 3 checks passed", or null when there were none. */
export function checksSummary(
  outcome: Pick<ChecksOutcome, 'assertions' | 'schema'>,
): string | null {
  const { passed, total } = checkCounts(outcome);
  if (total === 0) return null;
  return `${passed} of ${total} check${total === 1 ? '' : 's'} passed`;
}
