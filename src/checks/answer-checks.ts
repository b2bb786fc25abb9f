/**
 * A saved request's checks run on one answer: each enabled assertion passed or failed, with what
 * was found, and each enabled answer variable's value (as text, as `{{name}}` will put it in the
 * next call) or why it has none. Pure; the pattern engine loads only when a check needs it.
 */
import type { AnswerVariable, Assertion } from '../collections/model';
import { MAX_TEXT } from '../vocabulary/terms';
import { parseExpression } from './answer-expression';
import {
  type CheckedAnswer,
  type ReadableAnswer,
  readableAnswer,
  readValue,
} from './answer-values';
import { describeValue } from './assertion-operand';
import { applyOperator, type PatternSearch } from './assertion-operators';

export interface RequestChecks {
  assertions?: readonly Assertion[] | undefined;
  answerVariables?: readonly AnswerVariable[] | undefined;
}

export interface AssertionResult {
  expression: string;
  operator: Assertion['operator'];
  value: string;
  passed: boolean;
  /** What the expression read, described briefly ("200", "undefined", "[1, 2]"). */
  found: string;
  /** Why it failed ("expected 201", "the expression …"); '' when it passed. */
  why: string;
}

/** A value taken from the answer, or the reason there is none (`value` null). */
export interface CarriedValue {
  name: string;
  expression: string;
  value: string | null;
  problem: string | null;
}

export interface ChecksOutcome {
  assertions: AssertionResult[];
  carried: CarriedValue[];
}

/** What an answer variable's value becomes in text. */
function asText(value: unknown): { value: string } | { problem: string } {
  if (value === undefined) return { problem: 'the answer has nothing there' };
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_TEXT
    ? { problem: `the value is longer than the ${MAX_TEXT} characters a variable may hold` }
    : { value: text };
}

function checkOne(assertion: Assertion, answer: ReadableAnswer, search: PatternSearch) {
  const { expression, operator, value } = assertion;
  const parsed = parseExpression(expression);
  if (!parsed.ok) {
    return { expression, operator, value, passed: false, found: '—', why: parsed.problem };
  }
  const actual = readValue(parsed.value, answer);
  const verdict = applyOperator(operator, actual, value, search);
  const why = verdict.passed ? '' : verdict.why;
  return { expression, operator, value, passed: verdict.passed, found: describeValue(actual), why };
}

function carryOne(variable: AnswerVariable, answer: ReadableAnswer): CarriedValue {
  const { name, expression } = variable;
  const parsed = parseExpression(expression);
  if (!parsed.ok) return { name, expression, value: null, problem: parsed.problem };
  const text = asText(readValue(parsed.value, answer));
  return 'value' in text
    ? { name, expression, value: text.value, problem: null }
    : { name, expression, value: null, problem: text.problem };
}

/** The checks on one answer, with the pattern search given (sync: for callers that hold one). */
export function checkAnswerWith(
  checks: RequestChecks,
  answer: CheckedAnswer,
  search: PatternSearch,
): ChecksOutcome {
  const assertions = (checks.assertions ?? []).filter((item) => item.enabled);
  const variables = (checks.answerVariables ?? []).filter((item) => item.enabled);
  if (assertions.length === 0 && variables.length === 0) return { assertions: [], carried: [] };
  const readable = readableAnswer(answer);
  return {
    assertions: assertions.map((item) => checkOne(item, readable, search)),
    carried: variables.map((item) => carryOne(item, readable)),
  };
}

/** The enabled answer variables' values in one answer (what the worker carries after a call). */
export function takeValues(
  variables: readonly AnswerVariable[],
  answer: CheckedAnswer,
): CarriedValue[] {
  const enabled = variables.filter((item) => item.enabled);
  if (enabled.length === 0) return [];
  const readable = readableAnswer(answer);
  return enabled.map((item) => carryOne(item, readable));
}

const NO_PATTERNS: PatternSearch = () => ({ problem: 'no pattern engine is loaded' });

/** Whether any enabled assertion needs the pattern engine. */
export const needsPatterns = (checks: RequestChecks): boolean =>
  (checks.assertions ?? []).some(
    (item) => item.enabled && (item.operator === 'matches' || item.operator === 'notMatches'),
  );

/** The checks on one answer; loads the pattern engine first when an assertion needs it. */
export async function checkAnswer(
  checks: RequestChecks,
  answer: CheckedAnswer,
): Promise<ChecksOutcome> {
  const search = needsPatterns(checks)
    ? (await import('./pattern-search')).patternSearch
    : NO_PATTERNS;
  return checkAnswerWith(checks, answer, search);
}
