/**
 * Property-based tests of the OpenAPI import: any text (JSON, YAML, OpenAPI-shaped with random
 * parts, damaged, hostile) gives a valid collection or a typed error; it never throws, never
 * hangs, never pollutes a prototype, and the safety net (`internal`) is never what answers.
 */
import fc from 'fast-check';
import { dump } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { validateCollection } from '../../collections/collection-schema';
import {
  openApiPetstoreYaml,
  swaggerPetstore,
} from '../../testing/fixtures/openapi/openapi-petstore-fixture';
import { generatedOpenApiText } from '../../testing/fixtures/openapi/openapi-samples';
import { mutatedJsonText, withHostileKey } from '../../testing/json-mutations';
import {
  expectPrototypesClean,
  expectTypedResult,
  MAX_MS,
  NUM_RUNS,
} from '../../testing/property-checks';
import { importOpenApi } from './openapi-import';

function importChecked(text: string): ReturnType<typeof importOpenApi> {
  let next = 0;
  const started = performance.now();
  let result: ReturnType<typeof importOpenApi> | undefined;
  let thrown: unknown = null;
  try {
    result = importOpenApi(text, () => `id_${++next}`);
  } catch (error) {
    thrown = error;
  }
  expect(thrown, `threw for ${JSON.stringify(text).slice(0, 200)}`).toBeNull();
  expect(performance.now() - started).toBeLessThan(MAX_MS);
  expectTypedResult(result);
  expectPrototypesClean();
  const final = result as ReturnType<typeof importOpenApi>;
  if (final.ok) {
    const valid = validateCollection(final.value.collection);
    expect(valid.ok ? null : valid.error.message).toBeNull();
    for (const line of final.value.summary) expect(line).toBeTypeOf('string');
  } else {
    expect(final.error.code, final.error.message).not.toBe('internal');
  }
  return final;
}

const json = fc.jsonValue({ maxDepth: 2 });
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof(arb, json);
const text = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom('{id}', '__proto__', 'x-apikey', 'Authorization', 'v1', '/v1', '', ' '),
);
const ref = fc.constantFrom(
  '#/components/schemas/A',
  '#/components/schemas/B',
  '#/components/schemas/Missing',
  '#/components/parameters/P',
  '#/components/requestBodies/R',
  '#/definitions/A',
  '#/paths',
  '#/__proto__',
  '#/constructor/prototype',
  '#/components/schemas/A/properties/self',
  'other.yaml#/X',
  'https://example.com/schema.json',
  '#',
  '#/%ZZ',
);

const schema = fc.letrec<{ schema: unknown }>((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small' },
    fc.record({ $ref: ref }),
    fc.record(
      {
        type: maybe(
          fc.constantFrom('object', 'array', 'string', 'integer', 'number', 'boolean', 'null'),
        ),
        format: maybe(fc.constantFrom('uuid', 'date-time', 'email', 'int64')),
        required: maybe(fc.array(text, { maxLength: 3 })),
        properties: maybe(fc.dictionary(text, tie('schema'), { maxKeys: 3 })),
        items: tie('schema'),
        allOf: fc.array(tie('schema'), { maxLength: 3 }),
        oneOf: fc.array(tie('schema'), { maxLength: 3 }),
        example: json,
        enum: maybe(fc.array(json, { maxLength: 3 })),
        readOnly: maybe(fc.boolean()),
      },
      { requiredKeys: [] },
    ),
    json,
  ),
}));

const parameter = fc.oneof(
  fc.record({ $ref: ref }),
  fc.record(
    {
      name: maybe(text),
      in: maybe(
        fc.constantFrom('path', 'query', 'header', 'cookie', 'body', 'formData', 'elsewhere'),
      ),
      required: maybe(fc.boolean()),
      schema: schema.schema,
      example: json,
      'x-example': json,
      type: maybe(fc.constantFrom('string', 'array', 'integer')),
      collectionFormat: maybe(fc.constantFrom('csv', 'multi', 'pipes')),
      explode: maybe(fc.boolean()),
    },
    { requiredKeys: [] },
  ),
  json,
);

