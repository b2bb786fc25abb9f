/**
 * fast-check arbitraries that damage valid JSON files the way real files get damaged (cut,
 * spliced with stray text, duplicated, one character replaced, truncated), for importer
 * property tests. Used by tests only.
 */
import fc from 'fast-check';

const PIECES = [
  '{',
  '}',
  '[',
  ']',
  ',',
  ':',
  '"',
  '\\',
  '\\u',
  'null',
  '"__proto__":{}',
  '[[[[',
  '\uFEFF',
];

export function mutatedJsonText(sources: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(
      sources,
      fc.nat(),
      fc.nat(),
      fc.constantFrom('cut', 'insert', 'duplicate', 'replace', 'truncate'),
      fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom(...PIECES), fc.json({ maxDepth: 2 })),
    )
    .map(([source, a, b, operation, piece]) => {
      const start = a % (source.length + 1);
      const end = start + (b % Math.max(1, Math.min(200, source.length - start + 1)));
      switch (operation) {
        case 'cut':
          return source.slice(0, start) + source.slice(end);
        case 'insert':
          return source.slice(0, start) + piece + source.slice(start);
        case 'duplicate':
          return source.slice(0, end) + source.slice(start, end) + source.slice(end);
        case 'replace':
          return source.slice(0, start) + piece + source.slice(start + 1);
        default:
          return source.slice(0, start);
      }
    });
}

/**
 * A valid JSON object text with a hostile key (`__proto__`, `constructor`, `prototype`) put into
 * one of its objects: JSON text makes it an own property, which an import must refuse.
 */
export function withHostileKey(sources: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return (
    fc
      .tuple(sources, fc.nat(), fc.constantFrom('__proto__', 'constructor', 'prototype'))
      .map(([source, at, key]) => {
        const openings = [...source.matchAll(/\{/g)].map((match) => match.index ?? 0);
        const position = (openings[at % openings.length] ?? 0) + 1;
        return `${source.slice(0, position)}${JSON.stringify(key)}:{"polluted":"yes"},${source.slice(position)}`;
      })
      // A brace inside a string value is not an object: keep only the texts that are still JSON.
      .filter((text) => {
        try {
          JSON.parse(text);
          return true;
        } catch {
          return false;
        }
      })
  );
}
