import { describe, expect, it } from 'vitest';
import { validateCollection } from '../../collections/collection-schema';
import type { Collection, CollectionItem, Folder, SavedRequest } from '../../collections/model';
import { generatedPostmanCollection } from '../../testing/fixtures/postman/postman-samples';
import * as results from '../../testing/results';
import type { AppError } from '../../vocabulary/errors';
import { exportPostman } from './postman-export';
import { importPostman, MAX_IMPORT_CHARS, type PostmanImport } from './postman-import';

function counter(prefix = 'id'): () => string {
  let next = 0;
  return () => `${prefix}_${++next}`;
}

function imported(text: string): PostmanImport {
  return results.accepted(importPostman(text, counter()));
}

function refusal(text: string): AppError {
  return results.refusal(importPostman(text, counter()));
}

function requestsOf(items: readonly CollectionItem[]): SavedRequest[] {
  return items.flatMap((item) => (item.kind === 'folder' ? requestsOf(item.items) : [item]));
}

function line(summary: readonly string[], start: string): string {
  const found = summary.find((text) => text.startsWith(start));
  if (found === undefined)
    throw new Error(`no summary line starts with "${start}":\n${summary.join('\n')}`);
  return found;
}

/** Shaped like an export from the Postman app (v2.1): what a partner would really bring. */
const V21_SAMPLE = {
  info: {
    _postman_id: '6f1d3a52-8a45-4f0e-9f7e-2f3c2c9d1e10',
    name: 'Partner API (team)',
    description: 'Calls we use in onboarding.',
    schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    _exporter_id: '1234567',
  },
  item: [
    {
      name: 'Products',
      item: [
        {
          name: 'List products',
          event: [{ listen: 'test', script: { exec: [''], type: 'text/javascript' } }],
          request: {
            method: 'GET',
            header: [
              { key: 'Content-Type', value: 'application/json', type: 'text' },
              { key: 'companyId', value: '{{companyId}}', type: 'text' },
              { key: 'Accept-Language', value: 'de-DE', type: 'text' },
              { key: 'X-Debug', value: '1', type: 'text', disabled: true },
            ],
            url: {
              raw: '{{baseUrl}}/v1/products?limit=10&q=freight%20quote&page=2',
              host: ['{{baseUrl}}'],
              path: ['v1', 'products'],
              query: [
                { key: 'limit', value: '10' },
                { key: 'q', value: 'freight%20quote' },
                { key: 'page', value: '2', disabled: true },
              ],
            },
          },
          response: [],
        },
        {
          name: 'Product by id',
          request: {
            method: 'GET',
            header: [],
            url: {
              raw: '{{baseUrl}}/v1/products/:productId',
              host: ['{{baseUrl}}'],
              path: ['v1', 'products', ':productId'],
              variable: [{ key: 'productId', value: 'prd_1001' }],
            },
          },
          response: [
            {
              name: 'Found',
              originalRequest: { method: 'GET', url: '{{baseUrl}}/v1/products/prd_1001' },
              code: 200,
              body: '{}',
            },
          ],
        },
      ],
    },
    {
      name: 'Orders',
      description: 'Create and read orders.',
      item: [
        {
          name: 'Create order',
          event: [
            {
              listen: 'test',
              script: {
                exec: ['pm.test("201", function () {', '  pm.response.to.have.status(201);', '});'],
                type: 'text/javascript',
              },
            },
          ],
          request: {
            method: 'POST',
            header: [
              { key: 'Content-Type', value: 'application/json' },
              { key: 'X-Request-Id', value: '{{$guid}}' },
              { key: 'x-apikey', value: '{{apiKey}}' },
            ],
            body: {
              mode: 'raw',
              raw: '{\n  "sku": "{{sku}}",\n  "qty": 2\n}',
              options: { raw: { language: 'json' } },
            },
            url: {
              raw: 'https://api.partner.example.com/v1/orders',
              protocol: 'https',
              host: ['api', 'partner', 'example', 'com'],
              path: ['v1', 'orders'],
            },
          },
        },
        {
          name: 'Upload attachment',
          request: {
            method: 'POST',
            header: [],
            body: {
              mode: 'formdata',
              formdata: [{ key: 'file', type: 'file', src: '/Users/me/invoice.pdf' }],
            },
            url: '{{baseUrl}}/v1/orders/attachments',
          },
        },
        {
          name: 'Legacy search',
          request: {
            auth: {
              type: 'basic',
              basic: [
                { key: 'username', value: 'me' },
                { key: 'password', value: 'hunter2' },
              ],
            },
            method: 'POST',
            header: [{ key: 'Content-Type', value: 'application/x-www-form-urlencoded' }],
            body: { mode: 'urlencoded', urlencoded: [{ key: 'q', value: 'x' }] },
            url: '{{baseUrl}}/search',
          },
        },
      ],
    },
  ],
  auth: {
    type: 'apikey',
    apikey: [
      { key: 'value', value: '{{apiKey}}', type: 'string' },
      { key: 'key', value: 'x-apikey', type: 'string' },
      { key: 'in', value: 'header', type: 'string' },
    ],
  },
  event: [
    {
      listen: 'prerequest',
      script: { type: 'text/javascript', exec: ['console.log(pm.info.requestName);'] },
    },
    { listen: 'test', script: { type: 'text/javascript', exec: [''] } },
  ],
  variable: [
    { key: 'baseUrl', value: 'https://api.partner.example.com', type: 'string' },
    { key: 'companyId', value: 'c0a80101-7e57-4d2a-9b1e-5a4db0c0ffee' },
    { key: 'apiKey', value: 'LJCMGDDriuA4GnuABmm7dWsBQElOqm9F27siBWi4', type: 'string' },
    { key: 'sku', value: 'A-1', type: 'string' },
    { key: 'retries', value: 3, type: 'number' },
    { key: 'legacyHost', value: 'old.example.com', disabled: true },
  ],
};

