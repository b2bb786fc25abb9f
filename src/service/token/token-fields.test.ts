import { describe, expect, it } from 'vitest';
import { readInteger, readProductArray, readString, splitProductList } from './token-fields';

describe('readInteger', () => {
  it('reads a JSON whole number as it is, without a note', () => {
    expect(readInteger(3599, 'expires_in')).toEqual({ value: 3599, note: null });
    expect(readInteger(0, 'refresh_token_expires_in')).toEqual({ value: 0, note: null });
    expect(readInteger(-5, 'expires_in')).toEqual({ value: -5, note: null });
  });

  it('accepts the strings Apigee sends ("3599") and says it read them as numbers', () => {
    const read = readInteger('3599', 'expires_in');
    expect(read.value).toBe(3599);
    expect(read.note).toContain('expires_in');
    expect(read.note).toContain('string');
    expect(read.note).toContain('"3599"');
  });

  it('trims spaces around digits and keeps a minus sign', () => {
    expect(readInteger(' 42 ', 'x').value).toBe(42);
    expect(readInteger('-7', 'x').value).toBe(-7);
    expect(readInteger('0003599', 'x').value).toBe(3599);
  });

  it('gives nothing and no note for an absent value (undefined or null)', () => {
    expect(readInteger(undefined, 'x')).toEqual({ value: null, note: null });
    expect(readInteger(null, 'x')).toEqual({ value: null, note: null });
  });

  it('refuses values that are not whole numbers, with a note naming the field and the value', () => {
    for (const raw of [3599.5, '3599.5', '', ' ', '12abc', '0x10', '1e3', true, {}, [], [3599]]) {
      const read = readInteger(raw, 'expires_in');
      expect(read.value, JSON.stringify(raw)).toBeNull();
      expect(read.note, JSON.stringify(raw)).toContain('expires_in');
      expect(read.note).toContain('not a whole number');
    }
  });

  it('refuses numbers beyond the safe integer range (they would be rounded)', () => {
    expect(readInteger(2 ** 53, 'x').value).toBeNull();
    expect(readInteger(Number.POSITIVE_INFINITY, 'x').value).toBeNull();
    expect(readInteger(Number.NaN, 'x').value).toBeNull();
  });

  it('keeps the note short for a huge value', () => {
    const read = readInteger({ pad: 'x'.repeat(10_000) }, 'expires_in');
    expect(read.value).toBeNull();
    expect(read.note?.length ?? 0).toBeLessThan(200);
  });

  // Regression guard: the string pattern takes up to 16 digits, but 16-digit numbers above 2^53 - 1 cannot be
  // held exactly; readInteger('9999999999999999') answers 10000000000000000 with the note "read as
  // the number it spells", which it is not. Numbers of the same size are refused (above).
  it('does not claim a 16-digit string above 2^53 - 1 as the number it spells', () => {
    const read = readInteger('9999999999999999', 'expires_in');
    expect(read.value).toBeNull();
    expect(read.note).toContain('not a whole number');
  });
});

describe('readString', () => {
  it('reads a string as it is', () => {
    expect(readString('approved', 'status')).toEqual({ value: 'approved', note: null });
    expect(readString('', 'scope')).toEqual({ value: '', note: null });
  });

  it('accepts a number or boolean as its text, with a note', () => {
    const read = readString(12345, 'client_id');
    expect(read.value).toBe('12345');
    expect(read.note).toContain('client_id');
    expect(read.note).toContain('number');
    expect(readString(true, 'status').value).toBe('true');
  });

  it('gives nothing for absent values and a note for objects and arrays', () => {
    expect(readString(undefined, 'x')).toEqual({ value: null, note: null });
    expect(readString(null, 'x')).toEqual({ value: null, note: null });
    expect(readString({ a: 1 }, 'status')).toEqual({
      value: null,
      note: 'status is not a string.',
    });
    expect(readString(['a'], 'status').value).toBeNull();
  });
});

describe('splitProductList', () => {
  it('splits the spec bracket string on comma-space and keeps spaces inside names', () => {
    expect(splitProductList('[Partner API Sandbox, Partner Reports]')).toEqual([
      'Partner API Sandbox',
      'Partner Reports',
    ]);
  });

  it('reads an empty list, a single product and a list without brackets', () => {
    expect(splitProductList('[]')).toEqual([]);
    expect(splitProductList('[ ]')).toEqual([]);
    expect(splitProductList('')).toEqual([]);
    expect(splitProductList('[Only One]')).toEqual(['Only One']);
    expect(splitProductList('A, B')).toEqual(['A', 'B']);
  });

  it('tolerates extra spaces around names, brackets and commas', () => {
    expect(splitProductList('  [ Alpha  ,  Beta Gamma , Delta ]  ')).toEqual([
      'Alpha',
      'Beta Gamma',
      'Delta',
    ]);
  });
});

describe('readProductArray', () => {
  it('takes an array of strings as it is', () => {
    expect(readProductArray(['Partner API Sandbox', 'Partner Reports'])).toEqual({
      value: ['Partner API Sandbox', 'Partner Reports'],
      note: null,
    });
    expect(readProductArray([])).toEqual({ value: [], note: null });
  });

  it('gives nothing for an absent value', () => {
    expect(readProductArray(undefined)).toEqual({ value: null, note: null });
    expect(readProductArray(null)).toEqual({ value: null, note: null });
  });

  it('refuses anything else with a note saying api_product_list is used instead', () => {
    for (const raw of ['[A, B]', ['A', 1], [null], { 0: 'A' }, 5]) {
      const read = readProductArray(raw);
      expect(read.value).toBeNull();
      expect(read.note).toContain('api_product_list is used instead');
    }
  });
});
