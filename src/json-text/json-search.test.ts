/**
 * Tests of the body search: which keys and scalar values a query finds, that escapes, punctuation
 * and slice boundaries do not change the hits, and that each hit maps to the path revealing it.
 */
import { describe, expect, it } from 'vitest';
import { type JsonOutline, outlineJson } from './json-outline';
import { BodySearch } from './json-search';

function outline(text: string): JsonOutline {
  const result = outlineJson(text);
  if (!result.ok) throw new Error(`not JSON: ${result.error.message} at ${result.error.offset}`);
  return result.outline;
}

function searchAll(text: string, query: string, sliceChars = 1 << 20): number[] {
  const search = new BodySearch(text, query);
  while (!search.step(sliceChars));
  return Array.from({ length: search.count }, (_, i) => search.hitAt(i));
}

describe('search', () => {
  const text =
    '{"Name":"Ann","nick":"anna","list":[{"deep":{"target":"ANN of Green"}}],"n":1234,"x":"a"}';

  it('finds keys and scalar values case-insensitively, each literal once', () => {
    const hits = searchAll(text, 'ann');
    expect(hits.map((start) => text.slice(start, start + 8))).toEqual([
      '"Ann","n',
      '"anna","',
      '"ANN of ',
    ]);
  });

  it('maps each hit to the path that reveals it', () => {
    const doc = outline(text);
    const [, , deep] = searchAll(text, 'ann');
    const path = doc.pathTo(deep as number);
    expect(path.map((node) => text.slice(node, node + 9))).toEqual([
      '{"Name":"',
      '[{"deep":',
      '{"deep":{',
      '{"target"',
      '"ANN of G',
    ]);
    const [key] = searchAll(text, 'name');
    expect(doc.pathTo(key as number).map((node) => text.slice(node, node + 5))).toEqual([
      '{"Nam',
      '"Ann"',
    ]);
  });

  it('matches numbers, keys with quotes, and nothing across literals or in punctuation', () => {
    expect(searchAll(text, '23')).toHaveLength(1);
    expect(searchAll(text, '"nick"')).toHaveLength(1);
    expect(searchAll(text, '","')).toHaveLength(0);
    expect(searchAll(text, ':')).toHaveLength(0);
    expect(searchAll(text, 'a","n')).toHaveLength(0);
    expect(searchAll(text, '')).toHaveLength(0);
    expect(searchAll('[1.5]', '.')).toHaveLength(1);
    expect(searchAll('{"a.b":"(x)"}', '(x)')).toHaveLength(1);
  });

  it('is not misled by escaped quotes and backslashes inside strings', () => {
    const tricky = '{"a":"q\\\\","b":"\\"q\\",","c":[7,"q"]}';
    expect(JSON.parse(tricky)).toEqual({ a: 'q\\', b: '"q",', c: [7, 'q'] });
    const hits = searchAll(tricky, 'q');
    expect(hits.map((start) => tricky.slice(start, start + 3))).toEqual(['"q\\', '"\\"', '"q"']);
    expect(searchAll(tricky, '7')).toEqual([tricky.indexOf('7')]);
  });

  it('gives the same hits whatever the slice size', () => {
    const big = JSON.stringify(
      Array.from({ length: 500 }, (_, i) => ({ id: i, tag: `Tag${i % 7}` })),
    );
    const whole = searchAll(big, 'tag3');
    expect(whole.length).toBe(71);
    expect(searchAll(big, 'tag3', 17)).toEqual(whole);
  });
});
