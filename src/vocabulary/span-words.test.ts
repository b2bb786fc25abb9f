import { describe, expect, it } from 'vitest';
import { spanWords } from './span-words';

describe('spanWords', () => {
  it('says seconds, minutes and seconds, hours and minutes, whatever the sign', () => {
    expect(spanWords(0)).toBe('0 s');
    expect(spanWords(-8_400)).toBe('8 s');
    expect(spanWords(59_600)).toBe('1 min 0 s');
    expect(spanWords(125_000)).toBe('2 min 5 s');
    expect(spanWords(3_599_000)).toBe('59 min 59 s');
    expect(spanWords(-3_780_000)).toBe('1 h 3 min');
  });
});
