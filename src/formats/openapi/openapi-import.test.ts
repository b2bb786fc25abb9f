import { describe, expect, it } from 'vitest';
import { validateCollection } from '../../collections/collection-schema';
import type { CollectionItem, Folder, SavedRequest } from '../../collections/model';
import {
  openApiPetstoreYaml,
  swaggerPetstore,
} from '../../testing/fixtures/openapi/openapi-petstore-fixture';
import { generatedOpenApiText } from '../../testing/fixtures/openapi/openapi-samples';
import * as results from '../../testing/results';
import type { AppError } from '../../vocabulary/errors';
import { importOpenApi, type OpenApiImport } from './openapi-import';

function counter(): () => string {
  let next = 0;
  return () => `id_${++next}`;
}

/** An accepted import, held to the promise that whatever is accepted can be saved. */
function imported(document: unknown): OpenApiImport {
  const text = typeof document === 'string' ? document : JSON.stringify(document);
  const value = results.accepted(importOpenApi(text, counter()));
  const valid = validateCollection(value.collection);
  expect(valid.ok ? null : valid.error.message).toBeNull();
  return value;
}

function refusal(document: unknown): AppError {
  const text = typeof document === 'string' ? document : JSON.stringify(document);
  return results.refusal(importOpenApi(text, counter()), 'bad_message');
}

function requestsOf(items: readonly CollectionItem[]): SavedRequest[] {
  return items.flatMap((item) => (item.kind === 'folder' ? requestsOf(item.items) : [item]));
}

function request(result: OpenApiImport, name: string): SavedRequest {
  const found = requestsOf(result.collection.items).find((item) => item.name === name);
  if (found === undefined) throw new Error(`no request named "${name}"`);
  return found;
}

function line(summary: readonly string[], start: string): string {
  const found = summary.find((text) => text.startsWith(start));
  if (found === undefined)
    throw new Error(`no summary line starts with "${start}":\n${summary.join('\n')}`);
  return found;
}

/** A small OpenAPI 3.0 document with the given paths and extra top-level fields. */
function openApi(paths: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    openapi: '3.0.3',
    info: { title: 'Partner API', version: '1' },
    servers: [{ url: 'https://api.example.com' }],
    paths,
    ...extra,
  };
}

const ok200 = { '200': { description: 'OK' } };
const get = (extra: Record<string, unknown> = {}) => ({ get: { responses: ok200, ...extra } });

