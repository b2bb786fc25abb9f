import { describe, expect, it } from 'vitest';
import type { CollectionItem, ResponseSchemas, SavedRequest } from '../collections/model';
import { importOpenApi } from '../formats/openapi/openapi-import';
import {
  openApiPetstoreYaml,
  swaggerPetstore,
} from '../testing/fixtures/openapi/openapi-petstore-fixture';
import type { CheckedAnswer } from './answer-values';
import { bodyPath, checkResponseSchema, MAX_FINDINGS, responseFor } from './schema-check';

let ids = 0;
const newId = () => `id${++ids}`;

function requests(items: readonly CollectionItem[]): SavedRequest[] {
  return items.flatMap((item) => (item.kind === 'request' ? [item] : requests(item.items)));
}

/** The response schemas the import kept for the named request. */
function schemasOf(text: string, name: string): ResponseSchemas {
  const imported = importOpenApi(text, newId);
  if (!imported.ok) throw new Error(imported.error.message);
  const found = requests(imported.value.collection.items).find((item) => item.name === name);
  if (found?.responseSchemas === undefined) throw new Error(`no schemas for ${name}`);
  return found.responseSchemas;
}

const answer = (status: number, body: unknown): CheckedAnswer => ({
  status,
  headers: [],
  bodyText: typeof body === 'string' ? body : JSON.stringify(body),
  durationMs: 1,
});

const PET = { id: 10, name: 'doggie', photoUrls: ['a.png'], tags: [{ id: 1, name: 'x' }] };

describe('checkResponseSchema with the OpenAPI 3.0 petstore', () => {
  const schemas = schemasOf(openApiPetstoreYaml(), 'Find pet by ID');

  it('keeps the operation and its documented responses', () => {
    expect(schemas.operation).toBe('GET /pet/{petId}');
    expect(schemas.dialect).toBe('openapi-3.0');
    expect(schemas.responses.map((item) => item.status)).toEqual(['200']);
  });

  it('passes an answer that matches, $refs followed', async () => {
    expect(await checkResponseSchema(schemas, answer(200, PET))).toEqual({
      operation: 'GET /pet/{petId}',
      status: '200',
      findings: [],
      more: 0,
    });
  });

  it('lists each failing place with what was expected and found', async () => {
    const { photoUrls: _left, ...rest } = PET;
    const wrong = { ...rest, name: 7, tags: [{ id: 'one' }], status: 'lost' };
    const outcome = await checkResponseSchema(schemas, answer(200, wrong));
    expect(outcome.findings).toEqual(
      expect.arrayContaining([
        {
          path: 'res.body',
          expected: expect.stringContaining('photoUrls'),
          found: expect.any(String),
        },
        { path: 'res.body.name', expected: expect.stringContaining('string'), found: '7' },
        {
          path: 'res.body.tags[0].id',
          expected: expect.stringContaining('integer'),
          found: '"one"',
        },
        {
          path: 'res.body.status',
          expected: expect.stringContaining('available'),
          found: '"lost"',
        },
      ]),
    );
    expect(outcome.findings.some((item) => item.expected.includes('does not match schema'))).toBe(
      false,
    );
  });

  it('fails a status the operation does not document, and a body that is not JSON', async () => {
    const missing = await checkResponseSchema(schemas, answer(404, { error: 'x' }));
    expect(missing).toMatchObject({
      status: null,
      findings: [
        {
          path: 'res.status',
          expected: 'a status GET /pet/{petId} documents (200)',
          found: '404',
        },
      ],
    });
    const html = await checkResponseSchema(schemas, answer(200, '<html>'));
    expect(html.findings).toEqual([
      { path: 'res.body', expected: 'a JSON body', found: 'a body that is not JSON' },
    ]);
  });

  it('matches a range and default when no code is documented, a described-only response by status', async () => {
    const logout = schemasOf(openApiPetstoreYaml(), 'logoutUser');
    expect(await checkResponseSchema(logout, answer(503, ''))).toMatchObject({
      status: 'default',
      findings: [],
    });
    const ranged: ResponseSchemas = {
      operation: 'GET /x',
      dialect: 'openapi-3.1',
      responses: [
        { status: '2XX', schema: '{"type":"object","required":["id"]}' },
        { status: '404', schema: '' },
      ],
    };
    expect(responseFor(ranged, 201)?.status).toBe('2XX');
    expect((await checkResponseSchema(ranged, answer(204, {}))).findings[0]?.path).toBe('res.body');
    expect(await checkResponseSchema(ranged, answer(404, 'not json'))).toMatchObject({
      status: '404',
      findings: [],
    });
  });
});

