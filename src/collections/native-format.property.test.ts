/**
 * Property-based tests of the native collection file: any text gives a collection or a typed
 * error (never a throw, a hang or a polluted prototype), and export -> import is lossless for every
 * valid collection.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  sampleCollection,
  seededRandom,
  shuffleKeys,
} from '../testing/fixtures/collections/collection-samples';
import { mutatedJsonText } from '../testing/json-mutations';
import { expectPrototypesClean, expectTypedResult, MAX_MS } from '../testing/property-checks';
import { AUTH_METHODS, HTTP_METHODS } from '../vocabulary/terms';
import { validateCollection } from './collection-schema';
import type { Collection, CollectionItem } from './model';
import { exportCollection, importCollection } from './native-format';

/** Raise with FC_RUNS=5000 for a longer hunt; the default keeps the suite fast. */
const NUM_RUNS = Number(process.env.FC_RUNS) || 300;

function importChecked(text: string): ReturnType<typeof importCollection> {
  const started = performance.now();
  let result: ReturnType<typeof importCollection> | undefined;
  let thrown: unknown = null;
  try {
    result = importCollection(text);
  } catch (error) {
    thrown = error;
  }
  expect(thrown, `threw for ${JSON.stringify(text).slice(0, 200)}`).toBeNull();
  expect(performance.now() - started).toBeLessThan(MAX_MS);
  expectTypedResult(result);
  expectPrototypesClean();
  const final = result as ReturnType<typeof importCollection>;
  // Whatever is accepted is a valid collection (so that saving it cannot fail).
  if (final.ok) expect(validateCollection(final.value).ok).toBe(true);
  return final;
}

/** Text without lone surrogates, as in a file read as UTF-8. */
const text = (maxLength: number) =>
  fc.string({ unit: 'grapheme', maxLength }).filter((value) => value.length <= maxLength);

const rows = fc.array(fc.record({ name: text(40), value: text(40) }), { maxLength: 3 });
const nameText = text(60).filter((value) => value.length >= 1);
const idText = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);

/** Valid collections built by fast-check, following src/collections/model.ts and the schema. */
const collectionArb: fc.Arbitrary<Collection> = fc
  .letrec<{ item: CollectionItem; items: CollectionItem[] }>((tie) => ({
    item: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.record({
        kind: fc.constant('request' as const),
        id: idText,
        name: nameText,
        method: fc.constantFrom(...HTTP_METHODS),
        path: text(80),
        query: rows,
        headers: rows,
        body: fc.oneof(text(200), fc.json({ maxDepth: 3 })),
      }),
      fc.record({
        kind: fc.constant('folder' as const),
        id: idText,
        name: nameText,
        items: tie('items'),
      }),
    ),
    items: fc.array(tie('item'), { maxLength: 4 }),
  }))
  .items.chain((items) =>
    fc.record({
      id: idText,
      name: nameText,
      auth: fc.record({
        method: fc.constantFrom(...AUTH_METHODS),
        formEncodeCredentials: fc.boolean(),
      }),
      variables: rows,
      items: fc.constant(items),
    }),
  )
  .filter((collection) => validateCollection(collection).ok);

const sampled = fc.integer({ min: 0, max: 1_000_000 }).map((seed) => sampleCollection(seed));
const anyValidCollection = fc.oneof(sampled, collectionArb);

/** A valid file text, damaged. */
const mutatedFile = mutatedJsonText(sampled.map(exportCollection));

/** A valid file with a hostile key put into one of its objects (as JSON text, so it is own). */
const pollutedFile: fc.Arbitrary<string> = fc
  .tuple(
    sampled.map(exportCollection),
    fc.nat(),
    fc.constantFrom('__proto__', 'constructor', 'prototype'),
  )
  .map(([source, at, key]) => {
    const openings = [...source.matchAll(/\{\n/g)].map((match) => match.index ?? 0);
    const position = (openings[at % openings.length] ?? 0) + 1;
    return `${source.slice(0, position)}${JSON.stringify(key)}: {"polluted": "yes"},${source.slice(position)}`;
  });

const deepFile: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 1, max: 20_000 }), fc.boolean())
  .map(([depth, inCollection]) => {
    const nested = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    return inCollection
      ? `{"format":"partner-api-devtools.collection","version":1,"collection":${nested}}`
      : nested;
  });

/** An envelope with a random (JSON-made) collection: right format, arbitrary content. */
const randomEnvelope: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(fc.jsonValue({ maxDepth: 4 }), fc.object({ maxDepth: 3 })),
    fc.oneof(fc.constant(1), fc.jsonValue({ maxDepth: 1 })),
  )
  .map(([collection, version]) =>
    JSON.stringify({ format: 'partner-api-devtools.collection', version, collection }),
  );

const anyText: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.json(),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  mutatedFile,
  pollutedFile,
  deepFile,
  randomEnvelope,
);

describe('importCollection, property-based', () => {
  it('answers any text with a valid collection or a typed error, quickly, without throwing', () => {
    fc.assert(
      fc.property(anyText, (input) => {
        importChecked(input);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('refuses every file that carries a __proto__, constructor or prototype key', () => {
    fc.assert(
      fc.property(pollutedFile, (input) => {
        const result = importChecked(input);
        expect(result.ok).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses hostile nesting, however deep, without overflowing the stack', () => {
    fc.assert(
      fc.property(deepFile, (input) => {
        const result = importChecked(input);
        expect(result.ok).toBe(false);
      }),
      { numRuns: 100 },
    );
  });
});

describe('exportCollection -> importCollection, property-based', () => {
  it('gives back every valid collection unchanged, and the same text on a second export', () => {
    fc.assert(
      fc.property(anyValidCollection, (collection) => {
        const exported = exportCollection(collection);
        const result = importChecked(exported);
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        expect(result.value).toEqual(collection);
        expect(exportCollection(result.value)).toBe(exported);
      }),
      { numRuns: 200 },
    );
  });

  it('reads a file whatever the order of its keys and writes it back canonically', () => {
    fc.assert(
      fc.property(anyValidCollection, fc.integer(), (collection, seed) => {
        const exported = exportCollection(collection);
        const shuffled = JSON.stringify(shuffleKeys(JSON.parse(exported), seededRandom(seed)));
        const result = importChecked(shuffled);
        expect(result.ok).toBe(true);
        if (result.ok) expect(exportCollection(result.value)).toBe(exported);
      }),
      { numRuns: 200 },
    );
  });
});
