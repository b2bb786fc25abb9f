import { describe, expect, it } from 'vitest';
import { NOT_WATCHED } from '../wire/wire-headers';
import type { HttpExchange } from './execute';
import { cutForBudget, fitForMessage } from './message-budget';

const exchange = (bodyText: string): HttpExchange => ({
  request: { method: 'GET', url: 'http://127.0.0.1:1/v1/x', headers: [], wire: NOT_WATCHED },
  status: 200,
  statusText: 'OK',
  headers: [],
  bodyText,
  truncated: false,
  bodyBytes: new TextEncoder().encode(bodyText).byteLength,
  totalBytes: new TextEncoder().encode(bodyText).byteLength,
  durationMs: 1,
});

describe('fitForMessage', () => {
  it('leaves a body alone whose JSON fits', () => {
    const small = exchange('{"a":1}');
    expect(fitForMessage(small, 100)).toBe(small);
  });

  it('cuts control characters, which JSON writes six bytes each, and says so', () => {
    const body = '\u0001'.repeat(1000);
    const fitted = fitForMessage(exchange(body), 600);
    expect(JSON.stringify(fitted.bodyText).length).toBeLessThanOrEqual(600);
    expect(fitted.bodyText.length).toBeGreaterThan(90);
    expect(fitted).toMatchObject({ truncated: true, totalBytes: 1000 });
    expect(fitted.bodyBytes).toBe(fitted.bodyText.length);
  });

  it('keeps the total size known when the body was already cut at the byte cap', () => {
    const cutAlready = { ...exchange('\u0000'.repeat(1000)), truncated: true, totalBytes: null };
    expect(fitForMessage(cutAlready, 600).totalBytes).toBeNull();
  });

  it('answers from its bound when the text fits at 3 bytes a code unit, and walks when not', () => {
    // 300 code units: 6 × 300 is over the budget, 3 × 300 (+ 2) is not.
    const plain = 'a'.repeat(300);
    expect(cutForBudget(plain, 1000)).toBeNull();
    // The same length with `<` (6 bytes each in Chrome's JSON) does not fit: the bound says so,
    // and the walk finds where to cut.
    const escaped = '<'.repeat(300);
    expect(cutForBudget(escaped, 1000)).toBe(166);
    // A few 6-byte code units among many 1-byte ones: still within the bound.
    expect(cutForBudget(`${'a'.repeat(290)}${'&'.repeat(10)}`, 1000)).toBeNull();
    // Unicode above U+07FF costs 3: the bound holds it exactly.
    expect(cutForBudget('€'.repeat(300), 902)).toBeNull();
    expect(cutForBudget('€'.repeat(300), 901)).toBe(299);
  });

  it('never splits a surrogate pair', () => {
    const text = `${'\u0001'.repeat(10)}${'😀'.repeat(10)}`;
    const cut = cutForBudget(text, 2 + 60 + 3 * 3) ?? -1;
    expect(text.slice(0, cut)).toBe(`${'\u0001'.repeat(10)}😀`);
  });
});
