import { describe, expect, it } from 'vitest';
import { MASK, maskSecret } from './mask';

/** The characters of the secret a mask gives away. */
function shownPart(masked: string): string {
  expect(masked.startsWith(MASK)).toBe(true);
  return masked.slice(MASK.length);
}

describe('maskSecret', () => {
  it('shows at most the last 4 characters of a long secret', () => {
    const secret = 'sk_live_0123456789abcdefghij3f9a';
    expect(maskSecret(secret)).toBe('••••3f9a');
  });

  it('never shows more than 4 characters, whatever the length', () => {
    for (let length = 1; length <= 200; length += 1) {
      const secret = 'abcdefghijklmnopqrstuvwxyz0123456789'.repeat(6).slice(0, length);
      const shown = shownPart(maskSecret(secret));
      expect(shown.length).toBeLessThanOrEqual(4);
      // and never a majority of a short secret: at most a quarter of it
      expect(shown.length).toBeLessThanOrEqual(Math.floor(length / 4));
      expect(secret.endsWith(shown)).toBe(true);
    }
  });

  it('shows fewer characters for short secrets, and none for very short ones', () => {
    expect(maskSecret('abc')).toBe('••••');
    expect(maskSecret('abcd')).toBe('••••d');
    expect(maskSecret('abcdefgh')).toBe('••••gh');
    expect(maskSecret('abcdefghijkl')).toBe('••••jkl');
  });

  it('does not reveal the length of the secret through the number of dots', () => {
    expect(maskSecret('ab')).toBe(MASK);
    expect(maskSecret('abc')).toBe(MASK);
    expect(maskSecret('y'.repeat(500))).toBe(`${MASK}yyyy`);
  });

  it('masks an empty secret as an empty string (nothing stored, nothing to hide)', () => {
    expect(maskSecret('')).toBe('');
  });
});