describe('importOpenApi: the Swagger 2.0 petstore', () => {
  const result = imported(swaggerPetstore());

  it('makes a folder per tag, in the order of the document’s tags, with requests named by summary or operationId', () => {
    const folders = result.collection.items as Folder[];
    expect(folders.map((folder) => [folder.kind, folder.name])).toEqual([
      ['folder', 'pet'],
      ['folder', 'store'],
      ['folder', 'user'],
    ]);
    expect(folders[1]?.items.map((item) => item.name)).toEqual([
      'Returns pet inventories by status',
      'Place an order for a pet',
      'getOrderById',
    ]);
    expect(result.collection.name).toBe('Swagger Petstore');
  });

  it('takes host + basePath as the server: paths relative to /v1/, the https origin as the Base URL', () => {
    expect(result.suggestedBaseUrl).toBe('https://petstore.swagger.io');
    expect(line(result.summary, 'The server URL was not imported')).toContain(
      '"https://petstore.swagger.io"',
    );
    const byId = request(result, 'Find pet by ID');
    expect([byId.method, byId.path]).toEqual(['GET', 'pet/{{petId}}']);
    expect(request(result, 'getOrderById').path).toBe('store/order/{{orderId}}');
  });

  it('declares path parameters as collection variables with their x-example (or empty)', () => {
    expect(result.collection.variables).toEqual([
      { name: 'petId', value: '10' },
      { name: 'orderId', value: '' },
    ]);
  });

  it('sends a multi-format array example as one query row per item', () => {
    expect(request(result, 'Finds Pets by status').query).toEqual([
      { name: 'status', value: 'available' },
      { name: 'status', value: 'pending' },
    ]);
  });

  it('builds the body parameter’s minimal example: required properties, $ref followed', () => {
    const body = JSON.parse(request(result, 'Add a new pet to the store').body);
    expect(body).toEqual({ name: 'doggie', photoUrls: ['string'] });
  });

  it('reports form bodies, optional parameters without a value and secret-looking examples', () => {
    expect(request(result, 'Updates a pet in the store with form data').body).toBe('');
    expect(line(result.summary, 'Request bodies in other formats than JSON')).toContain(
      '"Updates a pet in the store with form data" (form data)',
    );
    expect(line(result.summary, 'Optional query and header parameters')).toContain(
      '"Deletes a pet" ("api_key")',
    );
    expect(request(result, 'Logs user into the system').query).toEqual([
      { name: 'username', value: 'theUser' },
    ]);
    expect(
      line(result.summary, 'Query and header parameters whose example looks like a secret'),
    ).toContain('"password"');
    expect(JSON.stringify(result)).not.toContain('hunter2');
  });

  it('says that neither security scheme fits, and assumes the API key method', () => {
    expect(result.collection.auth).toEqual({ method: 'apiKey', formEncodeCredentials: false });
    expect(result.suggestedAuth).toBeNull();
    expect(line(result.summary, 'Security schemes this extension does not support')).toBe(
      'Security schemes this extension does not support were not used (2): "petstore_auth" (OAuth 2.0 implicit), "api_key" (API key in header "api_key").',
    );
    expect(
      line(result.summary, 'None of the document’s security schemes fits the panel'),
    ).toContain('API key is assumed');
  });

  it('imports the public petstore (basePath /v2) under /v1/ by default, and says so', () => {
    const result = imported(swaggerPetstore('/v2'));
    expect(result.outsideV1).toBe(10);
    expect(line(result.summary, 'Operations outside /v1')).toMatch(
      /^Operations outside \/v1 kept their path, which is now sent under \/v1\/ \(10\): "POST \/pet", "PUT \/pet", /,
    );
    expect(request(result, 'Find pet by ID').path).toBe('pet/{{petId}}');
  });

  it('refuses it when asked to leave them out, saying how to import them', () => {
    const text = JSON.stringify(swaggerPetstore('/v2'));
    const error = results.refusal(importOpenApi(text, counter(), 'leave-out'), 'bad_message');
    expect(error.message).toMatch(
      /^The document has no operation under \/v1 that could be imported\. Operations outside \/v1 were not imported \(10\): "POST \/pet", "PUT \/pet", /,
    );
    expect(error.hint).toBe(
      'Import again and choose to send the operations outside /v1 under /v1/.',
    );
  });
});

describe('importOpenApi: the OpenAPI 3.0 petstore (YAML)', () => {
  const result = imported(openApiPetstoreYaml());

  it('puts untagged operations at the top, before the tag folders', () => {
    expect(result.collection.items.map((item) => [item.kind, item.name])).toEqual([
      ['request', 'logoutUser'],
      ['folder', 'pet'],
      ['folder', 'store'],
    ]);
  });

  it('handles the server URL’s own path prefix: /api stays in the Base URL, paths start after /v1/', () => {
    expect(result.suggestedBaseUrl).toBe('https://petstore.example.com/api');
    expect(request(result, 'Find pet by ID').path).toBe('pet/{{petId}}');
    expect(request(result, 'logoutUser').path).toBe('user/logout');
  });

  it('follows a requestBody $ref, picks the JSON media type and leaves read-only properties out', () => {
    const body = JSON.parse(request(result, 'Add a new pet to the store').body);
    expect(body).toEqual({ name: 'doggie', photoUrls: ['string'] });
  });

  it('prefers the operation’s own example to one built from the schema', () => {
    expect(JSON.parse(request(result, 'Place an order for a pet').body)).toEqual({
      petId: 198772,
      quantity: 7,
      status: 'approved',
    });
  });

  it('takes path-item parameters and schema examples and defaults', () => {
    expect(result.collection.variables).toEqual([{ name: 'petId', value: '10' }]);
    expect(request(result, 'Finds Pets by status').query).toEqual([
      { name: 'status', value: 'available' },
    ]);
  });

  it('reads the YAML anchors the document uses for its responses', () => {
    expect(requestsOf(result.collection.items)).toHaveLength(7);
  });
});

