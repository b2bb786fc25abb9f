import { describe, expect, it } from 'vitest';
import type { AnswerVariable, Assertion, Collection, SavedRequest } from '../../collections/model';
import { exportPostman } from './postman-export';
import { importPostman } from './postman-import';
import { readTestScript } from './postman-test-import';
import { testScriptLines } from './postman-test-script';

const ASSERTIONS: Assertion[] = [
  { expression: 'res.status', operator: 'eq', value: '201', enabled: true },
  {
    expression: 'res.body.items[0]["odd key"].id',
    operator: 'matches',
    value: '^ord_ x',
    enabled: true,
  },
  {
    expression: 'res.headers["content-type"]',
    operator: 'startsWith',
    value: 'application/json',
    enabled: true,
  },
  { expression: 'res.responseTime', operator: 'between', value: '0, 5000', enabled: true },
  { expression: 'res.body', operator: 'isJson', value: '', enabled: true },
];
const VARIABLES: AnswerVariable[] = [
  { name: 'orderId', expression: 'res.body.data.id', enabled: true },
  { name: 'status', expression: 'res.status', enabled: true },
];

const request: SavedRequest = {
  kind: 'request',
  id: 'r1',
  name: 'Create order',
  method: 'POST',
  path: 'orders',
  query: [],
  headers: [],
  body: '{}',
  assertions: ASSERTIONS,
  answerVariables: VARIABLES,
};

let ids = 0;
const newId = () => `id-${++ids}`;

describe('readTestScript', () => {
  it('reads back every check an export wrote, with nothing noted', () => {
    const read = readTestScript(testScriptLines(request) ?? []);
    expect(read).toEqual({ assertions: ASSERTIONS, answerVariables: VARIABLES, complete: true });
  });

  it('imports an exported collection with its checks', () => {
    const collection: Collection = {
      id: 'c1',
      name: 'Shop',
      auth: { method: 'apiKey', formEncodeCredentials: false },
      variables: [],
      items: [request],
    };
    const imported = importPostman(exportPostman(collection), newId);
    expect(imported.ok).toBe(true);
    if (!imported.ok) return;
    expect(imported.value.collection.items[0]).toMatchObject({
      assertions: ASSERTIONS,
      answerVariables: VARIABLES,
    });
    expect(imported.value.summary.join('\n')).not.toContain('Test scripts');
  });

  it('maps the simple forms people write by hand, and notes the rest', () => {
    const read = readTestScript([
      'pm.test("Status is 200", function () {',
      '    pm.response.to.have.status(200);',
      '});',
      'pm.expect(pm.response.code).to.eql(201);',
      'pm.expect(pm.response.json().data.items[0].id).to.eql("prd_1001");',
      'pm.expect(pm.response.json().total).to.equal(3);',
      'pm.environment.set("orderId", pm.response.json().data.id);',
      'pm.collectionVariables.set("first", pm.response.json().items[0].name);',
      'pm.environment.set("token", pm.response.json().access_token.split(".")[0]);',
      'const data = pm.response.json(); eval("x");',
    ]);
    expect(read.assertions).toEqual([
      { expression: 'res.status', operator: 'eq', value: '200', enabled: true },
      { expression: 'res.status', operator: 'eq', value: '201', enabled: true },
      {
        expression: 'res.body.data.items[0].id',
        operator: 'eq',
        value: '"prd_1001"',
        enabled: true,
      },
      { expression: 'res.body.total', operator: 'eq', value: '3', enabled: true },
    ]);
    expect(read.answerVariables).toEqual([
      { name: 'orderId', expression: 'res.body.data.id', enabled: true },
      { name: 'first', expression: 'res.body.items[0].name', enabled: true },
    ]);
    expect(read.complete).toBe(false);
  });

  it('keeps the import note for a hand-written script and bounds what it reads', () => {
    const file = {
      info: {
        name: 'Hand',
        schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
      },
      item: [
        {
          name: 'Ping',
          request: { method: 'GET', url: '{{baseUrl}}/v1/ping' },
          event: [
            {
              listen: 'test',
              script: { exec: ['pm.response.to.have.status(200);', 'console.log(1);'] },
            },
          ],
        },
      ],
    };
    const imported = importPostman(JSON.stringify(file), newId);
    expect(imported.ok).toBe(true);
    if (!imported.ok) return;
    expect((imported.value.collection.items[0] as SavedRequest).assertions).toEqual([
      { expression: 'res.status', operator: 'eq', value: '200', enabled: true },
    ]);
    expect(imported.value.summary.join('\n')).toContain('Test scripts were not imported');
    const many = readTestScript(Array(200).fill('pm.response.to.have.status(200);'));
    expect(many.assertions.length).toBe(100);
    expect(many.complete).toBe(false);
  });
});