const operation = fc.record(
  {
    summary: maybe(text),
    operationId: maybe(text),
    tags: maybe(fc.array(maybe(text), { maxLength: 3 })),
    parameters: maybe(fc.array(parameter, { maxLength: 4 })),
    requestBody: maybe(
      fc.oneof(
        fc.record({ $ref: ref }),
        fc.record({
          content: fc.dictionary(
            fc.constantFrom(
              'application/json',
              'application/xml',
              'application/vnd.x+json',
              '*/*',
              'text/plain',
            ),
            fc.record({ schema: schema.schema, example: json }, { requiredKeys: [] }),
            { maxKeys: 2 },
          ),
        }),
      ),
    ),
    callbacks: maybe(fc.dictionary(text, json, { maxKeys: 2 })),
    security: maybe(
      fc.array(fc.dictionary(fc.constantFrom('key', 'oauth', 'other'), fc.constant([])), {
        maxLength: 2,
      }),
    ),
    servers: maybe(
      fc.array(
        fc.record({
          url: maybe(fc.constantFrom('https://x.example.com/v1', '/v1', '{a}://b', 'ftp:')),
        }),
        { maxLength: 2 },
      ),
    ),
    consumes: maybe(
      fc.array(fc.constantFrom('application/json', 'application/xml'), { maxLength: 2 }),
    ),
  },
  { requiredKeys: [] },
);

const pathItem = fc.oneof(
  fc.record({ $ref: ref }),
  fc.record(
    {
      get: maybe(operation),
      post: maybe(operation),
      put: operation,
      trace: operation,
      parameters: maybe(fc.array(parameter, { maxLength: 2 })),
    },
    { requiredKeys: [] },
  ),
  json,
);

const pathKey = fc.oneof(
  fc.constantFrom('/v1/a', '/v1/a/{id}', '/v1', '/v2/b', '/health', '/v1/{x y}', 'x-ext', '/{id}'),
  text.map((segment) => `/v1/${segment}`),
);

const securitySchemes = fc.dictionary(
  fc.constantFrom('key', 'oauth', 'other'),
  fc.oneof(
    fc.record({
      type: fc.constant('apiKey'),
      in: maybe(fc.constantFrom('header', 'query')),
      name: maybe(fc.constantFrom('x-apikey', 'api_key')),
    }),
    fc.record({
      type: fc.constant('oauth2'),
      flows: maybe(
        fc.record({
          clientCredentials: maybe(
            fc.record({
              tokenUrl: maybe(
                fc.constantFrom('https://a.example.com/o/oauth/accesstoken', '/token', '', 'x'),
              ),
            }),
          ),
        }),
      ),
      flow: maybe(fc.constantFrom('application', 'implicit')),
      tokenUrl: maybe(fc.constantFrom('https://a.example.com/t', '')),
    }),
    json,
  ),
  { maxKeys: 3 },
);

/** OpenAPI- and Swagger-shaped documents with random parts. */
const documentShaped = fc.record(
  {
    openapi: maybe(fc.constantFrom('3.0.3', '3.1.0', '3.2.0', '2.0', '4.0')),
    swagger: maybe(fc.constantFrom('2.0', '1.2')),
    info: maybe(fc.record({ title: maybe(text) }, { requiredKeys: [] })),
    host: maybe(fc.constantFrom('api.example.com', 'user:pw@h', '')),
    basePath: maybe(fc.constantFrom('/v1', '/api', '')),
    servers: maybe(
      fc.array(
        fc.record(
          {
            url: maybe(
              fc.constantFrom('https://api.example.com', 'https://api.example.com/v1', '/v1', ''),
            ),
            variables: json,
          },
          { requiredKeys: [] },
        ),
        { maxLength: 2 },
      ),
    ),
    paths: maybe(fc.dictionary(pathKey, pathItem, { maxKeys: 4 })),
    components: maybe(
      fc.record(
        {
          schemas: maybe(
            fc.dictionary(fc.constantFrom('A', 'B', 'C'), schema.schema, { maxKeys: 3 }),
          ),
          parameters: maybe(fc.record({ P: parameter })),
          requestBodies: maybe(fc.record({ R: json })),
          securitySchemes: maybe(securitySchemes),
        },
        { requiredKeys: [] },
      ),
    ),
    definitions: maybe(fc.record({ A: schema.schema })),
    securityDefinitions: maybe(securitySchemes),
    security: maybe(
      fc.array(fc.dictionary(fc.constantFrom('key', 'oauth', 'other'), fc.constant([])), {
        maxLength: 2,
      }),
    ),
    tags: maybe(fc.array(fc.record({ name: maybe(text) }), { maxLength: 3 })),
    webhooks: maybe(fc.dictionary(text, pathItem, { maxKeys: 2 })),
  },
  { requiredKeys: [] },
);