describe('importPostman: a v2.1 collection from the Postman app', () => {
  const { collection, summary } = imported(JSON.stringify(V21_SAMPLE, null, '\t'));

  it('keeps requests, folders, variables, headers and raw bodies', () => {
    expect(collection).toEqual<Collection>({
      id: 'id_1',
      name: 'Partner API (team)',
      auth: { method: 'apiKey', formEncodeCredentials: false },
      variables: [
        { name: 'sku', value: 'A-1' },
        { name: 'retries', value: '3' },
      ],
      items: [
        {
          kind: 'folder',
          id: 'id_2',
          name: 'Products',
          items: [
            {
              kind: 'request',
              id: 'id_3',
              name: 'List products',
              method: 'GET',
              path: 'products',
              query: [
                { name: 'limit', value: '10' },
                { name: 'q', value: 'freight quote' },
              ],
              headers: [{ name: 'Accept-Language', value: 'de-DE' }],
              body: '',
            },
            {
              kind: 'request',
              id: 'id_4',
              name: 'Product by id',
              method: 'GET',
              path: 'products/prd_1001',
              query: [],
              headers: [],
              body: '',
            },
          ],
        },
        {
          kind: 'folder',
          id: 'id_5',
          name: 'Orders',
          items: [
            {
              kind: 'request',
              id: 'id_6',
              name: 'Create order',
              method: 'POST',
              path: 'orders',
              query: [],
              headers: [{ name: 'X-Request-Id', value: '{{$guid}}' }],
              body: '{\n  "sku": "{{sku}}",\n  "qty": 2\n}',
              // Its test script's pm.response.to.have.status(201), as an assertion.
              assertions: [
                { expression: 'res.status', operator: 'eq', value: '201', enabled: true },
              ],
            },
            {
              kind: 'request',
              id: 'id_7',
              name: 'Upload attachment',
              method: 'POST',
              path: 'orders/attachments',
              query: [],
              headers: [],
              body: '',
            },
            {
              kind: 'request',
              id: 'id_8',
              name: 'Legacy search',
              method: 'POST',
              path: 'search',
              query: [],
              headers: [],
              body: '',
            },
          ],
        },
      ],
    });
    expect(validateCollection(collection).ok).toBe(true);
  });

  it('lists every part it did not bring along, by kind', () => {
    expect(line(summary, 'Pre-request scripts were not imported')).toBe(
      'Pre-request scripts were not imported (1): "Partner API (team)".',
    );
    expect(line(summary, 'Test scripts were not imported')).toBe(
      'Test scripts were not imported (1): "Create order".',
    );
    expect(line(summary, 'Variables named like secrets')).toContain('"apiKey"');
    expect(line(summary, 'Variables that the profile supplies')).toBe(
      'Variables that the profile supplies were not imported: set them in the profile (2): "baseUrl" = "https://api.partner.example.com", "companyId" = "c0a80101-7e57-4d2a-9b1e-5a4db0c0ffee".',
    );
    expect(line(summary, 'Disabled variables')).toContain('"legacyHost"');
    expect(line(summary, 'Disabled headers and query parameters')).toBe(
      'Disabled headers and query parameters were not imported (2): "List products", ….',
    );
    expect(line(summary, 'Headers that the profile sets')).toContain(
      '"Content-Type", "companyId", "x-apikey"',
    );
    expect(line(summary, 'A Content-Type other than JSON')).toContain(
      '"Legacy search" ("application/x-www-form-urlencoded")',
    );
    expect(line(summary, 'Bodies other than raw text')).toBe(
      'Bodies other than raw text were not imported (form data, files, …) (2): "Upload attachment" ("formdata"), "Legacy search" ("urlencoded").',
    );
    expect(line(summary, 'Authentication types this extension does not support')).toContain(
      '"Legacy search" ("basic")',
    );
    expect(line(summary, 'Saved example responses')).toContain('"Product by id"');
    expect(line(summary, 'Descriptions were not imported')).toBe(
      'Descriptions were not imported (2): "Partner API (team)", "Orders".',
    );
    expect(line(summary, 'Requests that pointed at another host')).toContain(
      '"Create order" ("api.partner.example.com")',
    );
    expect(line(summary, 'URLs without a /v1/ segment')).toContain('"Legacy search"');
    expect(line(summary, 'Postman path variables')).toContain('"Product by id"');
    // Empty scripts (Postman writes them for every item) are not reported.
    expect(summary.join('\n')).not.toContain('List products (test)');
  });

  it('never brings a secret along, and never names one in the summary', () => {
    const text = JSON.stringify({ collection, summary });
    expect(text).not.toContain('LJCMGDDriuA4GnuABmm7dWsBQElOqm9F27siBWi4');
    expect(text).not.toContain('hunter2');
  });
});

