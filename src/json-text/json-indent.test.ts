import { describe, expect, it } from 'vitest';
import { random } from '../testing/seeded-random';
import { type IndentCursor, reindentChunk, reindentJson, START } from './json-indent';

/** A small deterministic generator (mulberry32), so a failing case can be replayed. */
describe('reindentJson', () => {
  it('indents objects and arrays by two spaces, with ": " after keys', () => {
    expect(reindentJson('{"a":1,"b":[true,{"c":null}],"d":"x"}')).toBe(
      '{\n  "a": 1,\n  "b": [\n    true,\n    {\n      "c": null\n    }\n  ],\n  "d": "x"\n}',
    );
  });

  it('replaces the whitespace it was given, wherever it was', () => {
    expect(reindentJson(' {\r\n\t"a" :\n 1 ,  "b":[ 1 ,2 ]  }\n')).toBe(
      '{\n  "a": 1,\n  "b": [\n    1,\n    2\n  ]\n}',
    );
  });

  it('keeps number literals exactly as sent: big integers, trailing zeros, exponents', () => {
    const text = '[12345678901234567890,1.10,-0,1E+2,2.5e-10,0.000,1e400]';
    expect(reindentJson(text)).toBe(
      '[\n  12345678901234567890,\n  1.10,\n  -0,\n  1E+2,\n  2.5e-10,\n  0.000,\n  1e400\n]',
    );
    // What the naive JSON.stringify(JSON.parse(x)) would show instead.
    expect(JSON.stringify(JSON.parse(text))).not.toContain('12345678901234567890');
  });

  it('keeps strings exactly, escapes and unicode included', () => {
    const strings = [
      '"a\\"b"',
      '"\\\\"',
      '"ends with backslash \\\\"',
      '"\\u00e9\\ud83d\\ude00\\n\\t\\/"',
      '"é ✓ 😀 \u2028"',
      '"{not: [an, object]}, \\"still\\": \\"a string\\""',
      '"  two  spaces  "',
    ];
    for (const literal of strings) {
      expect(reindentJson(literal), literal).toBe(literal);
      expect(reindentJson(`{"k":${literal}}`), literal).toBe(`{\n  "k": ${literal}\n}`);
      expect(reindentJson(`[${literal},${literal}]`), literal).toBe(
        `[\n  ${literal},\n  ${literal}\n]`,
      );
    }
  });

  it('keeps keys exactly, including ones with escapes, dots and __proto__', () => {
    expect(reindentJson('{"developer.email":"<EMAIL>","a\\"b":1,"__proto__":{}}')).toBe(
      '{\n  "developer.email": "<EMAIL>",\n  "a\\"b": 1,\n  "__proto__": {}\n}',
    );
  });

  it('writes empty containers on one line, even with whitespace inside', () => {
    expect(reindentJson('{}')).toBe('{}');
    expect(reindentJson('[ ]')).toBe('[]');
    expect(reindentJson('{ \n }')).toBe('{}');
    expect(reindentJson('{"a":{},"b":[ ],"c":[[]]}')).toBe(
      '{\n  "a": {},\n  "b": [],\n  "c": [\n    []\n  ]\n}',
    );
  });

  it('reads top-level scalars', () => {
    expect(reindentJson(' 42 ')).toBe('42');
    expect(reindentJson('"text"')).toBe('"text"');
    expect(reindentJson('true')).toBe('true');
    expect(reindentJson('null')).toBe('null');
    expect(reindentJson('-1.50')).toBe('-1.50');
  });

  it('answers null for text that is not JSON', () => {
    for (const text of [
      '',
      ' ',
      '{',
      '{"a":1,}',
      '[1,]',
      "{'a':1}",
      'undefined',
      'NaN',
      '[1]x',
      '"unterminated',
      '01',
      '<html></html>',
      '\uFEFF{}',
    ]) {
      expect(reindentJson(text), JSON.stringify(text)).toBeNull();
    }
  });

  /** A random JSON value; keys and strings include escapes, quotes and non-ASCII. */
  function value(next: () => number, depth: number): unknown {
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
    const text = () => {
      const alphabet = [...'ab Z0:,{}[]"\\/\n\t\u0000\u2028é✓😀'];
      let out = '';
      for (let i = Math.floor(next() * 8); i > 0; i--) out += pick(alphabet);
      return out;
    };
    const roll = next();
    if (depth > 4 || roll < 0.5) {
      return pick([
        () => null,
        () => next() < 0.5,
        () => Math.floor((next() - 0.5) * 1e6),
        () => (next() - 0.5) * 10 ** Math.floor(next() * 40 - 20),
        text,
      ])();
    }
    if (roll < 0.75) {
      return Array.from({ length: Math.floor(next() * 5) }, () => value(next, depth + 1));
    }
    const object: Record<string, unknown> = {};
    for (let i = Math.floor(next() * 5); i > 0; i--) object[text()] = value(next, depth + 1);
    return object;
  }

  /** JSON.stringify's text with random JSON whitespace between the tokens. */
  function spaced(next: () => number, json: string): string {
    let out = '';
    let inString = false;
    for (let i = 0; i < json.length; i++) {
      const char = json[i] as string;
      out += char;
      if (inString) {
        if (char === '\\') out += json[++i];
        else if (char === '"') inString = false;
      } else if (char === '"') {
        inString = true;
      }
      if (!inString && '{}[],:'.includes(char) && next() < 0.5) {
        out += [' ', '\n', '\r\n', '\t', '  '][Math.floor(next() * 5)];
      }
    }
    return next() < 0.5 ? `\n ${out}\t` : out;
  }

  it('gives JSON.stringify(value, null, 2) for 2000 generated values, however spaced', () => {
    const next = random(12_345);
    for (let i = 0; i < 2000; i++) {
      const generated = value(next, 0);
      const compact = JSON.stringify(generated);
      const pretty = JSON.stringify(generated, null, 2);
      expect(reindentJson(compact), compact).toBe(pretty);
      const loose = spaced(next, compact);
      const indented = reindentJson(loose);
      expect(indented, loose).toBe(pretty);
      expect(JSON.parse(indented ?? 'null')).toEqual(JSON.parse(loose));
    }
  });
});