const goodRef = fc.constantFrom(
  '#/components/schemas/A',
  '#/components/schemas/B',
  '#/components/schemas/Self',
  '#/components/schemas/Self/properties/self',
  'other.yaml#/X',
);
/** Documents are larger than most parsers' inputs: fewer runs keep the suite within its time. */
const DOCUMENT_RUNS = Math.ceil(NUM_RUNS / 2);

/** A schema that requires itself, for cycles. */
const SELF = {
  type: 'object',
  required: ['name', 'self'],
  properties: { name: { type: 'string' }, self: { $ref: '#/components/schemas/Self' } },
};
const keyText = text.filter((key) => !['__proto__', 'constructor', 'prototype'].includes(key));

/** A sound schema for the on-target documents: its $refs lead somewhere (or to another file). */
const goodSchema = fc.letrec<{ schema: unknown }>((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small' },
    fc.record({ $ref: goodRef }),
    fc.record(
      {
        type: fc.constantFrom('object', 'array', 'string', 'integer', 'boolean'),
        required: fc.array(keyText, { maxLength: 3 }),
        properties: fc.dictionary(keyText, tie('schema'), { maxKeys: 3 }),
        items: tie('schema'),
        allOf: fc.array(tie('schema'), { maxLength: 2 }),
        oneOf: fc.array(tie('schema'), { maxLength: 2 }),
        example: json,
      },
      { requiredKeys: ['type'] },
    ),
  ),
}));

const goodOperation = fc.record(
  {
    summary: text,
    tags: fc.array(keyText, { maxLength: 2 }),
    parameters: fc.array(
      fc.record(
        {
          name: keyText,
          in: fc.constantFrom('path', 'query', 'header', 'cookie'),
          required: fc.boolean(),
          schema: goodSchema.schema,
          example: json,
        },
        { requiredKeys: ['name', 'in'] },
      ),
      { maxLength: 4 },
    ),
    requestBody: fc.record({
      content: fc.dictionary(
        fc.constantFrom('application/json', 'application/xml', '*/*'),
        fc.record({ schema: goodSchema.schema, example: json }, { requiredKeys: [] }),
        { maxKeys: 2 },
      ),
    }),
    callbacks: fc.dictionary(keyText, fc.constant({}), { maxKeys: 2 }),
    security: fc.array(fc.dictionary(fc.constantFrom('key', 'oauth', 'other'), fc.constant([])), {
      maxLength: 2,
    }),
  },
  { requiredKeys: [] },
);

/** Documents with a valid envelope and sound $refs, random parts below: mostly imported. */
const documentOnTarget = fc.record(
  {
    openapi: fc.constantFrom('3.0.3', '3.1.0'),
    info: fc.record({ title: text, version: fc.constant('1') }),
    servers: fc.array(
      fc.record({
        url: fc.constantFrom(
          'https://api.example.com',
          'https://api.example.com/v1',
          '/v1',
          'https://h/gw',
        ),
      }),
      { minLength: 1, maxLength: 2 },
    ),
    paths: fc.dictionary(
      pathKey.filter(
        (key) =>
          !key.endsWith('/__proto__') &&
          !key.endsWith('/constructor') &&
          !key.endsWith('/prototype'),
      ),
      fc.record(
        { get: goodOperation, post: goodOperation, delete: goodOperation },
        { requiredKeys: [] },
      ),
      { minKeys: 1, maxKeys: 5 },
    ),
    components: fc.record({
      schemas: fc.record({ A: goodSchema.schema, B: goodSchema.schema, Self: fc.constant(SELF) }),
      securitySchemes: securitySchemes,
    }),
    security: fc.array(fc.dictionary(fc.constantFrom('key', 'oauth', 'other'), fc.constant([])), {
      maxLength: 2,
    }),
    webhooks: fc.dictionary(keyText, fc.record({ post: fc.constant({}) }), { maxKeys: 2 }),
  },
  { requiredKeys: ['openapi', 'info', 'servers', 'paths', 'components'] },
);