/** Shaped like a v2.0 export: string URLs and headers, auth parameters as objects, ids as keys. */
const V20_SAMPLE = {
  variables: [],
  info: {
    name: 'Partner API v2.0',
    _postman_id: 'a4d2b3c1-0000-4000-8000-000000000001',
    description: '',
    schema: 'https://schema.getpostman.com/json/collection/v2.0.0/collection.json',
  },
  item: [
    {
      name: 'Ping',
      request: {
        url: '{{baseUrl}}/v1/ping?verbose=true',
        method: 'GET',
        header: 'companyId: {{companyId}}\nX-Client: postman-2.0\n',
        body: {},
        description: '',
      },
      response: [],
    },
    {
      name: 'Company',
      request: '{{api}}/company',
    },
    {
      name: 'Update order',
      request: {
        url: {
          raw: '{{baseUrl}}/v1/orders/{{orderId}}',
          host: '{{baseUrl}}',
          path: 'v1/orders/{{orderId}}',
        },
        method: 'patch',
        header: [{ key: 'If-Match', value: '"7"', description: 'optimistic locking' }],
        body: { mode: 'raw', raw: '{"qty":3}' },
      },
    },
  ],
  auth: {
    type: 'oauth2',
    oauth2: {
      accessTokenUrl: 'https://auth.partner.example.com/o/oauth/accesstoken',
      client_authentication: 'body',
      grant_type: 'client_credentials',
      clientSecret: 'E7G6hm0JopDGWLgQq57ojyhTHojhwpHtTHRzk1qDcbf3wqOeFfzgFdJZvWiHoKHO',
    },
  },
  variable: [
    { id: 'api', value: 'https://api.partner.example.com/v1', type: 'string' },
    { id: 'orderId', value: 'ord_42', type: 'string' },
  ],
};