describe('importOpenApi: which operations are /v1 calls', () => {
  const mixed = openApi({
    '/v1/orders': get(),
    '/v2/orders': get(),
    '/health': get(),
    '/v1': get(),
  });

  it('sends the others under /v1/ with their path, and lists them by method and path', () => {
    const result = imported(mixed);
    expect(requestsOf(result.collection.items).map((item) => item.path)).toEqual([
      'orders',
      'v2/orders',
      'health',
      '',
    ]);
    expect(result.outsideV1).toBe(2);
    expect(line(result.summary, 'Operations outside /v1')).toBe(
      'Operations outside /v1 kept their path, which is now sent under /v1/ (2): "GET /v2/orders", "GET /health".',
    );
  });

  it('leaves the others out when asked, and lists them by method and path', () => {
    const text = JSON.stringify(mixed);
    const result = results.accepted(importOpenApi(text, counter(), 'leave-out'));
    expect(requestsOf(result.collection.items).map((item) => item.path)).toEqual(['orders', '']);
    expect(result.outsideV1).toBe(2);
    expect(line(result.summary, 'Operations outside /v1')).toBe(
      'Operations outside /v1 were not imported (2): "GET /v2/orders", "GET /health".',
    );
  });

  it.each([
    ['https://api.example.com/v1', '/orders/{id}', 'orders/{{id}}', 'https://api.example.com'],
    ['https://api.example.com/gateway/v1', '/orders', 'orders', 'https://api.example.com/gateway'],
    ['https://api.example.com/gateway', '/v1/orders', 'orders', 'https://api.example.com/gateway'],
    ['/v1', '/orders', 'orders', null],
    ['https://{env}.example.com/v1', '/orders', 'orders', 'https://sandbox.example.com'],
  ])('server %s with path %s gives Path %s and Base URL %s', (url, path, expected, base) => {
    const result = imported(
      openApi(
        { [path]: get() },
        {
          servers: [{ url, variables: { env: { default: 'sandbox', enum: ['sandbox', 'live'] } } }],
        },
      ),
    );
    expect(requestsOf(result.collection.items)[0]?.path).toBe(expected);
    expect(result.suggestedBaseUrl).toBe(base);
  });

  it('uses an operation’s own server for its path, and says the profile’s Base URL is used', () => {
    const result = imported(
      openApi({ '/orders': get({ servers: [{ url: 'https://orders.example.com/v1' }] }) }),
    );
    expect(requestsOf(result.collection.items)[0]?.path).toBe('orders');
    expect(line(result.summary, 'Operations with their own server URL')).toContain('"GET /orders"');
  });

  it('lists the other servers of the document, which are not imported', () => {
    const result = imported(
      openApi(
        { '/v1/a': get() },
        { servers: [{ url: 'https://api.example.com' }, { url: 'https://sandbox.example.com' }] },
      ),
    );
    expect(line(result.summary, 'Other servers of the document')).toContain(
      '"https://sandbox.example.com"',
    );
  });

  it('reports methods the panel cannot send', () => {
    const result = imported(openApi({ '/v1/a': { ...get(), trace: { responses: ok200 } } }));
    expect(line(result.summary, 'Operations with a method this extension cannot send')).toContain(
      '"TRACE /v1/a"',
    );
  });
});