const asJson = fc
  .oneof(documentShaped, documentOnTarget)
  .map((document) => JSON.stringify(document));
const asYaml = fc.oneof(documentShaped, documentOnTarget).map((document) => dump(document));

const validSources = fc.constantFrom(
  JSON.stringify(swaggerPetstore()),
  JSON.stringify(swaggerPetstore(), null, 2),
  openApiPetstoreYaml(),
  generatedOpenApiText(40_000),
);

const pollutedJson = withHostileKey(
  validSources.filter((source) => source.trimStart().startsWith('{')),
);

const deepText: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 1, max: 20_000 }), fc.constantFrom('json', 'yaml-flow', 'yaml-block'))
  .map(([depth, kind]) => {
    if (kind === 'json')
      return `{"openapi":"3.0.0","paths":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`;
    if (kind === 'yaml-flow')
      return `openapi: 3.0.0\npaths: ${'['.repeat(depth)}${']'.repeat(depth)}\n`;
    const lines = ['openapi: 3.0.0', 'paths:'];
    for (let i = 1; i <= Math.min(depth, 2_000); i++) lines.push(`${' '.repeat(i)}k${i}:`);
    return lines.join('\n');
  });

/** Ten anchors, each used ten times by the next: a tree of 10^10 leaves in a few hundred bytes. */
function aliasBomb(levels: number): string {
  const lines = ['openapi: 3.0.0', 'x-bomb:', '  l0: &l0 [a, a, a, a, a, a, a, a, a, a]'];
  for (let i = 1; i < levels; i++) {
    lines.push(`  l${i}: &l${i} [${Array.from({ length: 10 }, () => `*l${i - 1}`).join(', ')}]`);
  }
  lines.push(
    'servers: [{url: "https://api.example.com/v1"}]',
    'paths:',
    '  /a:',
    '    post:',
    `      parameters: [{name: q, in: query, example: *l${levels - 1}}]`,
    '      requestBody:',
    '        content:',
    `          application/json: {example: *l${levels - 1}}`,
    "      responses: {'200': {description: OK}}",
  );
  return lines.join('\n');
}

const anyText: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.json(),
  asJson,
  asYaml,
  mutatedJsonText(validSources),
  pollutedJson,
  deepText,
);

describe('importOpenApi, property-based', () => {
  it('answers any text with a valid collection or a typed error, quickly, without throwing', () => {
    fc.assert(
      fc.property(anyText, (input) => {
        importChecked(input);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('imports documents with a sound envelope and random parts into valid collections', () => {
    fc.assert(
      fc.property(documentOnTarget, (document) => {
        importChecked(JSON.stringify(document));
      }),
      { numRuns: DOCUMENT_RUNS },
    );
  });

  it('answers OpenAPI-shaped documents with random parts the same way, as JSON and as YAML', () => {
    fc.assert(
      fc.property(fc.oneof(asJson, asYaml), (input) => {
        importChecked(input);
      }),
      { numRuns: DOCUMENT_RUNS },
    );
  });

  it('refuses every document that carries a __proto__, constructor or prototype key', () => {
    fc.assert(
      fc.property(pollutedJson, (input) => {
        expect(importChecked(input).ok).toBe(false);
      }),
      { numRuns: 100 },
    );
  });

  it('refuses hostile nesting, however deep, without overflowing the stack', () => {
    fc.assert(
      fc.property(deepText, (input) => {
        importChecked(input);
      }),
      { numRuns: 50 },
    );
  });

  it('refuses YAML aliases that would expand to 10^10 values, in bounded time, saying why', () => {
    const started = performance.now();
    const result = importChecked(aliasBomb(10));
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toContain('alias bomb');
  });
});
