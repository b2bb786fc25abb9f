import { describe, expect, it } from 'vitest';
import { exportCollection } from '../collections/native-format';
import { sampleCollection, seededRandom } from '../testing/fixtures/collections/collection-samples';
import { locateJsonError } from './json-syntax';

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false; // the answer this helper gives
  }
}

describe('locateJsonError', () => {
  it.each([
    ['{"a": 1,}', 1, 9, 'expected a field name in double quotes'],
    ['{\n  "a": 1\n  "b": 2\n}', 3, 3, "expected ',' or '}'"],
    ['[1, 2', 1, 6, 'the file ends too early'],
    ['{"a" 1}', 1, 6, "expected ':' after the field name"],
    ['{"a": tru}', 1, 7, 'expected a value'],
    ['{"a": "x\ny"}', 1, 9, 'a line break or control character in a string'],
    ['{"a": "\\q"}', 1, 8, 'an invalid escape in a string'],
    ['{"a": "open', 1, 12, 'a string that is never closed'],
    ['{} {}', 1, 4, 'more text after the end'],
    ['[1,]', 1, 4, 'expected a value'],
    ['[01]', 1, 3, "expected ',' or ']'"],
    ['', 1, 1, 'the file ends too early'],
  ])('finds the problem in %j at line %i, column %i', (text, line, column, reason) => {
    const found = locateJsonError(text);
    expect(found).toMatchObject({ line, column });
    expect(found?.reason).toContain(reason);
    expect(parses(text)).toBe(false);
  });

  it('finds nothing in valid JSON, including escapes, numbers and nesting', () => {
    for (const text of [
      '{}',
      '[]',
      ' 1 ',
      '-0.5e+3',
      '"\\u00e9\\n"',
      '{"a":[true,false,null,{"b":[]}]}',
    ]) {
      expect(locateJsonError(text)).toBeNull();
    }
  });

  it('agrees with JSON.parse on thousands of cut and corrupted collection files', () => {
    const random = seededRandom(5);
    const alphabet = '{}[],:"\\ \n0-1etrufalsn.eE+x';
    for (let round = 0; round < 2_000; round += 1) {
      const text = exportCollection(sampleCollection(round % 50));
      const at = Math.floor(random() * text.length);
      const char = alphabet[Math.floor(random() * alphabet.length)] as string;
      const candidates = [
        text.slice(0, at),
        text.slice(0, at) + char + text.slice(at + 1),
        text.slice(0, at) + text.slice(at + 1),
      ];
      for (const candidate of candidates) {
        expect(locateJsonError(candidate) === null).toBe(parses(candidate));
      }
    }
  });

  it('explains 10 000-deep unclosed nesting without overflowing the stack', () => {
    expect(locateJsonError('['.repeat(10_000))).toMatchObject({
      reason: 'the file ends too early',
    });
  });
});
