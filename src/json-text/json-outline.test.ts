/**
 * Tests of the outline: listing a container's children with keys and literals as sent, and the
 * whole pipeline (scan, outline, rows, search) on a 10 MB document and on 100 000 levels of
 * nesting, which must not overflow the stack.
 */
import { describe, expect, it } from 'vitest';
import { type JsonOutline, outlineJson } from './json-outline';
import { flattenRows, rowAt } from './json-rows';
import { BodySearch } from './json-search';

function outline(text: string): JsonOutline {
  const result = outlineJson(text);
  if (!result.ok) throw new Error(`not JSON: ${result.error.message} at ${result.error.offset}`);
  return result.outline;
}

/** key, value literal and kind of each direct child: what a row shows. */
function listing(doc: JsonOutline, container = doc.root) {
  return doc
    .children(container)
    .map((child) => [child.key, doc.text.slice(child.start, child.end), child.kind]);
}

function searchAll(text: string, query: string, sliceChars = 1 << 20): number[] {
  const search = new BodySearch(text, query);
  while (!search.step(sliceChars));
  return Array.from({ length: search.count }, (_, i) => search.hitAt(i));
}

describe('listing children', () => {
  it('lists an object’s members with their kinds, stepping over nested values', () => {
    const doc = outline('{"a":1,"b":"two","c":{"d":[1,2,{"e":null}]},"f":[true,false],"g":null}');
    expect(listing(doc)).toEqual([
      ['a', '1', 'number'],
      ['b', '"two"', 'string'],
      ['c', '{"d":[1,2,{"e":null}]}', 'object'],
      ['f', '[true,false]', 'array'],
      ['g', 'null', 'null'],
    ]);
    expect(doc.childCount(doc.root)).toBe(5);
  });

  it('lists array items with no keys', () => {
    const doc = outline('[1, "x", [], {}, [[2]], false]');
    expect(listing(doc)).toEqual([
      [null, '1', 'number'],
      [null, '"x"', 'string'],
      [null, '[]', 'array'],
      [null, '{}', 'object'],
      [null, '[[2]]', 'array'],
      [null, 'false', 'false'],
    ]);
    const nested = doc.childStarts(doc.root)[4] as number;
    expect(listing(doc, nested)).toEqual([[null, '[2]', 'array']]);
  });

  it('keeps escapes in keys and strings as sent, including a string ending in a backslash', () => {
    const doc = outline('{"a\\"b":"say \\"hi\\"","back\\\\":"C:\\\\","u":"\\u00e9\\ud83d\\ude00"}');
    expect(listing(doc)).toEqual([
      ['a\\"b', '"say \\"hi\\""', 'string'],
      ['back\\\\', '"C:\\\\"', 'string'],
      ['u', '"\\u00e9\\ud83d\\ude00"', 'string'],
    ]);
  });

  it('handles raw unicode, including astral characters, by code-unit offsets', () => {
    const doc = outline('{"café":"😀 ünïcödé","日本":[1]}');
    expect(listing(doc)).toEqual([
      ['café', '"😀 ünïcödé"', 'string'],
      ['日本', '[1]', 'array'],
    ]);
  });

  it('accepts whitespace everywhere JSON allows it', () => {
    const doc = outline(' \t\r\n{ \n "a" \t:\r\n [ 1 , 2 ] ,\n"b":{ } \n} \n');
    expect(listing(doc)).toEqual([
      ['a', '[ 1 , 2 ]', 'array'],
      ['b', '{ }', 'object'],
    ]);
    expect(doc.root).toBe(4);
    expect(listing(doc, doc.childStarts(doc.root)[0] as number)).toEqual([
      [null, '1', 'number'],
      [null, '2', 'number'],
    ]);
  });

  it('outlines a scalar document as a root with no children', () => {
    const doc = outline('  "just a string"  ');
    expect(doc.kindAt(doc.root)).toBe('string');
    expect(doc.childCount(doc.root)).toBe(0);
    expect(doc.endOf(doc.root)).toBe(17);
  });
});

describe('large and deep documents', () => {
  it('outlines a generated 10 MB document and lists only what is shown', () => {
    const items = Array.from({ length: 90_000 }, (_, i) =>
      JSON.stringify({
        id: i,
        name: `User ${i}`,
        big: '12345678901234567890',
        tags: ['a', 'b'],
        nested: { deep: { value: i * 1.5 } },
      }).replace('"12345678901234567890"', '12345678901234567890'),
    );
    const text = `[${items.join(',\n')}]`;
    expect(text.length).toBeGreaterThan(10_000_000);
    const doc = outline(text);
    expect(doc.childCount(doc.root)).toBe(90_000);
    expect(doc.valueCount).toBe(1 + 90_000 * 10);
    const rows = flattenRows(doc, new Set([doc.root]));
    expect(rows.count).toBe(90_001);
    const hits = searchAll(text, 'user 8999');
    expect(hits.length).toBe(11);
    const last = doc.pathTo(hits[10] as number);
    expect(last).toHaveLength(3);
    expect(doc.child(last[1] as number, 1)).toMatchObject({ key: 'name', kind: 'string' });
  });

  it('scans 10 000 and 100 000 levels of nesting without recursion', () => {
    for (const depth of [10_000, 100_000]) {
      const text = `${'{"k":['.repeat(depth)}"bottom"${']}'.repeat(depth)}`;
      const doc = outline(text);
      expect(doc.valueCount).toBe(depth * 2 + 1);
      const [hit] = searchAll(text, 'bottom');
      const path = doc.pathTo(hit as number);
      expect(path).toHaveLength(depth * 2 + 1);
      const rows = flattenRows(doc, new Set(path));
      expect(rows.count).toBe(depth * 2 + 1);
      expect(rowAt(doc, rows, new Set(path), rows.count - 1).level).toBe(depth * 2 + 1);
      const broken = outlineJson(text.slice(0, -1));
      expect(broken.ok ? -1 : broken.error.offset).toBe(text.length - 1);
    }
  });
});
