/**
 * Property-based tests of Import from Postman: any text gives a collection (always a valid one)
 * or a typed error; it never throws, never hangs, never pollutes a prototype, and the safety net
 * (`internal`) is never what answers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateCollection } from '../../collections/collection-schema';
import { sampleCollection } from '../../testing/fixtures/collections/collection-samples';
import { generatedPostmanCollection } from '../../testing/fixtures/postman/postman-samples';
import { mutatedJsonText, withHostileKey } from '../../testing/json-mutations';
import { expectPrototypesClean, expectTypedResult, MAX_MS } from '../../testing/property-checks';
import { exportPostman } from './postman-export';
import { importPostman } from './postman-import';
import { POSTMAN_SCHEMA_V21 } from './postman-names';

/** Raise with FC_RUNS=5000 for a longer hunt; the default keeps the suite fast. */
const NUM_RUNS = Number(process.env.FC_RUNS) || 300;

function counter(): () => string {
  let next = 0;
  return () => `id_${++next}`;
}

function importChecked(text: string): ReturnType<typeof importPostman> {
  const started = performance.now();
  let result: ReturnType<typeof importPostman> | undefined;
  let thrown: unknown = null;
  try {
    result = importPostman(text, counter());
  } catch (error) {
    thrown = error;
  }
  expect(thrown, `threw for ${JSON.stringify(text).slice(0, 200)}`).toBeNull();
  expect(performance.now() - started).toBeLessThan(MAX_MS);
  expectTypedResult(result);
  expectPrototypesClean();
  const final = result as ReturnType<typeof importPostman>;
  if (final.ok) {
    // Whatever is accepted can be saved: it passes the collection schema and its limits.
    const valid = validateCollection(final.value.collection);
    expect(valid.ok ? null : valid.error.message).toBeNull();
    for (const line of final.value.summary) expect(line).toBeTypeOf('string');
  } else {
    // `internal` is the safety net of a bug, never a designed answer.
    expect(final.error.code, final.error.message).not.toBe('internal');
  }
  return final;
}

const json = fc.jsonValue({ maxDepth: 2 });
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof(arb, json);
const shortText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    '{{baseUrl}}',
    '{{apiKey}}',
    'Authorization',
    'x-api-key',
    'Bearer abc',
    ':id',
    '?',
  ),
);

const kv = fc.record(
  {
    key: maybe(shortText),
    value: maybe(shortText),
    disabled: maybe(fc.boolean()),
    type: maybe(fc.constantFrom('text', 'string', 'secret', 'file')),
    description: maybe(shortText),
  },
  { requiredKeys: [] },
);
const kvList = maybe(fc.array(maybe(kv), { maxLength: 4 }));

const url = fc.oneof(
  shortText,
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.record(
    {
      raw: maybe(fc.oneof(shortText, fc.webUrl({ withQueryParameters: true }))),
      protocol: maybe(fc.constantFrom('https', 'http', 'ftp')),
      host: maybe(fc.oneof(fc.array(maybe(shortText), { maxLength: 3 }), shortText)),
      path: maybe(fc.oneof(fc.array(maybe(shortText), { maxLength: 4 }), shortText)),
      port: maybe(shortText),
      query: kvList,
      variable: kvList,
      hash: maybe(shortText),
    },
    { requiredKeys: [] },
  ),
  json,
);

const auth = maybe(
  fc.record(
    {
      type: maybe(fc.constantFrom('noauth', 'apikey', 'oauth2', 'bearer', 'basic', 'digest')),
      apikey: kvList,
      oauth2: kvList,
      bearer: kvList,
      basic: kvList,
    },
    { requiredKeys: [] },
  ),
);

const events = maybe(
  fc.array(
    maybe(
      fc.record(
        {
          listen: maybe(fc.constantFrom('prerequest', 'test')),
          script: maybe(
            fc.record(
              {
                type: maybe(fc.constant('text/javascript')),
                exec: maybe(fc.oneof(fc.array(maybe(shortText), { maxLength: 3 }), shortText)),
              },
              { requiredKeys: [] },
            ),
          ),
        },
        { requiredKeys: [] },
      ),
    ),
    { maxLength: 2 },
  ),
);

