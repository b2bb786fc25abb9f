/**
 * Tests of the validating scan, through `outlineJson`: it accepts what JSON.parse accepts, rejects
 * what it rejects, and says at which offset, line and column the text stops being JSON.
 */
import { describe, expect, it } from 'vitest';
import { outlineJson } from './json-outline';

describe('invalid JSON', () => {
  it.each([
    ['', 0],
    ['   ', 3],
    ['{', 1],
    ['{"a"', 4],
    ['{"a":}', 5],
    ['{"a":1,}', 7],
    ['[1,]', 3],
    ['[1,,2]', 3],
    ['[1 2]', 3],
    ['{a:1}', 1],
    ["{'a':1}", 1],
    ['{"a" 1}', 5],
    ['{"a":1 "b":2}', 7],
    ['01', 1],
    ['-01', 2],
    ['1.', 2],
    ['.5', 0],
    ['+1', 0],
    ['-', 1],
    ['1e', 2],
    ['1e+', 3],
    ['0x10', 1],
    ['tru', 0],
    ['nul', 0],
    ['True', 0],
    ['NaN', 0],
    ['-Infinity', 1],
    ['"abc', 4],
    ['"a\\x"', 3],
    ['"\\u12G4"', 5],
    ['"\\u12"', 5],
    ['"a\nb"', 2],
    ['"tab\there"', 4],
    ['[1]]', 3],
    ['{"a":1}{', 7],
    ['[[[', 3],
    ['{"a":[1,2}', 9],
    ['[1,2}', 4],
    ['\uFEFF{}', 0],
    ['// c\n{}', 0],
    ['{"a":1,"b":2,}', 13],
    ['[undefined]', 1],
  ])('%j fails at offset %i, as JSON.parse agrees', (text, offset) => {
    expect(() => JSON.parse(text)).toThrow();
    const result = outlineJson(text);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.offset).toBe(offset);
      expect(result.error.message).not.toBe('');
    }
  });

  it('says what it found and what it expected, with line and column', () => {
    const result = outlineJson('{\n  "a": 1,\n  }');
    expect(result).toEqual({
      ok: false,
      error: {
        offset: 14,
        line: 3,
        column: 3,
        message: 'Found "}" where a property name in double quotes was expected',
      },
    });
    const ended = outlineJson('[1, 2');
    expect(ended.ok ? '' : ended.error.message).toBe("The text ends where ',' or ']' was expected");
  });

  it.each([
    '0',
    '-0.0e-0',
    '[]',
    '{}',
    'true',
    ' null ',
    '"\\/\\b\\f\\n\\r\\t\\u00FFx"',
    '{"":""}',
  ])('accepts %j', (text) => {
    expect(outlineJson(text).ok).toBe(true);
  });

  it('agrees with JSON.parse on 3 000 mutated documents', () => {
    const base = '{"a":[1,-2.5e3,"x\\"y",true,null],"b":{"c":"\\u00e9","d":[]},"e":0}';
    const alphabet = '{}[]":,\\ -+.eE0123456789tfnulrsax\n';
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let round = 0; round < 3000; round++) {
      const chars = [...base];
      for (let edits = 1 + random(3); edits > 0; edits--) {
        const position = random(chars.length);
        const action = random(3);
        if (action === 0) chars.splice(position, 1);
        else if (action === 1) chars.splice(position, 0, alphabet[random(alphabet.length)] ?? '');
        else chars[position] = alphabet[random(alphabet.length)] ?? '';
      }
      const text = chars.join('');
      let parses = true;
      try {
        JSON.parse(text);
      } catch (error) {
        parses = !(error instanceof SyntaxError);
      }
      const result = outlineJson(text);
      expect(result.ok, text).toBe(parses);
      if (!result.ok) expect(result.error.offset).toBeLessThanOrEqual(text.length);
    }
  });
});