describe('checkResponseSchema with the Swagger 2.0 petstore', () => {
  const text = JSON.stringify(swaggerPetstore());

  it('checks a list of pets item by item', async () => {
    const schemas = schemasOf(text, 'Finds Pets by status');
    expect(schemas.dialect).toBe('openapi-2.0');
    expect((await checkResponseSchema(schemas, answer(200, [PET, PET]))).findings).toEqual([]);
    const outcome = await checkResponseSchema(schemas, answer(200, [PET, { name: 'no urls' }]));
    expect(outcome.findings).toEqual([
      {
        path: 'res.body[1]',
        expected: expect.stringContaining('photoUrls'),
        found: expect.any(String),
      },
    ]);
  });
});

describe('response schemas from hostile and odd documents', () => {
  const document = (schema: unknown, extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'T', version: '1' },
      paths: {
        '/v1/node': {
          get: {
            summary: 'Node',
            responses: { '200': { content: { 'application/json': { schema } } } },
          },
        },
      },
      ...extra,
    });

  it('cuts a schema that contains itself where it repeats, and says so', async () => {
    const text = document(
      { $ref: '#/components/schemas/Node' },
      {
        components: {
          schemas: {
            Node: {
              type: 'object',
              required: ['name'],
              properties: {
                name: { type: 'string', nullable: true },
                children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
              },
            },
          },
        },
      },
    );
    const imported = importOpenApi(text, newId);
    expect(imported.ok && imported.value.summary.join('\n')).toContain(
      'Schemas that contain themselves are checked down to where they repeat',
    );
    const schemas = schemasOf(text, 'Node');
    const tree = { name: null, children: [{ name: 'a', children: [{ anything: true }] }] };
    expect((await checkResponseSchema(schemas, answer(200, tree))).findings).toEqual([]);
    const bad = await checkResponseSchema(schemas, answer(200, { name: 1 }));
    expect(bad.findings.map((item) => item.path)).toEqual(['res.body.name']);
  });

  it('leaves out a schema that shared parts would make huge, and says so', () => {
    const schemas: Record<string, unknown> = { L0: { type: 'string' } };
    for (let level = 1; level <= 30; level++) {
      const below = { $ref: `#/components/schemas/L${level - 1}` };
      schemas[`L${level}`] = { type: 'object', properties: { a: below, b: below } };
    }
    const text = document({ $ref: '#/components/schemas/L30' }, { components: { schemas } });
    const imported = importOpenApi(text, newId);
    if (!imported.ok) throw new Error(imported.error.message);
    expect(imported.value.summary.join('\n')).toContain('Response schemas longer than');
    expect(requests(imported.value.collection.items)[0]?.responseSchemas).toBeUndefined();
  });

  it('bounds the findings of a badly wrong answer', async () => {
    const schemas: ResponseSchemas = {
      operation: 'GET /list',
      dialect: 'openapi-3.0',
      responses: [{ status: '200', schema: '{"type":"array","items":{"type":"string"}}' }],
    };
    const outcome = await checkResponseSchema(schemas, answer(200, Array(500).fill(1)));
    expect(outcome.findings.length).toBe(MAX_FINDINGS);
    expect(outcome.more).toBe(500 - MAX_FINDINGS);
  });

  it('writes body paths as expressions read them', () => {
    expect(bodyPath('#')).toBe('res.body');
    expect(bodyPath('#/data/items/0/id')).toBe('res.body.data.items[0].id');
    expect(bodyPath('#/odd key/a~1b')).toBe('res.body["odd key"]["a/b"]');
  });
});