const request = fc.oneof(
  shortText,
  fc.record(
    {
      method: maybe(
        fc.constantFrom(
          'GET',
          'POST',
          'PUT',
          'PATCH',
          'DELETE',
          'HEAD',
          'OPTIONS',
          'get',
          'PROPFIND',
          '',
        ),
      ),
      url,
      header: maybe(fc.oneof(fc.array(maybe(kv), { maxLength: 4 }), shortText)),
      body: maybe(
        fc.record(
          {
            mode: maybe(
              fc.constantFrom('raw', 'urlencoded', 'formdata', 'file', 'graphql', 'none'),
            ),
            raw: maybe(fc.oneof(shortText, fc.json({ maxDepth: 2 }))),
            urlencoded: kvList,
            formdata: kvList,
            options: json,
            disabled: maybe(fc.boolean()),
          },
          { requiredKeys: [] },
        ),
      ),
      auth,
      description: maybe(shortText),
      proxy: json,
      certificate: json,
    },
    { requiredKeys: [] },
  ),
  json,
);

const postmanTree = fc.letrec<{ item: unknown; items: unknown }>((tie) => ({
  item: fc.oneof(
    { depthSize: 'small' },
    fc.record(
      {
        name: maybe(shortText),
        request,
        response: maybe(fc.array(json, { maxLength: 2 })),
        event: events,
        variable: kvList,
        description: maybe(shortText),
        protocolProfileBehavior: json,
        auth,
      },
      { requiredKeys: [] },
    ),
    fc.record(
      {
        name: maybe(shortText),
        item: tie('items'),
        auth,
        event: events,
        description: maybe(shortText),
      },
      { requiredKeys: [] },
    ),
    json,
  ),
  items: fc.oneof({ depthSize: 'small' }, fc.array(tie('item'), { maxLength: 4 }), json),
}));
const postmanItems = postmanTree.items;

/** Postman-shaped files: the right envelope (usually), random parts inside. */
const postmanShaped: fc.Arbitrary<string> = fc
  .record(
    {
      info: maybe(
        fc.record(
          {
            name: maybe(shortText),
            schema: maybe(
              fc.constantFrom(
                POSTMAN_SCHEMA_V21,
                'https://schema.getpostman.com/json/collection/v2.0.0/collection.json',
                'https://schema.postman.com/json/collection/v1.0.0/collection.json',
                'https://example.com/',
              ),
            ),
            _postman_id: maybe(shortText),
            description: maybe(shortText),
          },
          { requiredKeys: [] },
        ),
      ),
      item: postmanItems,
      variable: kvList,
      auth,
      event: events,
    },
    { requiredKeys: [] },
  )
  .map((file) => JSON.stringify(file));

/** Postman files with a valid envelope (info and a list of items), random parts below it. */
const postmanOnTarget: fc.Arbitrary<string> = fc
  .record(
    {
      info: fc.record({
        name: shortText,
        schema: fc.constantFrom(
          POSTMAN_SCHEMA_V21,
          'https://schema.getpostman.com/json/collection/v2.0.0/collection.json',
        ),
        _postman_id: fc.uuid(),
      }),
      item: fc.array(postmanTree.item, { maxLength: 5 }),
      variable: kvList,
      auth,
      event: events,
    },
    { requiredKeys: ['info', 'item'] },
  )
  .map((file) => JSON.stringify(file));

const validSources = fc.oneof(
  fc.integer({ min: 0, max: 100_000 }).map((seed) => exportPostman(sampleCollection(seed))),
  fc.constant(generatedPostmanCollection(2, 3)),
);

/** A valid file text, damaged. */
const mutatedFile = mutatedJsonText(validSources);

/** A valid export with a hostile key put into one of its objects (JSON text: an own property). */
const pollutedFile = withHostileKey(validSources);

const deepFile: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 1, max: 20_000 }), fc.boolean())
  .map(([depth, inItems]) => {
    const nested = `${'{"item":['.repeat(depth)}${']}'.repeat(depth)}`;
    return inItems
      ? `{"info":{"name":"x","schema":"${POSTMAN_SCHEMA_V21}"},"item":[${nested}]}`
      : `${'['.repeat(depth)}${']'.repeat(depth)}`;
  });

const anyText: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.json(),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  postmanShaped,
  postmanOnTarget,
  mutatedFile,
  pollutedFile,
  deepFile,
);

describe('importPostman, property-based', () => {
  it('answers any text with a valid collection or a typed error, quickly, without throwing', () => {
    fc.assert(
      fc.property(anyText, (input) => {
        importChecked(input);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('answers Postman-shaped files with random parts the same way', () => {
    fc.assert(
      fc.property(fc.oneof(postmanShaped, postmanOnTarget), (input) => {
        importChecked(input);
      }),
      { numRuns: NUM_RUNS },
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
      fc.property(deepFile, (input) => {
        importChecked(input);
      }),
      { numRuns: 100 },
    );
  });

  it('imports every collection it exported', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (seed) => {
        expect(importChecked(exportPostman(sampleCollection(seed))).ok).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
