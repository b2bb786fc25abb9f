import { describe, expect, it } from 'vitest';
import { ASSERTION_OPERATORS, type AssertionOperator } from '../collections/model';
import { applyOperator } from './assertion-operators';
import { patternSearch } from './pattern-search';

const run = (operator: AssertionOperator, actual: unknown, value = '') =>
  applyOperator(operator, actual, value, patternSearch);
const passes = (operator: AssertionOperator, actual: unknown, value = '') =>
  run(operator, actual, value).passed;

/** For every operator: values it passes and values it fails, as Bruno's CLI decides them. */
const CASES: Record<AssertionOperator, { pass: [unknown, string][]; fail: [unknown, string][] }> = {
  eq: {
    pass: [
      [200, '200'],
      ['ok', '"ok"'],
      ['ok', 'ok'],
      [true, 'true'],
      [null, 'null'],
      [-1.5, '-1.5'],
    ],
    fail: [
      [201, '200'],
      ['200', '200'],
      [{}, '{}'],
      [undefined, '200'],
      [true, '"true"'],
    ],
  },
  neq: {
    pass: [
      [201, '200'],
      ['200', '200'],
    ],
    fail: [
      [200, '200'],
      ['a', '"a"'],
    ],
  },
  gt: {
    pass: [[201, '200']],
    fail: [
      [200, '200'],
      ['300', '200'],
      [300, 'abc'],
    ],
  },
  gte: {
    pass: [
      [200, '200'],
      [201, '200'],
    ],
    fail: [
      [199, '200'],
      [undefined, '1'],
    ],
  },
  lt: {
    pass: [[199, '200']],
    fail: [
      [200, '200'],
      [null, '1'],
    ],
  },
  lte: {
    pass: [
      [200, '200'],
      [-5, '0'],
    ],
    fail: [
      [201, '200'],
      [[1], '2'],
    ],
  },
  in: {
    pass: [
      [200, '200, 201'],
      ['b', '"a", "b"'],
      ['a, b', '"a, b", c'],
    ],
    fail: [
      [202, '200, 201'],
      ['200', '200,201'],
    ],
  },
  notIn: { pass: [[202, '200, 201']], fail: [[201, '200, 201']] },
  contains: {
    pass: [
      ['hello world', 'world'],
      [[1, 2, 3], '2'],
      [['x', 'y'], '"y"'],
    ],
    fail: [
      ['hello', 'world'],
      [[1, 2], '"2"'],
      [{ a: 1 }, 'a'],
      [42, '4'],
    ],
  },
  notContains: {
    pass: [
      ['hello', 'world'],
      [[1, 2], '3'],
    ],
    fail: [
      ['hello', 'ell'],
      [5, '5'],
    ],
  },
  startsWith: {
    pass: [['application/json', 'application/']],
    fail: [
      ['text/html', 'app'],
      [12, '1'],
    ],
  },
  endsWith: {
    pass: [
      ['report.pdf', '.pdf'],
      ['a"b', "'b'"],
    ],
    fail: [
      ['report.txt', '.pdf'],
      [null, 'x'],
    ],
  },
  matches: {
    pass: [
      ['ORD-1234', '^ORD-\\d+$'],
      [200, '^2\\d\\d$'],
      ['abc', 'b'],
    ],
    fail: [
      ['ord-1', '^ORD'],
      [{ a: 1 }, 'a'],
      ['x', '(?=x)x'],
    ],
  },
  notMatches: {
    pass: [['abc', '^\\d+$']],
    fail: [
      ['123', '^\\d+$'],
      [undefined, 'x'],
    ],
  },
  length: {
    pass: [
      ['abc', '3'],
      [[1, 2], '2'],
      [[], '0'],
    ],
    fail: [
      ['abc', '4'],
      [{ length: 3 }, '3'],
      [42, '2'],
      ['ab', 'two'],
    ],
  },
  isNumber: {
    pass: [
      [0, ''],
      [-1.5, ''],
    ],
    fail: [
      ['1', ''],
      [null, ''],
    ],
  },
  isString: {
    pass: [
      ['', ''],
      ['x', ''],
    ],
    fail: [
      [1, ''],
      [undefined, ''],
    ],
  },
  isBoolean: {
    pass: [
      [false, ''],
      [true, ''],
    ],
    fail: [
      ['true', ''],
      [0, ''],
    ],
  },
  isJson: {
    pass: [
      [{}, ''],
      [{ a: 1 }, ''],
    ],
    fail: [
      [[], ''],
      [null, ''],
      ['{}', ''],
    ],
  },
  isNull: {
    pass: [[null, '']],
    fail: [
      [undefined, ''],
      [0, ''],
    ],
  },
  isUndefined: {
    pass: [[undefined, '']],
    fail: [
      [null, ''],
      ['', ''],
    ],
  },
  isDefined: {
    pass: [
      [null, ''],
      [0, ''],
      ['', ''],
    ],
    fail: [[undefined, '']],
  },
  isEmpty: {
    pass: [
      ['', ''],
      [[], ''],
      [{}, ''],
    ],
    fail: [
      ['a', ''],
      [[0], ''],
      [{ a: 1 }, ''],
      [0, ''],
    ],
  },
  isNotEmpty: {
    pass: [
      ['a', ''],
      [[0], ''],
      [{ a: 1 }, ''],
    ],
    fail: [
      ['', ''],
      [[], ''],
      [null, ''],
    ],
  },
  isTruthy: {
    pass: [
      [1, ''],
      ['a', ''],
      [{}, ''],
    ],
    fail: [
      [0, ''],
      ['', ''],
      [null, ''],
    ],
  },
  isFalsy: {
    pass: [
      [0, ''],
      ['', ''],
      [undefined, ''],
    ],
    fail: [
      [1, ''],
      ['0', ''],
    ],
  },
  between: {
    pass: [
      [200, '200, 299'],
      [250, '200,299'],
      [299, '200, 299'],
    ],
    fail: [
      [300, '200, 299'],
      ['250', '200, 299'],
      [250, '200'],
      [250, 'a, b'],
    ],
  },
};

