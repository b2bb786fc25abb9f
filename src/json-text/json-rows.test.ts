/**
 * Tests of the tree rows: which rows show for an expansion state, their ARIA positions, and the
 * labels they carry (literals exactly as sent, container sizes, long literals clipped).
 */
import { describe, expect, it } from 'vitest';
import { type JsonOutline, outlineJson } from './json-outline';
import { clipLiteral, flattenRows, PREVIEW_CHARS, rowAt, rowIndexOf, rowLabel } from './json-rows';

function outline(text: string): JsonOutline {
  const result = outlineJson(text);
  if (!result.ok) throw new Error(`not JSON: ${result.error.message} at ${result.error.offset}`);
  return result.outline;
}

describe('literals are kept exactly as sent', () => {
  const text =
    '{"big":12345678901234567890,"dec":1.10,"neg":-0,"exp":1E+2,"tiny":5e-324,"s":"a\\/b"}';
  it.each([
    ['big', '12345678901234567890'],
    ['dec', '1.10'],
    ['neg', '-0'],
    ['exp', '1E+2'],
    ['tiny', '5e-324'],
    ['s', '"a\\/b"'],
  ])('%s shows as %s', (key, literal) => {
    const doc = outline(text);
    const expanded = new Set([doc.root]);
    const rows = flattenRows(doc, expanded);
    const labels = Array.from({ length: rows.count }, (_, r) =>
      rowLabel(doc, rowAt(doc, rows, expanded, r)),
    );
    expect(labels.find((label) => label.key?.text === key)?.value.text).toBe(literal);
  });
});

describe('visible rows', () => {
  const text = '{"a":{"b":{"c":1}},"d":[10,20],"e":"x"}';

  function shown(doc: JsonOutline, expanded: Set<number>) {
    const rows = flattenRows(doc, expanded);
    return Array.from({ length: rows.count }, (_, r) => {
      const row = rowAt(doc, rows, expanded, r);
      return `${row.level}:${row.posInSet}/${row.setSize} ${row.key ?? '(root)'}${row.expanded ? ' open' : ''}`;
    });
  }

  it('shows the root alone, then its children once it is expanded', () => {
    const doc = outline(text);
    expect(shown(doc, new Set())).toEqual(['1:1/1 (root)']);
    expect(shown(doc, new Set([doc.root]))).toEqual([
      '1:1/1 (root) open',
      '2:1/3 a',
      '2:2/3 d',
      '2:3/3 e',
    ]);
  });

  it('shows nested and array rows for expanded nodes only, hiding those under a collapsed one', () => {
    const doc = outline(text);
    const [a, d] = doc.childStarts(doc.root);
    const b = doc.childStarts(a as number)[0] as number;
    expect(shown(doc, new Set([doc.root, b, d as number]))).toEqual([
      '1:1/1 (root) open',
      '2:1/3 a',
      '2:2/3 d open',
      '3:1/2 0',
      '3:2/2 1',
      '2:3/3 e',
    ]);
    const all = new Set(doc.containerStarts());
    const rows = flattenRows(doc, all);
    expect(rows.count).toBe(doc.valueCount);
    expect(rowIndexOf(rows, b)).toBe(2);
    expect(rowIndexOf(flattenRows(doc, new Set([doc.root])), b)).toBe(-1);
  });

  it('labels containers with their size, and clips long literals with the whole in a tooltip', () => {
    const long = 'x'.repeat(1000);
    const doc = outline(`{"o":{"k":1},"a":[1,2],"one":[1],"none":{},"long":"${long}"}`);
    const expanded = new Set([doc.root]);
    const rows = flattenRows(doc, expanded);
    const labels = [1, 2, 3, 4].map((r) => rowLabel(doc, rowAt(doc, rows, expanded, r)));
    expect(labels.map((label) => `${label.value.text} ${label.size}`)).toEqual([
      '{…} 1 key',
      '[…] 2 items',
      '[…] 1 item',
      '{} 0 keys',
    ]);
    const longLabel = rowLabel(doc, rowAt(doc, rows, expanded, 5));
    expect(longLabel.value.text).toBe(`"${'x'.repeat(PREVIEW_CHARS - 1)}…`);
    expect(longLabel.value.full).toBe(`"${long}"`);
    expect(clipLiteral('short')).toEqual({ text: 'short', full: null });
  });
});
