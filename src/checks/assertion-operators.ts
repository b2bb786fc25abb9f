/**
 * What each assertion operator means, as Bruno's CLI runs it (chai underneath): `eq` is strict
 * equality (the header `"5"` is not the number `5`), `gt`…`lte` and `between` compare numbers,
 * `contains` looks in a text or a list, `length` counts a text's characters or a list's items,
 * `isJson` is a plain object, `isEmpty` an empty text, list or object. Every operator runs in time
 * linear in the value it reads; `matches` takes a linear-time matcher (RE2) from the caller.
 */
import type { AssertionOperator } from '../collections/model';
import { describeValue, parseList, parseOperand } from './assertion-operand';

/** A compiled pattern's search, or why the pattern cannot be used. */
export type PatternSearch = (pattern: string, text: string) => boolean | { problem: string };

/** The verdict: passed, or failed with why (the caller adds what was found). */
export type Verdict = { passed: true } | { passed: false; why: string };

const PASS: Verdict = { passed: true };
const failed = (why: string): Verdict => ({ passed: false, why });
const check = (passed: boolean, why: string): Verdict => (passed ? PASS : failed(why));

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function numbers(actual: unknown, expected: unknown): [number, number] | string {
  if (typeof actual !== 'number') return 'it is not a number';
  if (typeof expected !== 'number') return `the value ${describeValue(expected)} is not a number`;
  return [actual, expected];
}

function compare(operator: 'gt' | 'gte' | 'lt' | 'lte', actual: unknown, value: string): Verdict {
  const pair = numbers(actual, parseOperand(value));
  if (typeof pair === 'string') return failed(pair);
  const [a, b] = pair;
  const passed = { gt: a > b, gte: a >= b, lt: a < b, lte: a <= b }[operator];
  const words = {
    gt: 'greater than',
    gte: 'at least',
    lt: 'less than',
    lte: 'at most',
  }[operator];
  return check(passed, `expected ${words} ${b}`);
}

function contains(actual: unknown, value: string): boolean | string {
  const expected = parseOperand(value);
  if (typeof actual === 'string') return actual.includes(String(expected));
  if (Array.isArray(actual)) return actual.includes(expected);
  return 'it is neither a text nor a list';
}

function isEmpty(actual: unknown): boolean | string {
  if (typeof actual === 'string' || Array.isArray(actual)) return actual.length === 0;
  if (isPlainObject(actual)) {
    for (const _key in actual) return false;
    return true;
  }
  return 'it is neither a text, a list nor an object';
}

function textOf(actual: unknown): string | null {
  if (typeof actual === 'string') return actual;
  return typeof actual === 'number' || typeof actual === 'boolean' ? String(actual) : null;
}

function matches(actual: unknown, value: string, search: PatternSearch): boolean | string {
  const text = textOf(actual);
  if (text === null) return 'it is not a text';
  const found = search(value, text);
  return typeof found === 'boolean' ? found : found.problem;
}

function between(actual: unknown, value: string): Verdict {
  const bounds = parseList(value);
  const [low, high] = bounds;
  if (bounds.length !== 2 || typeof low !== 'number' || typeof high !== 'number') {
    return failed('between takes two numbers, such as 200, 299');
  }
  if (typeof actual !== 'number') return failed('it is not a number');
  return check(actual >= low && actual <= high, `expected between ${low} and ${high}`);
}

/** Runs one operator on the value found; `value` is the assertion's right-hand side as written. */
export function applyOperator(
  operator: AssertionOperator,
  actual: unknown,
  value: string,
  search: PatternSearch,
): Verdict {
  const expected = () => parseOperand(value);
  const shown = () => describeValue(expected());
  const yesNo = (result: boolean | string, negate: boolean, why: string): Verdict =>
    typeof result === 'string' ? failed(result) : check(result !== negate, why);
  switch (operator) {
    case 'eq':
      return check(actual === expected(), `expected ${shown()}`);
    case 'neq':
      return check(actual !== expected(), `expected anything but ${shown()}`);
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return compare(operator, actual, value);
    case 'in':
    case 'notIn': {
      const list = parseList(value);
      const inList = list.includes(actual);
      const listText = describeValue(list);
      return operator === 'in'
        ? check(inList, `expected one of ${listText}`)
        : check(!inList, `expected none of ${listText}`);
    }
    case 'contains':
      return yesNo(contains(actual, value), false, `expected it to contain ${shown()}`);
    case 'notContains':
      return yesNo(contains(actual, value), true, `expected it not to contain ${shown()}`);
    case 'startsWith':
    case 'endsWith': {
      if (typeof actual !== 'string') return failed('it is not a text');
      const part = String(expected());
      return operator === 'startsWith'
        ? check(actual.startsWith(part), `expected it to start with ${JSON.stringify(part)}`)
        : check(actual.endsWith(part), `expected it to end with ${JSON.stringify(part)}`);
    }
    case 'matches':
      return yesNo(matches(actual, value, search), false, `expected it to match /${value}/`);
    case 'notMatches':
      return yesNo(matches(actual, value, search), true, `expected it not to match /${value}/`);
    case 'length': {
      if (typeof actual !== 'string' && !Array.isArray(actual)) {
        return failed('it is neither a text nor a list');
      }
      const length = expected();
      if (typeof length !== 'number') return failed(`the length ${shown()} is not a number`);
      return check(actual.length === length, `expected length ${length}, found ${actual.length}`);
    }
    case 'between':
      return between(actual, value);
    case 'isNumber':
      return check(typeof actual === 'number', 'expected a number');
    case 'isString':
      return check(typeof actual === 'string', 'expected a text');
    case 'isBoolean':
      return check(typeof actual === 'boolean', 'expected true or false');
    case 'isJson':
      return check(isPlainObject(actual), 'expected a JSON object');
    case 'isNull':
      return check(actual === null, 'expected null');
    case 'isUndefined':
      return check(actual === undefined, 'expected nothing there');
    case 'isDefined':
      return check(actual !== undefined, 'expected something there');
    case 'isEmpty':
      return yesNo(isEmpty(actual), false, 'expected it to be empty');
    case 'isNotEmpty':
      return yesNo(isEmpty(actual), true, 'expected it not to be empty');
    case 'isTruthy':
      return check(Boolean(actual), 'expected a truthy value');
    case 'isFalsy':
      return check(!actual, 'expected a falsy value');
  }
}
