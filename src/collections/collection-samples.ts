/**
 * Seeded generators of valid collections, for the tests of the native format, the schema file and
 * the collection operations. The same seed gives the same collection on every machine.
 */

import { random } from '../testing/seeded-random';
import { AUTH_METHODS, HTTP_METHODS, type NameValue } from '../vocabulary/terms';
import type { Collection, CollectionItem } from './model';

/** The same seeded generator as the unit tests' (mulberry32). */
export const seededRandom = random;

const PIECES = [
  'Get product',
  'orders',
  '{{orderId}}',
  'Ünïcödé',
  'line\nbreak',
  'tab\there',
  '"quoted"',
  'back\\slash',
  '😀',
  '</script>',
  ' ',
  '\u2028',
  '\u0000',
  'ñ',
  '2024-01-05T10:20:30Z',
  '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
];

export function sampleCollection(seed: number): Collection {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const text = (max: number) => {
    let value = '';
    const parts = Math.floor(random() * 4);
    for (let i = 0; i < parts; i += 1) value += pick(PIECES);
    return value.slice(0, max);
  };
  const name = () => (text(150) || 'Untitled').replace(/[\uD800-\uDBFF]$/, '');
  const rows = (): NameValue[] =>
    Array.from({ length: Math.floor(random() * 3) }, () => ({ name: text(50), value: text(50) }));
  let nextId = 0;
  const id = () => {
    nextId += 1;
    return `s${seed}-${nextId}`;
  };
  const items = (depth: number): CollectionItem[] =>
    Array.from({ length: Math.floor(random() * (depth === 0 ? 6 : 4)) }, () =>
      depth < 8 && random() < 0.3
        ? { kind: 'folder' as const, id: id(), name: name(), items: items(depth + 1) }
        : {
            kind: 'request' as const,
            id: id(),
            name: name(),
            method: pick(HTTP_METHODS),
            path: text(200),
            query: rows(),
            headers: rows(),
            body: random() < 0.5 ? '' : JSON.stringify({ note: text(100), n: random() }, null, 2),
          },
    );
  return {
    id: `c${seed}`,
    name: name(),
    auth: { method: pick(AUTH_METHODS), formEncodeCredentials: random() < 0.5 },
    variables: rows(),
    items: items(0),
  };
}

/** The same data with the keys of every object in a shuffled order (arrays keep theirs). */
export function shuffleKeys<T>(value: T, random: () => number): T {
  if (Array.isArray(value)) return value.map((item) => shuffleKeys(item, random)) as T;
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value);
  for (let i = entries.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [entries[i], entries[j]] = [entries[j] as [string, unknown], entries[i] as [string, unknown]];
  }
  return Object.fromEntries(entries.map(([key, item]) => [key, shuffleKeys(item, random)])) as T;
}
