import { describe, expect, it } from 'vitest';
import { needleScanner } from './needle-scan';

describe('needleScanner', () => {
  it('finds every place of every needle in one scan, overlapping and nested ones too', () => {
    const hits = needleScanner(['aa', 'aaa', 'b', 'ab'])('aaaab aab');
    expect(Object.fromEntries(hits)).toEqual({
      aa: [0, 1, 2, 6],
      aaa: [0, 1],
      ab: [3, 7],
      b: [4, 8],
    });
  });

  it('takes needles literally, and has no entry for a needle that is not there', () => {
    const scan = needleScanner(['a+b/c=', '.e', '(x|y)', '\\u00', 'absent']);
    expect(Object.fromEntries(scan('a+b/c= x.ey (x|y) \\u0041 aab/c='))).toEqual({
      'a+b/c=': [0],
      '.e': [8],
      '(x|y)': [12],
      '\\u00': [18],
    });
  });

  it('finds nothing without needles, ignores an empty one, and starts afresh on each text', () => {
    expect(needleScanner([])('anything').size).toBe(0);
    const scan = needleScanner(['', 'xy']);
    expect(Object.fromEntries(scan('xyxy'))).toEqual({ xy: [0, 2] });
    expect(Object.fromEntries(scan('..xy'))).toEqual({ xy: [2] });
    expect(scan('none').size).toBe(0);
  });

  it('finds needles too long for one regular expression (a 100 KB token and its base64)', () => {
    const token = `L${'0123456789abcdef'.repeat(6400)}`;
    const encoded = btoa(token);
    const scan = needleScanner([token, encoded, `${token.slice(0, 64)}-other`]);
    expect(Object.fromEntries(scan(`a ${token} b ${encoded} ${token}`))).toEqual({
      [token]: [2, 6 + token.length + encoded.length],
      [encoded]: [5 + token.length],
    });
  });
});
