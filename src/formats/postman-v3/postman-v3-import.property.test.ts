/**
 * Property-based tests of the Postman v3 folder import: any files (any paths, any YAML, hostile
 * keys, aliases, deep nesting, a damaged copy of our own export) give a valid collection or a typed
 * refusal, within the time bound, with the prototypes untouched; the safety net never answers.
 */

import fc from 'fast-check';
import { dump } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { validateCollection } from '../../collections/collection-schema';
import { sampleCollection } from '../../testing/fixtures/collections/collection-samples';
import {
  expectPrototypesClean,
  expectTypedResult,
  MAX_MS,
  NUM_RUNS,
} from '../../testing/property-checks';
import type { CollectionFile } from '../opencollection/opencollection-format';
import { buildPostmanCollection, exportPostman } from '../postman/postman-export';
import { importPostman } from '../postman/postman-import';
import { exportPostmanV3 } from './postman-v3-export';
import { importPostmanV3 } from './postman-v3-import';

function importChecked(files: CollectionFile[]): void {
  const started = performance.now();
  let next = 0;
  let result: ReturnType<typeof importPostmanV3> | undefined;
  let thrown: unknown = null;
  try {
    result = importPostmanV3(files, () => `id_${++next}`);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeNull();
  expect(performance.now() - started).toBeLessThan(MAX_MS);
  expectTypedResult(result);
  expectPrototypesClean();
  if (result?.ok) {
    const valid = validateCollection(result.value.collection);
    expect(valid.ok ? null : valid.error.message).toBeNull();
  } else {
    expect(result?.error.code).not.toBe('internal');
  }
}

const segment = fc.oneof(
  fc.constantFrom(
    'postman',
    'collections',
    '.resources',
    'Orders',
    '__proto__',
    '..',
    '',
    'a.resources',
    'examples',
  ),
  fc.string({ maxLength: 12 }),
);
const fileName = fc.oneof(
  fc.constantFrom(
    'definition.yaml',
    'x.request.yaml',
    'Get.request.yml',
    'E.environment.yaml',
    'ok.example.yaml',
  ),
  fc.string({ maxLength: 12 }).map((name) => `${name}.request.yaml`),
);
const path = fc
  .tuple(fc.array(segment, { maxLength: 6 }), fileName)
  .map(([dirs, name]) => [...dirs, name].join('/'));

const hostileKey = fc.constantFrom('__proto__', 'constructor', 'prototype', '$kind', 'order');
const scalar = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
);
const value = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    scalar,
    fc.array(tie('node'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), hostileKey), tie('node'), { maxKeys: 3 }),
  ),
})).node;

const requestData = fc.record(
  {
    $kind: fc.oneof(fc.constant('http-request'), scalar),
    name: value,
    url: fc.oneof(fc.constantFrom('{{baseUrl}}/v1/a?b=1', 'http://x/v1/', ''), value),
    method: fc.oneof(fc.constantFrom('GET', 'POST', 'FETCH'), value),
    order: fc.oneof(fc.integer(), fc.double(), value),
    headers: value,
    queryParams: value,
    pathVariables: value,
    body: fc.oneof(
      fc.record({
        type: fc.constantFrom('json', 'urlencoded', 'formdata', 'graphql', 'none', 'file', 'x'),
        content: value,
      }),
      value,
    ),
    auth: value,
    scripts: fc.oneof(
      fc.array(
        fc.record({
          type: fc.constantFrom('afterResponse', 'beforeRequest', 'x'),
          code: fc.string({ maxLength: 80 }),
        }),
      ),
      value,
    ),
    variables: value,
  },
  { requiredKeys: [] },
);

const yamlText = fc.oneof(
  requestData.map((data) => dump(data)),
  fc.string({ maxLength: 200 }),
  fc.constantFrom(
    'a: &a [*a]\n',
    'x: &a [1,1,1,1,1,1,1,1]\ny: &b [*a,*a,*a,*a,*a,*a,*a,*a]\nz: &c [*b,*b,*b,*b,*b,*b,*b,*b]\nw: [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]\n',
    '__proto__:\n  polluted: yes\n$kind: http-request\n',
    `${'- '.repeat(200)}x\n`,
    '$kind: http-request\nheaders:\n  __proto__: x\n  constructor: y\n',
  ),
);

describe('Postman v3 folder import: hostile input', () => {
  it('answers any files with a valid collection or a typed refusal, in time', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ path, text: yamlText }), { maxLength: 12 }), (files) => {
        importChecked(files);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('answers a damaged copy of our own export (files cut, dropped, swapped) the same way', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        (seed, cuts) => {
          const json = buildPostmanCollection(sampleCollection(seed), {});
          const files = exportPostmanV3(json, 'Env').files.map((file, index) => {
            const cut = cuts[index % Math.max(1, cuts.length)] ?? 0;
            return cut % 3 === 0
              ? file
              : { ...file, text: file.text.slice(0, cut % file.text.length) };
          });
          importChecked(files);
        },
      ),
      { numRuns: Math.min(NUM_RUNS, 100) },
    );
  });

  it('loses nothing the v2.1 round trip keeps: any collection comes back from v3 as from v2.1', () => {
    const strip = (value: unknown): unknown =>
      JSON.parse(JSON.stringify(value, (key, field) => (key === 'id' ? undefined : field)));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (seed) => {
        const collection = sampleCollection(seed);
        let next = 0;
        const newId = () => `id_${++next}`;
        const v21 = importPostman(exportPostman(collection, {}), newId);
        const v3 = importPostmanV3(
          exportPostmanV3(buildPostmanCollection(collection, {}), 'Env').files,
          newId,
        );
        if (!v21.ok || !v3.ok) throw new Error('an import was refused');
        expect(strip(v3.value.collection)).toEqual(strip(v21.value.collection));
      }),
      { numRuns: Math.min(NUM_RUNS, 60) },
    );
  });

  it('refuses a folder nested past the bound without recursing into it', () => {
    const deep = `${Array.from({ length: 5_000 }, (_, i) => `f${i}`).join('/')}/x.request.yaml`;
    importChecked([
      { path: 'C/.resources/definition.yaml', text: '$kind: collection\n' },
      { path: `C/${deep}`, text: '$kind: http-request\n' },
    ]);
  });
});
