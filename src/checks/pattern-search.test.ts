import { describe, expect, it } from 'vitest';
import { MAX_MATCHED_TEXT, MAX_PATTERN, patternSearch } from './pattern-search';

describe('patternSearch', () => {
  it('finds a pattern anywhere in the text, as RegExp.test does', () => {
    expect(patternSearch('b+', 'abbbc')).toBe(true);
    expect(patternSearch('^b', 'abc')).toBe(false);
    expect(patternSearch('^[A-Z]{3}-\\d{4}$', 'ORD-2024')).toBe(true);
    expect(patternSearch('(?i)ord', 'ORD')).toBe(true);
  });

  it('answers catastrophic patterns without backtracking (a backtracking engine would not finish)', () => {
    const text = `${'a'.repeat(100_000)}!`;
    expect(patternSearch('^(a+)+$', text)).toBe(false);
    expect(patternSearch('^(a|aa)*$', text)).toBe(false);
    expect(patternSearch('(x+x+)+y', 'x'.repeat(100_000))).toBe(false);
    expect(patternSearch('a*a*a*a*a*b', 'a'.repeat(100_000))).toBe(false);
  });

  it('refuses patterns RE2 cannot run in linear time, and bad ones, with a reason', () => {
    for (const pattern of ['(?=a)a', '(a)\\1', '(?<!a)b', '(unclosed', '*']) {
      const found = patternSearch(pattern, 'aab');
      expect(typeof found === 'object' && found.problem, pattern).toMatch(/cannot be used/);
    }
  });

  it('bounds the pattern and the text', () => {
    expect(patternSearch('a'.repeat(MAX_PATTERN + 1), 'a')).toEqual({
      problem: `the pattern is longer than ${MAX_PATTERN} characters`,
    });
    expect(patternSearch('a', 'a'.repeat(MAX_MATCHED_TEXT))).toBe(true);
    expect(patternSearch('a', 'a'.repeat(MAX_MATCHED_TEXT + 1))).toMatchObject({
      problem: expect.stringContaining('longer than'),
    });
  });
});