describe('applyOperator', () => {
  it('has cases for every operator of the model', () => {
    expect(Object.keys(CASES).sort()).toEqual([...ASSERTION_OPERATORS].sort());
  });

  it.each(ASSERTION_OPERATORS)('%s passes and fails as Bruno decides', (operator) => {
    const { pass, fail } = CASES[operator];
    expect(pass.length).toBeGreaterThan(0);
    expect(fail.length).toBeGreaterThan(0);
    for (const [actual, value] of pass)
      expect(
        passes(operator, actual, value),
        `${operator} ${JSON.stringify(actual)} ${value}`,
      ).toBe(true);
    for (const [actual, value] of fail)
      expect(
        passes(operator, actual, value),
        `${operator} ${JSON.stringify(actual)} ${value}`,
      ).toBe(false);
  });

  it('says why a check failed', () => {
    expect(run('eq', 201, '200')).toEqual({ passed: false, why: 'expected 200' });
    expect(run('gt', 'x', '200')).toEqual({ passed: false, why: 'it is not a number' });
    expect(run('in', 3, '1, 2')).toEqual({ passed: false, why: 'expected one of [1, 2]' });
    expect(run('between', 1, '5')).toEqual({
      passed: false,
      why: 'between takes two numbers, such as 200, 299',
    });
    expect(run('matches', 'x', '(a)\\1')).toMatchObject({
      passed: false,
      why: expect.stringContaining('cannot be used'),
    });
  });

  it('runs in linear time on huge values', () => {
    const huge = 'a'.repeat(5_000_000);
    expect(passes('contains', huge, 'b')).toBe(false);
    expect(passes('length', huge, '5000000')).toBe(true);
    expect(passes('startsWith', huge, 'aaa')).toBe(true);
    // Texts past the pattern bound are refused rather than searched for long.
    expect(run('matches', huge, '(a+)+$')).toMatchObject({
      passed: false,
      why: expect.stringContaining('longer than'),
    });
    const list = Array.from({ length: 1_000_000 }, (_, index) => index);
    expect(passes('contains', list, '999999')).toBe(true);
    expect(
      passes('isNotEmpty', Object.fromEntries(list.slice(0, 100_000).map((n) => [n, n]))),
    ).toBe(true);
  });
});
