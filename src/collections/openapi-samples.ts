/**
 * A large OpenAPI 3.0 document for tests and the benchmark (`npm run bench`), generated the way
 * real provider descriptions look: resources with list/get/create/update/delete operations under
 * tags, shared parameters and schemas behind `$ref`s (with `allOf`, `oneOf` and a self-reference),
 * long descriptions, response examples, a few operations outside `/v1`, and the provider's
 * security schemes. Seeded: the same seed and size give the same text on every machine.
 * Not used by the extension.
 */
import { random } from '../testing/seeded-random';

const WORDS = [
  'partner',
  'order',
  'shipment',
  'invoice',
  'the',
  'a',
  'returns',
  'list',
  'of',
  'for',
  'company',
  'created',
  'updated',
  'status',
  'when',
  'is',
  'not',
  'field',
  'value',
  'request',
  'response',
  'see',
  'documentation',
  'pagination',
  'cursor',
  'identifier',
  'amount',
  'currency',
  'delivery',
  'address',
];

type Json = Record<string, unknown>;

function generator(seed: number) {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const sentence = (words: number): string => {
    const parts: string[] = [];
    for (let i = 0; i < words; i++) parts.push(pick(WORDS));
    const text = parts.join(' ');
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  };
  return { next, pick, sentence };
}

type Generator = ReturnType<typeof generator>;

function resourceSchemas(name: string, g: Generator): Record<string, Json> {
  const properties: Json = {
    id: { type: 'string', format: 'uuid', example: '3f2504e0-4f89-11d3-9a0c-0305e82c3301' },
    status: { type: 'string', enum: ['draft', 'active', 'archived'] },
    createdAt: { type: 'string', format: 'date-time', readOnly: true },
    amount: { $ref: '#/components/schemas/Money' },
    address: { $ref: '#/components/schemas/Address' },
    tags: { type: 'array', items: { type: 'string' }, description: g.sentence(12) },
    parent: { $ref: `#/components/schemas/${name}` },
    payment: {
      oneOf: [
        { $ref: '#/components/schemas/CardPayment' },
        { $ref: '#/components/schemas/InvoicePayment' },
      ],
    },
  };
  for (let i = 0; i < 8; i++) {
    properties[`field${i}`] = {
      type: g.pick(['string', 'integer', 'boolean', 'number']),
      description: g.sentence(20 + Math.floor(g.next() * 30)),
    };
  }
  return {
    [name]: {
      type: 'object',
      description: g.sentence(40),
      required: ['id', 'status', 'amount'],
      properties,
    },
    [`${name}Input`]: {
      allOf: [
        { $ref: '#/components/schemas/Metadata' },
        {
          type: 'object',
          required: ['status', 'amount', 'field0'],
          properties: {
            status: { type: 'string', enum: ['draft', 'active'] },
            amount: { $ref: '#/components/schemas/Money' },
            field0: { type: 'string', example: `${name.toLowerCase()}-sample` },
            note: { type: 'string', description: g.sentence(25) },
          },
        },
      ],
    },
    [`${name}List`]: {
      type: 'object',
      required: ['items'],
      properties: {
        items: { type: 'array', items: { $ref: `#/components/schemas/${name}` } },
        nextCursor: { type: 'string', nullable: true },
      },
    },
  };
}

function listResponse(name: string, g: Generator): Json {
  return {
    description: g.sentence(15),
    content: {
      'application/json': {
        schema: { $ref: `#/components/schemas/${name}List` },
        example: {
          items: [
            { id: '3f2504e0-4f89-11d3-9a0c-0305e82c3301', status: 'active', note: g.sentence(30) },
          ],
          nextCursor: null,
        },
      },
    },
  };
}

const ERRORS: Json = {
  '400': { $ref: '#/components/responses/BadRequest' },
  '401': { $ref: '#/components/responses/Unauthorized' },
  '404': { $ref: '#/components/responses/NotFound' },
};

