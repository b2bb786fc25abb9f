/**
 * A saved request's checks run on one answer: each enabled assertion passed or failed, with what
 * was found, and each enabled answer variable's value (as text, as `{{name}}` will put it in the
 * next call) or why it has none. An assertion's value may name variables (`eq {{orderId}}`):
 * they are resolved as a call's are (profile, collection and carried values), and an unknown
 * one fails the assertion by name. Pure; the pattern engine loads only when a check needs it.
 */
import type { AnswerVariable, Assertion } from '../collections/model';
import { resolveText } from '../service/call/variables';
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
import type { SchemaOutcome } from './schema-check';

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
  /** The answer against its operation's response schema, for a request imported from OpenAPI. */
  schema?: SchemaOutcome;
}

/** What an answer variable's value becomes in text. */
function asText(value: unknown): { value: string } | { problem: string } {
  if (value === undefined) return { problem: 'the answer has nothing there' };
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_TEXT
    ? { problem: `the value is longer than the ${MAX_TEXT} characters a variable may hold` }
    : { value: text };
}

/** The variables an assertion's value may name (variablesOf gives them for a profile). */
export type CheckVariables = ReadonlyMap<string, string>;

const NO_VARIABLES: CheckVariables = new Map();

/** The assertion's value with its `{{variables}}` put in, or why it cannot be compared. */
export function resolveAssertionValue(
  value: string,
  variables: CheckVariables,
): { value: string } | { problem: string } {
  if (!value.includes('{{')) return { value };
  const resolved = resolveText(value, variables);
  if (resolved.cycles.length > 0) {
    return { problem: `variables name each other in a loop: ${resolved.cycles.join('; ')}` };
  }
  if (resolved.unresolved.length > 0) {
    const names = resolved.unresolved.map((name) => `{{${name}}}`).join(', ');
    const one = resolved.unresolved.length === 1;
    return {
      problem: `${names} ${one ? 'is' : 'are'} not defined: no profile, collection or carried variable has ${one ? 'that name' : 'those names'} (define it, or carry it from an earlier answer)`,
    };
  }
  return { value: resolved.text };
}

function checkOne(
  assertion: Assertion,
  answer: ReadableAnswer,
  search: PatternSearch,
  variables: CheckVariables,
) {
  const { expression, operator, value } = assertion;
  const parsed = parseExpression(expression);
  if (!parsed.ok) {
    return { expression, operator, value, passed: false, found: '—', why: parsed.problem };
  }
  const actual = readValue(parsed.value, answer);
  const expected = resolveAssertionValue(value, variables);
  if ('problem' in expected) {
    return {
      expression,
      operator,
      value,
      passed: false,
      found: describeValue(actual),
      why: expected.problem,
    };
  }
  const verdict = applyOperator(operator, actual, expected.value, search);
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

/** The enabled assertions on an answer already read (a run reads each answer once). */
export function checkAssertions(
  assertions: readonly Assertion[] | undefined,
  answer: ReadableAnswer,
  search: PatternSearch,
  variables: CheckVariables = NO_VARIABLES,
): AssertionResult[] {
  return (assertions ?? [])
    .filter((item) => item.enabled)
    .map((item) => checkOne(item, answer, search, variables));
}

/** The enabled answer variables' values in an answer already read. */
export function carryFromReadable(
  variables: readonly AnswerVariable[] | undefined,
  answer: ReadableAnswer,
): CarriedValue[] {
  return (variables ?? []).filter((item) => item.enabled).map((item) => carryOne(item, answer));
}

/**
 * The checks on one answer, with the pattern search given (sync: for callers that hold one);
 * `variables`: what `{{name}}` in an assertion's value stands for.
 */
function checkAnswerWith(
  checks: RequestChecks,
  answer: CheckedAnswer,
  search: PatternSearch,
  variables: CheckVariables = NO_VARIABLES,
): ChecksOutcome {
  const active = (rows: readonly { enabled: boolean }[] | undefined) =>
    (rows ?? []).some((item) => item.enabled);
  if (!active(checks.assertions) && !active(checks.answerVariables)) {
    return { assertions: [], carried: [] };
  }
  const readable = readableAnswer(answer);
  return {
    assertions: checkAssertions(checks.assertions, readable, search, variables),
    carried: carryFromReadable(checks.answerVariables, readable),
  };
}

/** The enabled answer variables' values in one answer (what the worker carries after a call). */
export function takeValues(
  variables: readonly AnswerVariable[],
  answer: CheckedAnswer,
): CarriedValue[] {
  if (!variables.some((item) => item.enabled)) return [];
  return carryFromReadable(variables, readableAnswer(answer));
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
  variables: CheckVariables = NO_VARIABLES,
): Promise<ChecksOutcome> {
  const search = needsPatterns(checks)
    ? (await import('./pattern-search')).patternSearch
    : NO_PATTERNS;
  return checkAnswerWith(checks, answer, search, variables);
}