describe('importOpenApi: security schemes', () => {
  const oauth = (tokenUrl: string) => ({
    type: 'oauth2',
    flows: { clientCredentials: { tokenUrl, scopes: {} } },
  });

  it('suggests the API key method for an apiKey scheme in the x-apikey header', () => {
    const result = imported(
      openApi(
        { '/v1/a': get() },
        {
          components: {
            securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-ApiKey' } },
          },
        },
      ),
    );
    expect(result.suggestedAuth).toEqual({ method: 'apiKey', authUrl: null });
    expect(result.collection.auth.method).toBe('apiKey');
  });

  it('suggests OAuth for a client-credentials flow and offers the token URL’s origin as the Auth URL', () => {
    const result = imported(
      openApi(
        { '/v1/a': get() },
        {
          components: {
            securitySchemes: { oauth: oauth('https://auth.example.com/o/oauth/accesstoken') },
          },
        },
      ),
    );
    expect(result.suggestedAuth).toEqual({
      method: 'oauthBasic',
      authUrl: 'https://auth.example.com',
    });
    expect(result.collection.auth).toEqual({ method: 'oauthBasic', formEncodeCredentials: false });
    expect(result.summary.join('\n')).not.toContain('token URL');
  });

  it('warns when the token URL’s path is not the one the panel calls', () => {
    const result = imported(
      openApi(
        { '/v1/a': get() },
        {
          components: {
            securitySchemes: { oauth: oauth('https://login.example.com/oauth2/token') },
          },
        },
      ),
    );
    expect(result.suggestedAuth?.authUrl).toBe('https://login.example.com');
    expect(line(result.summary, 'The token URL’s path is not /o/oauth/accesstoken')).toContain(
      '"/oauth2/token"',
    );
  });

  it('takes a relative token URL against the server’s origin', () => {
    const result = imported(
      openApi(
        { '/v1/a': get() },
        { components: { securitySchemes: { oauth: oauth('/o/oauth/accesstoken') } } },
      ),
    );
    expect(result.suggestedAuth?.authUrl).toBe('https://api.example.com');
  });

  it('maps Swagger 2.0’s oauth2 "application" flow to OAuth', () => {
    const document = swaggerPetstore();
    document.securityDefinitions = {
      partner: {
        type: 'oauth2',
        flow: 'application',
        tokenUrl: 'https://auth.example.com/o/oauth/accesstoken',
        scopes: {},
      },
    };
    const result = imported(document);
    expect(result.suggestedAuth).toEqual({
      method: 'oauthBasic',
      authUrl: 'https://auth.example.com',
    });
  });

  it('prefers the scheme the document requires at its top level, and names the other', () => {
    const result = imported(
      openApi(
        { '/v1/a': get() },
        {
          security: [{ oauth: [] }],
          components: {
            securitySchemes: {
              key: { type: 'apiKey', in: 'header', name: 'x-apikey' },
              oauth: oauth('https://auth.example.com/o/oauth/accesstoken'),
            },
          },
        },
      ),
    );
    expect(result.suggestedAuth?.method).toBe('oauthBasic');
    expect(line(result.summary, 'Other supported security schemes')).toContain('"key"');
  });

  it('reports anything else and assumes the API key method', () => {
    const result = imported(
      openApi(
        { '/v1/a': get() },
        {
          components: {
            securitySchemes: {
              bearer: { type: 'http', scheme: 'bearer' },
              query: { type: 'apiKey', in: 'query', name: 'x-apikey' },
            },
          },
        },
      ),
    );
    expect(result.suggestedAuth).toBeNull();
    expect(line(result.summary, 'Security schemes this extension does not support')).toBe(
      'Security schemes this extension does not support were not used (2): "bearer" (HTTP bearer), "query" (API key in query "x-apikey").',
    );
  });

  it('says when a document declares no scheme at all', () => {
    const result = imported(openApi({ '/v1/a': get() }));
    expect(line(result.summary, 'The document declares no security scheme')).toContain(
      '"Partner API"',
    );
  });
});

describe('importOpenApi: callbacks, webhooks, other files', () => {
  it('imports the operations and reports callbacks and webhooks (OpenAPI 3.1)', () => {
    const result = imported({
      openapi: '3.1.0',
      info: { title: 'Events', version: '1' },
      servers: [{ url: 'https://api.example.com/v1' }],
      paths: {
        '/subscriptions': {
          post: {
            summary: 'Subscribe',
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['callbackUrl'],
                    properties: { callbackUrl: { type: 'string', format: 'uri' } },
                  },
                },
              },
            },
            callbacks: {
              onEvent: {
                '{$request.body#/callbackUrl}': { post: { responses: ok200 } },
              },
            },
            responses: ok200,
          },
        },
      },
      webhooks: { orderShipped: { post: { responses: ok200 } } },
    });
    expect(JSON.parse(request(result, 'Subscribe').body)).toEqual({
      callbackUrl: 'https://example.com',
    });
    expect(line(result.summary, 'Callbacks were not imported')).toBe(
      'Callbacks were not imported (1): "onEvent" of "Subscribe".',
    );
    expect(line(result.summary, 'Webhooks were not imported')).toBe(
      'Webhooks were not imported (1): "orderShipped" (POST).',
    );
  });

  it('does not follow $refs to other files and says which files and which parts', () => {
    const result = imported(
      openApi({
        '/v1/orders': {
          post: {
            summary: 'Create order',
            parameters: [{ $ref: 'common.yaml#/parameters/Trace' }],
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['sku', 'price'],
                    properties: {
                      sku: { type: 'string', example: 'A-1' },
                      price: { $ref: 'https://schemas.example.com/money.json' },
                    },
                  },
                },
              },
            },
            responses: ok200,
          },
        },
      }),
    );
    expect(JSON.parse(request(result, 'Create order').body)).toEqual({ sku: 'A-1' });
    expect(line(result.summary, 'References to other files or URLs were not followed')).toBe(
      'References to other files or URLs were not followed (2): "common.yaml", "https://schemas.example.com/money.json".',
    );
    expect(line(result.summary, 'Parameters defined in other files')).toContain('"Create order"');
    expect(
      line(result.summary, 'Example bodies leave out schema parts defined in other files'),
    ).toContain('"Create order"');
  });
});