describe('importPostman: a v2.0 collection', () => {
  const { collection, summary } = imported(JSON.stringify(V20_SAMPLE));

  it('reads string URLs and headers, object auth parameters and id-keyed variables', () => {
    expect(collection.auth).toEqual({ method: 'oauthBody', formEncodeCredentials: false });
    expect(collection.variables).toEqual([
      { name: 'api', value: 'https://api.partner.example.com/v1' },
      { name: 'orderId', value: 'ord_42' },
    ]);
    expect(collection.items).toEqual([
      {
        kind: 'request',
        id: 'id_2',
        name: 'Ping',
        method: 'GET',
        path: 'ping',
        query: [{ name: 'verbose', value: 'true' }],
        headers: [{ name: 'X-Client', value: 'postman-2.0' }],
        body: '',
      },
      {
        kind: 'request',
        id: 'id_3',
        name: 'Company',
        method: 'GET',
        path: 'company',
        query: [],
        headers: [],
        body: '',
      },
      {
        kind: 'request',
        id: 'id_4',
        name: 'Update order',
        method: 'PATCH',
        path: 'orders/{{orderId}}',
        query: [],
        headers: [{ name: 'If-Match', value: '"7"' }],
        body: '{"qty":3}',
      },
    ]);
    expect(validateCollection(collection).ok).toBe(true);
  });

  it('reports the token URL it cannot keep, and nothing that was not there', () => {
    expect(summary).toEqual([
      'OAuth 2.0 token URLs were not imported: set the profile’s Auth URL (1): "https://auth.partner.example.com/o/oauth/accesstoken".',
      'Headers that the profile sets were removed (Content-Type, companyId, x-apikey, Authorization) (1): "companyId".',
      'Requests that pointed at another host now use the profile’s base URL (1): "Company" ("{{api}}").',
      'Descriptions of headers, query parameters, form fields and variables were not imported (1): "Update order" ("If-Match").',
    ]);
    expect(JSON.stringify(collection)).not.toContain('E7G6hm0Jop');
  });
});

describe('importPostman: round trip with exportPostman', () => {
  const CONTRACT_LINE =
    'Headers that the profile sets were removed (Content-Type, companyId, x-apikey, Authorization) (4): "Content-Type", "companyId", ….';
  function sample(
    method: Collection['auth']['method'],
    formEncodeCredentials: boolean,
  ): Collection {
    return {
      id: 'id_1',
      name: 'Round trip',
      auth: { method, formEncodeCredentials },
      variables: [{ name: 'productId', value: 'prd_1001' }],
      items: [
        {
          kind: 'request',
          id: 'id_2',
          name: 'Search',
          method: 'GET',
          path: 'products',
          query: [
            { name: 'q', value: 'a+b c&d=é' },
            { name: 'id', value: '{{productId}}' },
          ],
          headers: [{ name: 'X-Request-Id', value: 'rt-1' }],
          body: '',
        },
        {
          kind: 'folder',
          id: 'id_3',
          name: 'Orders',
          items: [
            {
              kind: 'request',
              id: 'id_4',
              name: 'Create',
              method: 'POST',
              path: 'orders',
              query: [],
              headers: [],
              body: '{"sku":"A-1"}',
            },
            { kind: 'folder', id: 'id_5', name: 'Empty', items: [] },
          ],
        },
      ],
    };
  }

  for (const [method, formEncode] of [
    ['apiKey', false],
    ['oauthBasic', true],
    ['oauthBasic', false],
    ['oauthBody', false],
  ] as const) {
    it(`gives back the same collection, with nothing lost (${method}, formEncode ${formEncode})`, () => {
      const original = sample(method, formEncode);
      const back = imported(exportPostman(original));
      // The export writes the contract headers out for Postman; they come back as the profile's.
      expect(back.summary).toEqual([CONTRACT_LINE]);
      expect(back.collection).toEqual(original);
    });
  }

  it('reports a token script that was changed in Postman', () => {
    const json = JSON.parse(exportPostman(sample('oauthBody', false)));
    json.event[0].script.exec.push('console.log("changed");');
    const back = imported(JSON.stringify(json));
    expect(back.collection.auth.method).toBe('oauthBody');
    expect(back.summary).toEqual([
      'The exported token script had been changed; the changes were not imported (1): "Round trip".',
      CONTRACT_LINE,
    ]);
  });
});

