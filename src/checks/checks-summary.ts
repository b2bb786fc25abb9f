/**
 * The count of an answer's checks in words, for the status line and a run's results: "2 of 3
 * checks passed". Types only: the panel shows it without loading the checks' code.
 */
import type { ChecksOutcome } from './answer-checks';

export function checkCounts(outcome: Pick<ChecksOutcome, 'assertions'>): {
  passed: number;
  total: number;
} {
  const passed = outcome.assertions.filter((item) => item.passed).length;
  return { passed, total: outcome.assertions.length };
}

/** "2 of 3 checks passed", or null when there were none. */
export function checksSummary(outcome: Pick<ChecksOutcome, 'assertions'>): string | null {
  const { passed, total } = checkCounts(outcome);
  if (total === 0) return null;
  return `${passed} of ${total} check${total === 1 ? '' : 's'} passed`;
}
