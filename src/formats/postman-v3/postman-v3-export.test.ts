import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { createSecretCheck } from '../../collections/export-lint';
import type { Collection, CollectionAuth } from '../../collections/model';
import { brunoSample } from '../../testing/fixtures/opencollection/opencollection-samples';
import { buildPostmanCollection, type PostmanExportOptions } from '../postman/postman-export';
import { exportPostmanV3 } from './postman-v3-export';
import { importPostmanV3 } from './postman-v3-import';

const API_KEY: CollectionAuth = { method: 'apiKey', formEncodeCredentials: false };
const OAUTH_BASIC: CollectionAuth = { method: 'oauthBasic', formEncodeCredentials: false };
const OAUTH_BODY: CollectionAuth = { method: 'oauthBody', formEncodeCredentials: true };
const CANARY = 'AK-canary-7d1e0c5b9f3a';

const OPTIONS: PostmanExportOptions = {
  values: {
    baseUrl: 'http://127.0.0.1:8787',
    authUrl: 'http://127.0.0.1:8787',
    companyId: 'cmp_1',
    clientId: 'partner-client',
  },
  profileVariables: [
    { name: 'region', value: 'eu' },
    { name: 'backupKey', value: CANARY },
  ],
  storedSecrets: [CANARY],
};

function exported(collection: Collection = brunoSample(), environment = 'Sandbox') {
  return exportPostmanV3(buildPostmanCollection(collection, OPTIONS), environment);
}

function fileMap(collection?: Collection) {
  const out = exported(collection);
  return new Map(out.files.map(({ path, text }) => [path, text]));
}

const yaml = (text: string | undefined) => load(text ?? '') as Record<string, unknown>;