function resourcePaths(name: string, plural: string, tag: string, g: Generator): Json {
  const one = `${name.charAt(0).toLowerCase()}${name.slice(1)}Id`;
  const idParameter = {
    name: one,
    in: 'path',
    required: true,
    description: g.sentence(10),
    schema: { type: 'string', example: `${plural}-0001` },
  };
  const input = {
    required: true,
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}Input` } } },
  };
  const single = {
    '200': {
      description: g.sentence(12),
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } },
    },
    ...ERRORS,
  };
  return {
    [`/v1/${plural}`]: {
      get: {
        tags: [tag],
        summary: `List ${plural}`,
        operationId: `list${name}s`,
        description: g.sentence(60),
        parameters: [
          { $ref: '#/components/parameters/Limit' },
          { $ref: '#/components/parameters/Cursor' },
          { name: 'status', in: 'query', schema: { type: 'string', enum: ['draft', 'active'] } },
        ],
        responses: { '200': listResponse(name, g), ...ERRORS },
      },
      post: {
        tags: [tag],
        summary: `Create a ${name.toLowerCase()}`,
        operationId: `create${name}`,
        description: g.sentence(60),
        requestBody: input,
        responses: single,
      },
    },
    [`/v1/${plural}/{${one}}`]: {
      parameters: [idParameter],
      get: {
        tags: [tag],
        summary: `Get a ${name.toLowerCase()}`,
        operationId: `get${name}`,
        description: g.sentence(50),
        responses: single,
      },
      put: {
        tags: [tag],
        operationId: `replace${name}`,
        description: g.sentence(50),
        requestBody: input,
        responses: single,
      },
      delete: {
        tags: [tag],
        summary: `Delete a ${name.toLowerCase()}`,
        operationId: `delete${name}`,
        responses: { '204': { description: 'Deleted.' }, ...ERRORS },
      },
    },
  };
}

function sharedComponents(g: Generator): Json {
  const problem = {
    description: g.sentence(10),
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } },
  };
  return {
    parameters: {
      Limit: { name: 'limit', in: 'query', schema: { type: 'integer', default: 20 } },
      Cursor: { name: 'cursor', in: 'query', required: false, schema: { type: 'string' } },
    },
    responses: { BadRequest: problem, Unauthorized: problem, NotFound: problem },
    securitySchemes: {
      apiKey: { type: 'apiKey', in: 'header', name: 'x-apikey' },
      oauth: {
        type: 'oauth2',
        flows: {
          clientCredentials: {
            tokenUrl: 'https://auth.example.com/o/oauth/accesstoken',
            scopes: {},
          },
        },
      },
    },
    schemas: {
      Money: {
        type: 'object',
        required: ['value', 'currency'],
        properties: {
          value: { type: 'string', example: '12.50' },
          currency: { type: 'string', example: 'EUR' },
        },
      },
      Address: {
        type: 'object',
        required: ['country'],
        properties: { line1: { type: 'string' }, country: { type: 'string', example: 'DE' } },
      },
      Metadata: {
        type: 'object',
        properties: { reference: { type: 'string', maxLength: 64 } },
      },
      CardPayment: {
        type: 'object',
        required: ['kind', 'last4'],
        properties: { kind: { type: 'string', enum: ['card'] }, last4: { type: 'string' } },
      },
      InvoicePayment: {
        type: 'object',
        required: ['kind'],
        properties: { kind: { type: 'string', enum: ['invoice'] }, dueDays: { type: 'integer' } },
      },
      Problem: {
        type: 'object',
        required: ['title'],
        properties: { title: { type: 'string' }, detail: { type: 'string' } },
      },
    },
  };
}

/**
 * An OpenAPI 3.0 document of about `targetChars` characters of JSON (5 MB by default): as many
 * resources as it takes, each with 5 operations, 3 schemas and a folder's worth of tags.
 */
export function generatedOpenApiDocument(targetChars = 5 * 1024 * 1024, seed = 1): Json {
  const g = generator(seed);
  const components = sharedComponents(g);
  const schemas = components.schemas as Json;
  const paths: Json = {
    '/health': { get: { summary: 'Health check', responses: { '200': { description: 'Up.' } } } },
    '/v2/reports': {
      get: {
        tags: ['Reports'],
        summary: 'List reports',
        responses: { '200': { description: '' } },
      },
    },
  };
  const document: Json = {
    openapi: '3.0.3',
    info: { title: 'Generated partner API', version: '1.0.0', description: g.sentence(80) },
    servers: [{ url: 'https://api.example.com' }],
    security: [{ oauth: [] }],
    tags: [],
    paths,
    components,
  };
  let size = JSON.stringify(document).length;
  for (let index = 0; size < targetChars; index++) {
    const name = `Resource${index}`;
    const tag = `Area ${Math.floor(index / 4)}`;
    const added = {
      paths: resourcePaths(name, `resources${index}`, tag, g),
      schemas: resourceSchemas(name, g),
    };
    Object.assign(paths, added.paths);
    Object.assign(schemas, added.schemas);
    size += JSON.stringify(added).length;
  }
  return document;
}

/** The document as JSON text, 2-space indented as generators write it. */
export function generatedOpenApiText(targetChars = 5 * 1024 * 1024, seed = 1): string {
  // Indentation adds about half; aim the content lower so that the text just passes the target.
  return JSON.stringify(generatedOpenApiDocument(Math.round(targetChars * 0.7), seed), null, 2);
}