describe('importPostman: what else it handles', () => {
  const schema = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

  it('leaves out rows that look like secrets and reports them by name only', () => {
    const { collection, summary } = imported(
      JSON.stringify({
        info: { name: 'Leaky', schema },
        item: [
          {
            name: 'Leaky call',
            request: {
              method: 'GET',
              header: [
                {
                  key: 'X-Session',
                  value: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJl',
                },
                { key: 'X-Trace', value: 'ok' },
              ],
              url: '{{baseUrl}}/v1/things?api_key=sk_live_9f8A7b6C5d4E3f2G1h0J&page=1',
            },
          },
        ],
        variable: [{ key: 'sessionToken', value: 'abc' }],
      }),
    );
    const [request] = requestsOf(collection.items);
    expect(request?.headers).toEqual([{ name: 'X-Trace', value: 'ok' }]);
    expect(request?.query).toEqual([{ name: 'page', value: '1' }]);
    expect(collection.variables).toEqual([]);
    const text = summary.join('\n');
    expect(text).toContain('"Leaky call" ("X-Session")');
    expect(text).toContain('"Leaky call" (?"api_key")');
    expect(text).toContain('Variables named like secrets were not imported (1): "sessionToken".');
    expect(text).not.toMatch(/eyJhbGci|sk_live|abc/);
  });

  it('merges folders nested deeper than the collection allows into their parent', () => {
    let item: unknown[] = [{ name: 'Deep call', request: '{{baseUrl}}/v1/deep' }];
    for (let level = 10; level >= 1; level--) item = [{ name: `Level ${level}`, item }];
    const { collection, summary } = imported(
      JSON.stringify({ info: { name: 'Deep', schema }, item }),
    );
    expect(validateCollection(collection).ok).toBe(true);
    let depth = 0;
    let folder: Folder | undefined = collection.items[0] as Folder;
    while (folder?.kind === 'folder') {
      depth++;
      folder = folder.items[0] as Folder | undefined;
    }
    expect(depth).toBe(8);
    expect(requestsOf(collection.items).map(({ name }) => name)).toEqual(['Deep call']);
    expect(line(summary, 'Folders nested deeper')).toContain('"Level 9", "Level 10"');
  });

  it('converts a GraphQL body to its JSON form, and skips methods it cannot send', () => {
    const { collection, summary } = imported(
      JSON.stringify({
        info: { name: 'Mixed', schema },
        auth: { type: 'noauth' },
        item: [
          {
            name: 'Query',
            request: {
              method: 'POST',
              url: '{{baseUrl}}/v1/graphql',
              body: {
                mode: 'graphql',
                graphql: { query: '{ products { id } }', variables: '{"n":1}' },
              },
            },
          },
          { name: 'Find', request: { method: 'PROPFIND', url: '{{baseUrl}}/v1/dav' } },
          { name: 'Nothing here' },
        ],
      }),
    );
    expect(requestsOf(collection.items).map(({ body }) => body)).toEqual([
      '{"query":"{ products { id } }","variables":{"n":1}}',
    ]);
    expect(line(summary, 'Requests with a method')).toContain('"Find" ("PROPFIND")');
    expect(line(summary, 'Entries with neither')).toContain('"Nothing here"');
    expect(line(summary, 'The collection has no authentication')).toContain('"Mixed"');
  });
});