describe('importOpenApi: schemas with oneOf, allOf and cycles', () => {
  const result = imported(
    openApi(
      {
        '/v1/nodes': {
          post: {
            summary: 'Create node',
            requestBody: {
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } },
            },
            responses: ok200,
          },
        },
        '/v1/payments': {
          post: {
            summary: 'Pay',
            requestBody: {
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Payment' } } },
            },
            responses: ok200,
          },
        },
      },
      {
        components: {
          schemas: {
            Node: {
              type: 'object',
              required: ['name', 'parent'],
              properties: {
                name: { type: 'string', example: 'root' },
                parent: { $ref: '#/components/schemas/Node' },
              },
            },
            Base: {
              type: 'object',
              required: ['id'],
              properties: { id: { type: 'string', format: 'uuid' }, note: { type: 'string' } },
            },
            Card: {
              type: 'object',
              required: ['kind', 'last4'],
              properties: { kind: { const: 'card' }, last4: { type: 'string', example: '4242' } },
            },
            Invoice: {
              type: 'object',
              required: ['kind'],
              properties: { kind: { const: 'invoice' } },
            },
            Payment: {
              allOf: [
                { $ref: '#/components/schemas/Base' },
                {
                  type: 'object',
                  required: ['note', 'method'],
                  properties: {
                    method: {
                      oneOf: [
                        { type: 'null' },
                        { $ref: '#/components/schemas/Card' },
                        { $ref: '#/components/schemas/Invoice' },
                      ],
                    },
                  },
                },
              ],
            },
          },
        },
      },
    ),
  );

  it('cuts a schema that requires itself where it would repeat, and says so', () => {
    expect(JSON.parse(request(result, 'Create node').body)).toEqual({ name: 'root' });
    expect(line(result.summary, 'Example bodies stop where a schema refers to itself')).toContain(
      '"Create node"',
    );
  });

  it('merges allOf members (a member may require what another defines) and takes the first non-null oneOf choice', () => {
    expect(JSON.parse(request(result, 'Pay').body)).toEqual({
      id: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
      note: 'string',
      method: { kind: 'card', last4: '4242' },
    });
  });
});

describe('importOpenApi: YAML', () => {
  it('resolves anchors, aliases and << merge keys', () => {
    const yaml = `openapi: 3.0.3
info: {title: Anchors, version: '1'}
servers: [{url: 'https://api.example.com/v1'}]
x-shared:
  page: &page {name: page, in: query, required: true, schema: {type: integer, default: 1}}
  size: &size
    name: size
    in: query
    schema: {type: integer, default: 20}
paths:
  /orders:
    get:
      summary: List orders
      parameters: [*page, {<<: *size, schema: {type: integer, default: 50}}]
      responses: {'200': {description: OK}}
  /invoices:
    get:
      summary: List invoices
      parameters: [*page, *size]
      responses: {'200': {description: OK}}
`;
    const result = imported(yaml);
    expect(request(result, 'List orders').query).toEqual([
      { name: 'page', value: '1' },
      { name: 'size', value: '50' },
    ]);
    expect(request(result, 'List invoices').query).toEqual([
      { name: 'page', value: '1' },
      { name: 'size', value: '20' },
    ]);
  });

  it('takes `openapi: 3.0` written as a YAML number', () => {
    const result = imported(
      "openapi: 3.0\ninfo: {title: T, version: '1'}\npaths: {/v1/a: {get: {responses: {'200': {description: OK}}}}}\n",
    );
    expect(requestsOf(result.collection.items)).toHaveLength(1);
  });
});