describe('reindentChunk', () => {
  const sample = JSON.stringify({
    data: {
      items: [
        { id: 'prd_1001', name: 'Freight "quote"', unitPrice: 12.5, tags: [], meta: {} },
        { id: 'prd_1002', name: 'Back\\slash', unitPrice: 29.9, active: true, none: null },
      ],
      total: 2,
    },
  }).replace('12.5', '12.50');

  it('writes in pieces exactly what one whole re-indentation writes, whatever the budget', () => {
    const whole = reindentJson(sample);
    for (const budget of [1, 2, 7, 16, 100, 10_000]) {
      let cursor: IndentCursor | null = START;
      const pieces: string[] = [];
      while (cursor !== null) {
        const { out, next } = reindentChunk(sample, cursor, budget);
        expect(out.length > 0 || next === null, `budget ${budget} makes progress`).toBe(true);
        pieces.push(out);
        cursor = next;
      }
      expect(pieces.join(''), `budget ${budget}`).toBe(whole);
    }
  });

  it('stops soon after its budget, between tokens, and says where to go on', () => {
    const text = `[${Array.from({ length: 1000 }, (_, n) => `{"n":${n}}`).join(',')}]`;
    const first = reindentChunk(text, START, 500);
    expect(first.out.length).toBeGreaterThanOrEqual(500);
    expect(first.out.length).toBeLessThan(520);
    expect(first.next?.depth).toBeGreaterThan(0);
    expect(text.slice(first.next?.at ?? 0)).toMatch(/^[[\]{},:"0-9n]/);
  });

  it('keeps literals as sent and ends with a null cursor', () => {
    expect(reindentChunk('[1.10,  -0 ,true,null , 1E+2]  \n', START, 1e9)).toEqual({
      out: '[\n  1.10,\n  -0,\n  true,\n  null,\n  1E+2\n]',
      next: null,
    });
  });
});