describe('Export for Postman 12 (collection schema v3)', () => {
  it('lays the collection out as Postman 12 keeps it in git, in order, with safe file names', () => {
    const out = exported();
    expect(out.collectionPath).toBe('postman/collections/Orders walkthrough');
    expect(out.environmentPath).toBe('postman/environments/Sandbox.environment.yaml');
    expect(out.files.map(({ path }) => path)).toEqual([
      'postman/collections/Orders walkthrough/.resources/definition.yaml',
      'postman/collections/Orders walkthrough/List products.request.yaml',
      'postman/collections/Orders walkthrough/Orders/.resources/definition.yaml',
      'postman/collections/Orders walkthrough/Orders/One product.request.yaml',
      // ":" and "?" are refused in file names; the real name stays in the file.
      'postman/collections/Orders walkthrough/Orders/Create order- today-.request.yaml',
      'postman/collections/Orders walkthrough/Company.request.yaml',
      'postman/environments/Sandbox.environment.yaml',
    ]);
    const files = fileMap();
    const order = yaml(
      files.get('postman/collections/Orders walkthrough/Orders/Create order- today-.request.yaml'),
    );
    expect(order).toMatchObject({
      $kind: 'http-request',
      name: 'Create order: today?',
      order: 2000,
    });
    expect(
      yaml(files.get('postman/collections/Orders walkthrough/Company.request.yaml')).order,
    ).toBe(3000);
    expect(
      yaml(files.get('postman/collections/Orders walkthrough/Orders/.resources/definition.yaml')),
    ).toEqual({
      $kind: 'collection',
      id: 'fld_orders',
      order: 2000,
    });
  });

  it('gives names that differ only in case, or in refused characters, files of their own', () => {
    const request = (id: string, name: string) => ({
      kind: 'request' as const,
      id,
      name,
      method: 'GET' as const,
      path: 'company',
      query: [],
      headers: [],
      body: '',
    });
    const collection: Collection = {
      ...brunoSample(),
      items: [
        request('a', 'Get A'),
        request('b', 'get a'),
        request('c', 'x/y'),
        request('d', 'x:y'),
      ],
    };
    const names = exported(collection).files.map(({ path }) => path.split('/').at(-1));
    expect(names.slice(1, 5)).toEqual([
      'Get A.request.yaml',
      'get a (2).request.yaml',
      'x-y.request.yaml',
      'x-y (2).request.yaml',
    ]);
    for (const name of names) expect(name).not.toMatch(/[\\:*?"<>|]/);
  });

  it('writes Postman’s canonical spelling: maps, the url and queryParams in agreement, a JSON body', () => {
    const files = fileMap();
    const list = yaml(
      files.get('postman/collections/Orders walkthrough/List products.request.yaml'),
    );
    expect(list).toMatchObject({
      $kind: 'http-request',
      id: 'req_products',
      url: '{{baseUrl}}/v1/products?q=a%2Bb%20c%26d',
      method: 'GET',
      headers: {
        'Content-Type': 'application/json',
        companyId: '{{companyId}}',
        'X-Request-Id': 'walkthrough-1',
      },
      queryParams: { q: 'a%2Bb%20c%26d' },
      order: 1000,
    });
    expect(list.name).toBeUndefined();
    const order = yaml(
      files.get('postman/collections/Orders walkthrough/Orders/Create order- today-.request.yaml'),
    );
    expect(order.body).toEqual({ type: 'json', content: '{\n  "sku": "{{sku}}",\n  "qty": 2\n}' });
    const text =
      files.get('postman/collections/Orders walkthrough/List products.request.yaml') ?? '';
    // Every {{variable}} quoted, scripts as literal blocks.
    expect(text).toContain('url: "{{baseUrl}}/v1/products?q=a%2Bb%20c%26d"');
    expect(text).toContain('    code: |-\n');
  });

  it('writes assertions as pm.test checks after the response, carried values with pm.variables.set', () => {
    const list = yaml(
      fileMap().get('postman/collections/Orders walkthrough/List products.request.yaml'),
    );
    const [script] = list.scripts as { type: string; code: string; language: string }[];
    expect(script?.type).toBe('afterResponse');
    expect(script?.language).toBe('text/javascript');
    expect(script?.code).toContain('pm.test("res.status eq 200", function () {');
    expect(script?.code).toContain('pm.variables.set(name, text);');
    expect(script?.code).toContain('carry("firstProduct", read(["echo","path"]));');
  });

  it('keeps in each script only the helpers its checks call', () => {
    const base = brunoSample();
    const request = {
      kind: 'request' as const,
      id: 'r',
      name: 'Checks',
      method: 'GET' as const,
      path: 'company',
      query: [],
      headers: [],
      body: '',
      assertions: [
        { expression: 'res.status', operator: 'in' as const, value: '200, {{ok}}', enabled: true },
        { expression: 'res.body.items', operator: 'isEmpty' as const, value: '', enabled: true },
      ],
    };
    const files = fileMap({ ...base, items: [request] });
    const code =
      (
        yaml(files.get('postman/collections/Orders walkthrough/Checks.request.yaml')).scripts as {
          code: string;
        }[]
      )[0]?.code ?? '';
    for (const kept of [
      'function operands(',
      'function operand(',
      'function isEmpty(',
      'function read(',
      'function own(',
    ])
      expect(code).toContain(kept);
    expect(code).not.toContain('function carry(');
    const plain =
      (
        yaml(fileMap().get('postman/collections/Orders walkthrough/List products.request.yaml'))
          .scripts as { code: string }[]
      )[0]?.code ?? '';
    expect(plain).not.toContain('function operands(');
    expect(plain).not.toContain('function isEmpty(');
  });

  it('keeps the API key a header of the collection’s apikey auth, never in the query', () => {
    const definition = yaml(
      fileMap().get('postman/collections/Orders walkthrough/.resources/definition.yaml'),
    );
    expect(definition.auth).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        type: 'apikey',
        name: 'apikey auth',
        credentials: { key: 'x-apikey', value: '{{apiKey}}', in: 'header' },
      },
    ]);
    expect(definition.scripts).toBeUndefined();
    expect(definition.variables).toMatchObject({ apiKey: '', productId: 'prd_1001', region: 'eu' });
  });

  it.each([
    [OAUTH_BASIC, 'variant=basic formEncodeCredentials=false'],
    [OAUTH_BODY, 'variant=body formEncodeCredentials=true'],
  ])(
    'gets OAuth tokens with the token script as the collection’s http:beforeRequest script',
    (auth, marker) => {
      const definition = yaml(
        fileMap({ ...brunoSample(), auth }).get(
          'postman/collections/Orders walkthrough/.resources/definition.yaml',
        ),
      );
      expect(definition.auth).toEqual([{ id: '', type: 'noauth', name: 'No Auth' }]);
      const [script] = definition.scripts as { type: string; code: string }[];
      expect(script?.type).toBe('http:beforeRequest');
      expect(script?.code.split('\n')[0]).toBe(
        `// partner-api-devtools token script v1: ${marker}`,
      );
      expect(definition.variables).toMatchObject({ clientId: 'partner-client', clientSecret: '' });
    },
  );

  it('writes the environment with the settings, and every secret empty, to pass with --env-var', () => {
    const environment = yaml(
      fileMap({ ...brunoSample(), auth: OAUTH_BASIC }).get(
        'postman/environments/Sandbox.environment.yaml',
      ),
    );
    expect(environment).toEqual({
      name: 'Sandbox',
      values: [
        { key: 'baseUrl', value: 'http://127.0.0.1:8787', enabled: true, type: 'default' },
        { key: 'authUrl', value: 'http://127.0.0.1:8787', enabled: true, type: 'default' },
        { key: 'companyId', value: 'cmp_1', enabled: true, type: 'default' },
        { key: 'clientId', value: 'partner-client', enabled: true, type: 'default' },
        { key: 'clientSecret', value: '', enabled: true, type: 'secret' },
      ],
    });
  });

  it('passes the export secret linter: no stored secret and nothing that looks like one', () => {
    const check = createSecretCheck([CANARY]);
    for (const auth of [API_KEY, OAUTH_BASIC, OAUTH_BODY]) {
      for (const { path, text } of exported({ ...brunoSample(), auth }).files) {
        expect(text, path).not.toContain(CANARY);
        expect(check.stored(text), path).toBeNull();
      }
    }
  });

  it('is deterministic, and imports back to the collection it was made from', () => {
    expect(exported()).toEqual(exported());
    const sample = brunoSample();
    const json = buildPostmanCollection(sample, { values: OPTIONS.values ?? {} });
    let next = 0;
    const imported = importPostmanV3(exportPostmanV3(json, 'Sandbox').files, () => `id_${++next}`);
    if (!imported.ok) throw new Error(imported.error.message);
    const strip = (value: unknown): unknown =>
      JSON.parse(JSON.stringify(value, (key, field) => (key === 'id' ? undefined : field)));
    // The one change is the v2.1 export's own: a path is written without its leading slash.
    const expected = JSON.stringify(sample).replace('"path":"/orders"', '"path":"orders"');
    expect(strip(imported.value.collection)).toEqual(strip(JSON.parse(expected)));
  });
});