describe('importOpenApi: broken documents', () => {
  it('names the line and column of a JSON syntax error', () => {
    expect(refusal('{\n  "openapi": "3.0.0",\n  "paths": {,}\n}').message).toBe(
      'The document is not valid JSON (line 3, column 13: expected a field name in double quotes).',
    );
  });

  it('names the line and column of a YAML syntax error', () => {
    expect(refusal('openapi: 3.0.0\npaths:\n  /v1/a:\n    get: {\n').message).toMatch(
      /^The document is not valid YAML \(line 5, column 1: .+\)\.$/,
    );
    expect(refusal('openapi: 3.0.0\ninfo: {}\ninfo: {}\n').message).toBe(
      'The document is not valid YAML (line 3, column 1: duplicated mapping key).',
    );
  });

  it('names the $ref and the JSON pointer of a reference to nothing', () => {
    expect(
      refusal(
        openApi({
          '/v1/pets': {
            post: {
              requestBody: {
                content: { 'application/json': { schema: { $ref: '#/components/schemas/Pett' } } },
              },
              responses: ok200,
            },
          },
        }),
      ).message,
    ).toBe(
      'The $ref "#/components/schemas/Pett" at #/paths/~1v1~1pets/post/requestBody/content/application~1json/schema does not point to anything this document has.',
    );
  });

  it('names a $ref whose pointer is not valid percent-encoding as a reference to nothing', () => {
    expect(
      refusal(
        openApi({
          '/v1/pets': get({ responses: { 200: { description: 'ok', $ref: '#/components/%ZZ' } } }),
        }),
      ).message,
    ).toBe(
      'The $ref "#/components/%ZZ" at #/paths/~1v1~1pets/get/responses/200 does not point to anything this document has.',
    );
  });

  it('names the JSON pointer of a malformed parameter or path item', () => {
    expect(refusal(openApi({ '/v1/a': get({ parameters: [{ in: 'query' }] }) })).message).toBe(
      'The parameter at #/paths/~1v1~1a/get/parameters/0 has no "name" or no "in".',
    );
    expect(refusal(openApi({ '/v1/a': { get: 'list' } })).message).toBe(
      'The operation at #/paths/~1v1~1a/get is not an object.',
    );
    expect(refusal({ openapi: '3.0.0', paths: [] }).message).toBe(
      'The "paths" field at #/paths is not an object.',
    );
  });

  it('refuses prototype keys and says where they are', () => {
    expect(
      refusal('{"openapi":"3.0.0","paths":{"/v1/a":{"get":{"__proto__":{"polluted":1}}}}}').message,
    ).toContain('"__proto__" at #/paths/~1v1~1a/get;');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    [
      '{"info": {"title": "x"}}',
      'This is not an OpenAPI or Swagger document: it has no "openapi" or "swagger" field at the top level.',
    ],
    [
      '{"swagger": "1.2"}',
      'This Swagger version is not supported ("swagger": "1.2"); only 2.0 is, and OpenAPI 3.0 and 3.1.',
    ],
    [
      '{"openapi": "4.0.0"}',
      'This OpenAPI version is not supported ("openapi": "4.0.0"); 3.0 and 3.1 are, and Swagger 2.0.',
    ],
    ['[1, 2]', 'The file holds no OpenAPI document: its top level is not an object.'],
    ['  \n', 'The file is empty.'],
  ])('refuses %j with a reason', (text, message) => {
    expect(refusal(text).message).toBe(message);
  });
});

describe('importOpenApi: secrets and limits', () => {
  it('removes the headers the profile sets and declares secret-looking path examples empty', () => {
    const result = imported(
      openApi({
        '/v1/keys/{apiToken}': get({
          summary: 'Key',
          parameters: [
            {
              name: 'apiToken',
              in: 'path',
              required: true,
              schema: {
                type: 'string',
                example: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlc2lnbmF0dXJl',
              },
            },
            {
              name: 'x-apikey',
              in: 'header',
              required: true,
              schema: { type: 'string', example: 'k' },
            },
            {
              name: 'X-Request-Id',
              in: 'header',
              required: true,
              schema: { type: 'string', example: 'req-1' },
            },
          ],
        }),
      }),
    );
    expect(request(result, 'Key').headers).toEqual([{ name: 'X-Request-Id', value: 'req-1' }]);
    expect(result.collection.variables).toEqual([{ name: 'apiToken', value: '' }]);
    expect(line(result.summary, 'Headers that the profile sets were removed')).toContain(
      '"x-apikey"',
    );
    expect(line(result.summary, 'Path parameters named like secrets')).toContain('"apiToken"');
  });

  it('imports the generated 5 MB document into a valid collection, reporting what it cut', () => {
    const text = generatedOpenApiText();
    expect(text.length).toBeGreaterThanOrEqual(5 * 1024 * 1024);
    expect(generatedOpenApiText()).toBe(text);
    const result = imported(text);
    expect(requestsOf(result.collection.items).length).toBeGreaterThan(2_000);
    expect(result.collection.variables).toHaveLength(200);
    expect(line(result.summary, 'Only the first 200 path parameters')).toMatch(
      /\(\d+\): "resource200Id"/,
    );
    expect(line(result.summary, 'Operations outside /v1')).toContain('"GET /v2/reports"');
  });
});
