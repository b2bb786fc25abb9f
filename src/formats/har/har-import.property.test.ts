/**
 * Property-based tests of the HAR import: any text gives a valid collection or a typed error; it
 * never throws, never hangs, never pollutes a prototype, never lets a canary credential through,
 * and the safety net (`internal`) is never what answers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateCollection } from '../../collections/collection-schema';
import {
  API,
  canaryValues,
  chromeEntry,
  chromeSavedHar,
  defaultEntries,
} from '../../testing/fixtures/har/har-samples';
import { harShaped } from '../../testing/har-arbitraries';
import { mutatedJsonText, withHostileKey } from '../../testing/json-mutations';
import {
  expectPrototypesClean,
  expectTypedResult,
  MAX_MS,
  NUM_RUNS,
} from '../../testing/property-checks';
import { importHar } from './har-import';

function counter(): () => string {
  let next = 0;
  return () => `id_${++next}`;
}

function importChecked(text: string): ReturnType<typeof importHar> {
  const started = performance.now();
  let result: ReturnType<typeof importHar> | undefined;
  let thrown: unknown = null;
  try {
    result = importHar(text, counter());
  } catch (error) {
    thrown = error;
  }
  expect(thrown, `threw for ${JSON.stringify(text).slice(0, 200)}`).toBeNull();
  expect(performance.now() - started).toBeLessThan(MAX_MS);
  expectTypedResult(result);
  expectPrototypesClean();
  const final = result as ReturnType<typeof importHar>;
  if (final.ok) {
    const valid = validateCollection(final.value.collection);
    expect(valid.ok ? null : valid.error.message).toBeNull();
    const everything = JSON.stringify(final.value);
    for (const canary of canaryValues()) expect(everything).not.toContain(canary);
  } else {
    expect(final.error.code, final.error.message).not.toBe('internal');
  }
  return final;
}

const validSources = fc.oneof(
  fc.constant(JSON.stringify(chromeSavedHar(), null, 2)),
  fc
    .array(fc.webPath(), { minLength: 1, maxLength: 5 })
    .map((paths) =>
      JSON.stringify(chromeSavedHar(paths.map((path) => chromeEntry({ url: `${API}/v1${path}` })))),
    ),
);

/** Chrome's call stacks are dropped unread before the safety check, so keys are planted elsewhere. */
const withoutStacks = fc.array(fc.webPath(), { minLength: 1, maxLength: 3 }).map((paths) => {
  const entries = [
    ...defaultEntries(),
    ...paths.map((path) => chromeEntry({ url: `${API}/v1${path}` })),
  ];
  for (const entry of entries) delete entry._initiator;
  return JSON.stringify(chromeSavedHar(entries));
});

const pollutedFile = withHostileKey(withoutStacks);

const deepFile: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 1, max: 20_000 }), fc.boolean())
  .map(([depth, inEntries]) =>
    inEntries
      ? `{"log":{"entries":[{"request":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}]}}`
      : `${'['.repeat(depth)}${']'.repeat(depth)}`,
  );

const anyText: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.json(),
  harShaped,
  mutatedJsonText(validSources),
  pollutedFile,
  deepFile,
);

describe('importHar, property-based', () => {
  it('answers any text with a valid collection or a typed error, quickly, without throwing', () => {
    fc.assert(
      fc.property(anyText, (input) => void importChecked(input)),
      { numRuns: NUM_RUNS },
    );
  });

  it('answers HAR-shaped files with random parts and canary credentials the same way', () => {
    fc.assert(
      fc.property(harShaped, (input) => void importChecked(input)),
      {
        numRuns: NUM_RUNS,
      },
    );
  });

  it('refuses every file that carries a __proto__, constructor or prototype key', () => {
    fc.assert(
      fc.property(pollutedFile, (input) => {
        expect(importChecked(input).ok).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses hostile nesting, however deep, without overflowing the stack', () => {
    fc.assert(
      fc.property(deepFile, (input) => void importChecked(input)),
      { numRuns: 100 },
    );
  });

  it('imports every /v1 call of a Chrome HAR, whatever its paths', () => {
    fc.assert(
      fc.property(fc.array(fc.webPath(), { minLength: 1, maxLength: 5 }), (paths) => {
        const entries = [
          ...defaultEntries(),
          ...paths.map((path) => chromeEntry({ url: `${API}/v1${path}` })),
        ];
        expect(importChecked(JSON.stringify(chromeSavedHar(entries))).ok).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});