describe('importPostman: hostile and broken input', () => {
  const schema = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

  it('refuses what is not a v2.0/v2.1 collection, with typed errors', () => {
    expect(refusal('{"info": {"name": "x", "schema": ').message).toMatch(
      /^The file is not valid JSON \(line 1/,
    );
    expect(refusal('').message).toBe('The file is empty.');
    expect(refusal('[1, 2]').message).toContain('not an object');
    expect(refusal('{"id":"x","name":"old","order":[],"requests":[]}').message).toContain('v1');
    expect(
      refusal('{"name":"env","values":[],"_postman_variable_scope":"environment"}').message,
    ).toContain('environment');
    expect(
      refusal('{"info":{"schema":"https://schema.getpostman.com/json/collection/v3.0.0/"}}')
        .message,
    ).toContain('not supported');
    expect(refusal(JSON.stringify({ info: { schema }, item: {} })).message).toContain('not a list');
    for (const error of [refusal('[]'), refusal('null')]) expect(error.code).toBe('bad_message');
    expect(importPostman(42 as unknown as string, counter()).ok).toBe(false);
  });

  it('refuses prototype keys and hostile nesting before reading anything', () => {
    const polluted = `{"info":{"schema":"${schema}"},"item":[{"name":"x","request":{"__proto__":{"admin":true}}}]}`;
    expect(refusal(polluted).message).toContain('"__proto__"');
    expect(refusal(`{"info":{"schema":"${schema}","constructor":{}}}`).message).toContain(
      '"constructor"',
    );
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(refusal(deep).message).toContain('nested more than');
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('refuses a file over the size cap without parsing it', () => {
    const error = refusal(' '.repeat(MAX_IMPORT_CHARS + 1));
    expect(error.code).toBe('bad_message');
    expect(error.message).toContain('larger than');
  });

  it('never throws on fields of the wrong type anywhere', () => {
    const odd = [null, 0, -1, true, 'text', [], {}, [null], [{}], { mode: 'raw' }, '{{x}}'];
    const base = JSON.stringify(V21_SAMPLE);
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let round = 0; round < 400; round++) {
      const json = JSON.parse(base);
      // Replace a few values at random places with values of other types.
      for (let change = 0; change < 3; change++) {
        let node: Record<string, unknown> = json;
        for (let step = 0; step < 6; step++) {
          const keys = Object.keys(node);
          const key = keys[random(keys.length)];
          if (key === undefined) break;
          const next = node[key];
          if (step === 5 || next === null || typeof next !== 'object' || random(3) === 0) {
            node[key] = odd[random(odd.length)];
            break;
          }
          node = next as Record<string, unknown>;
        }
      }
      const result = importPostman(JSON.stringify(json), counter());
      if (result.ok) expect(validateCollection(result.value.collection).ok).toBe(true);
      else expect(result.error.code).toBe('bad_message');
    }
  });

  it('turns an unexpected failure into a typed error', () => {
    const result = importPostman(JSON.stringify(V21_SAMPLE), () => {
      throw new Error('no more ids');
    });
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'internal',
        message: 'The Postman import stopped on an unexpected problem (no more ids).',
        hint: 'Report this with the file, if you can share it.',
      },
    });
  });
});

describe('importPostman: a large collection', () => {
  it('imports 10 000 requests in 100 folders', () => {
    const { collection, summary } = imported(generatedPostmanCollection());
    expect(collection.items).toHaveLength(100);
    const requests = requestsOf(collection.items);
    expect(requests).toHaveLength(10_000);
    expect(requests[9_999]).toMatchObject({
      name: 'Request 99-99',
      path: 'resources/99/items/99',
      query: [
        { name: 'page', value: '1' },
        { name: 'size', value: '50' },
      ],
      headers: [{ name: 'X-Request-Id', value: 'req-99-99' }],
    });
    expect(summary).toEqual([
      'Headers that the profile sets were removed (Content-Type, companyId, x-apikey, Authorization) (20000): "Content-Type", "companyId", ….',
    ]);
  });
});
