/// <reference path="../../../node_modules/postman-collection/types/index.d.ts" />
// postman-collection ships its declarations without naming them in package.json.
import { runInNewContext } from 'node:vm';
import {
  type Header,
  type Item,
  ItemGroup,
  Collection as PostmanCollection,
} from 'postman-collection';
import { afterEach, describe, expect, it } from 'vitest';
import type { Collection, CollectionAuth } from '../../collections/model';
import { createSandbox, type Sandbox } from '../../sandbox/server';
import { buildTokenRequest } from '../../service/token/token-request';
import { runNewman } from '../../testing/fixtures/postman/postman-newman-fixture';
import { exportPostman, postmanIdFor } from './postman-export';
import type { PostmanCollectionJson, PostmanFolder, PostmanRequestItem } from './postman-format';
import { POSTMAN_SCHEMA_V21 } from './postman-names';
import { TOKEN_CACHE_VARIABLES, TOKEN_TEST_NAME } from './postman-token-script';

const API_KEY_AUTH: CollectionAuth = { method: 'apiKey', formEncodeCredentials: false };

function sampleCollection(auth: CollectionAuth = API_KEY_AUTH): Collection {
  return {
    id: 'col_orders',
    name: 'Orders walkthrough',
    auth,
    variables: [
      { name: 'productId', value: 'prd_1001' },
      { name: 'sku', value: 'A-1' },
    ],
    items: [
      {
        kind: 'request',
        id: 'req_products',
        name: 'List products',
        method: 'GET',
        path: 'products',
        query: [{ name: 'q', value: 'a+b c&d' }],
        headers: [{ name: 'X-Request-Id', value: 'walkthrough-1' }],
        body: '',
      },
      {
        kind: 'folder',
        id: 'fld_orders',
        name: 'Orders',
        items: [
          {
            kind: 'request',
            id: 'req_product',
            name: 'One product',
            method: 'GET',
            path: 'products/{{productId}}',
            query: [],
            headers: [],
            body: '',
          },
          {
            kind: 'request',
            id: 'req_order',
            name: 'Create order',
            method: 'POST',
            path: '/orders',
            query: [],
            headers: [],
            body: '{"sku":"{{sku}}","qty":2}',
          },
        ],
      },
      {
        kind: 'request',
        id: 'req_company',
        name: 'Company',
        method: 'GET',
        path: 'company',
        query: [],
        headers: [],
        body: '',
      },
    ],
  };
}

function parse(text: string): PostmanCollectionJson {
  return JSON.parse(text) as PostmanCollectionJson;
}

function requestItem(json: PostmanCollectionJson, ...indexes: number[]): PostmanRequestItem {
  let items = json.item;
  for (const index of indexes.slice(0, -1)) items = (items[index] as PostmanFolder).item;
  return items[indexes[indexes.length - 1] ?? 0] as PostmanRequestItem;
}

describe('exportPostman', () => {
  it('writes deterministic v2.1 JSON with a UUID-shaped id derived from the collection id', () => {
    const text = exportPostman(sampleCollection());
    expect(exportPostman(sampleCollection())).toBe(text);
    const json = parse(text);
    expect(json.info.schema).toBe(POSTMAN_SCHEMA_V21);
    expect(json.info._postman_id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(json.info._postman_id).toBe(postmanIdFor('col_orders'));
    expect(postmanIdFor('col_other')).not.toBe(json.info._postman_id);
    const uuid = 'C0A80101-7E57-4D2A-9B1E-5A4DB0C0FFEE';
    expect(postmanIdFor(uuid)).toBe(uuid.toLowerCase());
    expect(text).toContain('\n\t"info": {');
  });

  it('sends every request to {{baseUrl}}/v1/<path> with the contract headers and encoded query', () => {
    const collection = sampleCollection();
    const first = collection.items[0];
    if (first?.kind !== 'request') throw new Error('fixture changed');
    first.path = 'products?sort=name';
    first.headers.push(
      { name: 'x-apikey', value: 'typed-by-mistake' },
      { name: 'Content-Type', value: 'text/plain' },
    );
    const json = parse(exportPostman(collection));

    const list = requestItem(json, 0);
    expect(list.request.url).toEqual({
      raw: '{{baseUrl}}/v1/products?sort=name&q=a%2Bb%20c%26d',
      host: ['{{baseUrl}}'],
      path: ['v1', 'products'],
      query: [
        { key: 'sort', value: 'name' },
        { key: 'q', value: 'a%2Bb%20c%26d' },
      ],
    });
    expect(list.request.header).toEqual([
      { key: 'Content-Type', value: 'application/json', type: 'text' },
      { key: 'companyId', value: '{{companyId}}', type: 'text' },
      { key: 'X-Request-Id', value: 'walkthrough-1', type: 'text' },
    ]);
    expect(list.request.body).toBeUndefined();

    const order = requestItem(json, 1, 1);
    expect(order.request.url.raw).toBe('{{baseUrl}}/v1/orders');
    expect(order.request.url.path).toEqual(['v1', 'orders']);
    expect(order.request.body).toEqual({
      mode: 'raw',
      raw: '{"sku":"{{sku}}","qty":2}',
      options: { raw: { language: 'json' } },
    });
    expect(requestItem(json, 1, 0).request.url.raw).toBe('{{baseUrl}}/v1/products/{{productId}}');
    expect((json.item[1] as PostmanFolder).name).toBe('Orders');
  });

  it('uses apikey auth on x-apikey for API-key collections, without a script', () => {
    const json = parse(exportPostman(sampleCollection()));
    expect(json.auth).toEqual({
      type: 'apikey',
      apikey: [
        { key: 'key', value: 'x-apikey', type: 'string' },
        { key: 'value', value: '{{apiKey}}', type: 'string' },
        { key: 'in', value: 'header', type: 'string' },
      ],
    });
    expect(json.event).toBeUndefined();
    expect(json.variable.map(({ key, value }) => [key, value])).toEqual([
      ['baseUrl', ''],
      ['authUrl', ''],
      ['companyId', ''],
      ['apiKey', ''],
      ['productId', 'prd_1001'],
      ['sku', 'A-1'],
    ]);
  });

  it('uses noauth plus the token script for OAuth collections, marked with the variant', () => {
    for (const [method, variant] of [
      ['oauthBasic', 'basic'],
      ['oauthBody', 'body'],
    ] as const) {
      const json = parse(exportPostman(sampleCollection({ method, formEncodeCredentials: true })));
      expect(json.auth).toEqual({ type: 'noauth' });
      const exec = json.event?.[0]?.script.exec ?? [];
      expect(json.event?.[0]?.listen).toBe('prerequest');
      expect(exec[0]).toBe(
        `// partner-api-devtools token script v1: variant=${variant} formEncodeCredentials=true`,
      );
      expect(exec.join('\n')).not.toMatch(/%[A-Z_]+%|=>|`|\blet\b|\bconst\b/);
      expect(json.variable.map(({ key }) => key).slice(0, 5)).toEqual([
        'baseUrl',
        'authUrl',
        'companyId',
        'clientId',
        'clientSecret',
      ]);
    }
  });

  it('never writes a secret, even one the collection should not have held', () => {
    const collection = sampleCollection({ method: 'oauthBasic', formEncodeCredentials: false });
    collection.variables.push(
      { name: 'apiKey', value: 'SECRET-api-key-1' },
      { name: 'clientSecret', value: 'SECRET-client-2' },
      { name: 'dbPassword', value: 'SECRET-password-3' },
      { name: 'partner_api_key', value: 'SECRET-key-4' },
    );
    const first = collection.items[0];
    if (first?.kind !== 'request') throw new Error('fixture changed');
    first.headers.push(
      { name: 'X-APIKEY', value: 'SECRET-header-5' },
      { name: 'authorization', value: 'Bearer SECRET-token-6' },
    );
    const options = {
      values: { baseUrl: 'http://127.0.0.1:1', companyId: 'c0a8', clientId: 'id-1' },
    };
    const text = exportPostman(collection, options);
    expect(text).not.toMatch(/SECRET/);
    const json = parse(text);
    const values = new Map(json.variable.map(({ key, value }) => [key, value]));
    expect(values.get('clientSecret')).toBe('');
    expect(values.get('dbPassword')).toBe('');
    expect(values.get('partner_api_key')).toBe('');
    expect(values.get('clientId')).toBe('id-1');
    expect(values.get('baseUrl')).toBe('http://127.0.0.1:1');
    expect([...values.keys()].filter((key) => key === 'clientSecret')).toHaveLength(1);
  });

  it("is a valid collection for Postman's own SDK and survives its round trip", () => {
    for (const auth of [
      API_KEY_AUTH,
      { method: 'oauthBody', formEncodeCredentials: false },
    ] as const) {
      const json = parse(exportPostman(sampleCollection(auth)));
      // The SDK's declarations want every optional field present; it reads plain JSON.
      const sdk = new PostmanCollection(JSON.parse(JSON.stringify(json)));
      expect(PostmanCollection.isCollection(sdk)).toBe(true);
      const requests: { name: string; url: string; method: string; headers: string[] }[] = [];
      const walk = (group: ItemGroup) => {
        for (const entry of group.items.all() as (Item | ItemGroup)[]) {
          if (ItemGroup.isItemGroup(entry)) {
            walk(entry as ItemGroup);
            continue;
          }
          const { request } = entry as Item;
          requests.push({
            name: entry.name,
            url: request.url.toString(),
            method: request.method,
            headers: (request.headers.all() as Header[]).map(
              ({ key, value }) => `${key}: ${value}`,
            ),
          });
        }
      };
      walk(sdk);
      expect(requests.map(({ name, method, url }) => `${name} ${method} ${url}`)).toEqual([
        'List products GET {{baseUrl}}/v1/products?q=a%2Bb%20c%26d',
        'One product GET {{baseUrl}}/v1/products/{{productId}}',
        'Create order POST {{baseUrl}}/v1/orders',
        'Company GET {{baseUrl}}/v1/company',
      ]);
      for (const request of requests) {
        expect(request.headers.slice(0, 2)).toEqual([
          'Content-Type: application/json',
          'companyId: {{companyId}}',
        ]);
      }
      const back = sdk.toJSON() as unknown as PostmanCollectionJson;
      expect(back.info.schema).toBe(POSTMAN_SCHEMA_V21);
      expect(back.info._postman_id).toBe(json.info._postman_id);
      expect(back.item).toHaveLength(3);
      expect(back.variable.map(({ key }) => key)).toEqual(json.variable.map(({ key }) => key));
      expect(back.auth).toMatchObject({ type: auth.method === 'apiKey' ? 'apikey' : 'noauth' });
      expect(back.event?.[0]?.script.exec).toEqual(json.event?.[0]?.script.exec);
    }
  });
});

interface ScriptRun {
  sent: {
    url: string;
    method: string;
    header: { key: string; value: string }[];
    body: { raw: string };
  }[];
  tests: { name: string; error: string | null }[];
  skipped: boolean;
  headers: Map<string, string>;
}

/** Runs the exported token script in a fresh V8 context with a minimal `pm` and a canned answer. */
function runTokenScript(
  exec: string[],
  variables: Record<string, string>,
  cache: Map<string, string>,
  answer: { code: number; status: string; text: string },
): ScriptRun {
  const run: ScriptRun = { sent: [], tests: [], skipped: false, headers: new Map() };
  const pm = {
    variables: { get: (name: string) => variables[name] },
    collectionVariables: {
      get: (name: string) => cache.get(name),
      set: (name: string, value: string) => cache.set(name, value),
    },
    request: {
      headers: {
        upsert: (header: { key: string; value: string }) =>
          run.headers.set(header.key, header.value),
      },
    },
    test: (name: string, check: () => void) => {
      try {
        check();
        run.tests.push({ name, error: null });
      } catch (error) {
        run.tests.push({
          name,
          error: error instanceof Object ? String((error as Error).message) : String(error),
        });
      }
    },
    execution: {
      skipRequest: () => {
        run.skipped = true;
      },
    },
    sendRequest: (
      request: ScriptRun['sent'][number],
      done: (error: null, response: unknown) => void,
    ) => {
      run.sent.push(request);
      done(null, { code: answer.code, status: answer.status, text: () => answer.text });
    },
  };
  runInNewContext(exec.join('\n'), { pm, btoa });
  return run;
}

function scriptOf(auth: CollectionAuth): string[] {
  return parse(exportPostman(sampleCollection(auth))).event?.[0]?.script.exec ?? [];
}

const TRICKY = { clientId: 'partner id+1', clientSecret: "sé cret:%~!'()*€😀" };
const SETTINGS = { authUrl: 'http://auth.test/', ...TRICKY };
const TOKEN_ANSWER = {
  code: 200,
  status: 'OK',
  text: JSON.stringify({
    access_token: 'tok-1',
    expires_in: '3599',
    issued_at: String(Date.now() - 1000),
  }),
};

describe('the exported token script', () => {
  it('builds the same token request as the extension, for both variants and both encodings', () => {
    const cases = [
      { method: 'oauthBasic', variant: 'basic', formEncodeCredentials: false },
      { method: 'oauthBasic', variant: 'basic', formEncodeCredentials: true },
      { method: 'oauthBody', variant: 'body', formEncodeCredentials: false },
    ] as const;
    for (const { method, variant, formEncodeCredentials } of cases) {
      const run = runTokenScript(
        scriptOf({ method, formEncodeCredentials }),
        SETTINGS,
        new Map(),
        TOKEN_ANSWER,
      );
      const expected = buildTokenRequest({
        authUrl: 'http://auth.test/',
        variant,
        formEncodeCredentials,
        ...TRICKY,
      });
      expect(run.sent).toHaveLength(1);
      const [sent] = run.sent;
      expect(sent?.url).toBe(expected.url);
      expect(sent?.method).toBe('POST');
      expect(sent?.header.map(({ key, value }) => ({ name: key, value }))).toEqual(
        expected.headers,
      );
      expect(sent?.body.raw).toBe(expected.body);
      expect(run.headers.get('Authorization')).toBe('Bearer tok-1');
      expect(run.tests).toEqual([]);
    }
  });

  it('reuses the cached token until 60 s before it expires, then asks again', () => {
    const exec = scriptOf({ method: 'oauthBasic', formEncodeCredentials: false });
    const cache = new Map<string, string>();
    runTokenScript(exec, SETTINGS, cache, TOKEN_ANSWER);
    const expiresAt = Number(cache.get(TOKEN_CACHE_VARIABLES.expiresAt));
    expect(expiresAt).toBeGreaterThan(Date.now() + 3_500_000);

    const second = runTokenScript(exec, SETTINGS, cache, TOKEN_ANSWER);
    expect(second.sent).toHaveLength(0);
    expect(second.headers.get('Authorization')).toBe('Bearer tok-1');

    cache.set(TOKEN_CACHE_VARIABLES.expiresAt, String(Date.now() + 59_000));
    expect(runTokenScript(exec, SETTINGS, cache, TOKEN_ANSWER).sent).toHaveLength(1);

    // Another client id (another environment) never reuses the cached token.
    const other = runTokenScript(exec, { ...SETTINGS, clientId: 'other' }, cache, TOKEN_ANSWER);
    expect(other.sent).toHaveLength(1);
  });

  it('uses a token without expires_in once, without caching it', () => {
    const exec = scriptOf({ method: 'oauthBody', formEncodeCredentials: false });
    const cache = new Map<string, string>();
    const answer = { ...TOKEN_ANSWER, text: JSON.stringify({ access_token: 'tok-2' }) };
    expect(runTokenScript(exec, SETTINGS, cache, answer).headers.get('Authorization')).toBe(
      'Bearer tok-2',
    );
    expect(runTokenScript(exec, SETTINGS, cache, answer).sent).toHaveLength(1);
  });

  it('fails a test with the token endpoint answer and skips the request when refused', () => {
    const exec = scriptOf({ method: 'oauthBasic', formEncodeCredentials: false });
    const refused = {
      code: 401,
      status: 'Unauthorized',
      text: '{"ErrorCode":"invalid_client","Error":"Client credentials are invalid"}',
    };
    const run = runTokenScript(exec, SETTINGS, new Map(), refused);
    expect(run.skipped).toBe(true);
    expect(run.headers.size).toBe(0);
    expect(run.tests).toHaveLength(1);
    expect(run.tests[0]?.name).toBe(TOKEN_TEST_NAME);
    expect(run.tests[0]?.error).toContain('401 Unauthorized');
    expect(run.tests[0]?.error).toContain('Client credentials are invalid');
    expect(run.tests[0]?.error).not.toContain(TRICKY.clientSecret);

    const html = runTokenScript(exec, SETTINGS, new Map(), {
      code: 200,
      status: 'OK',
      text: '<html>',
    });
    expect(html.tests[0]?.error).toContain('did not answer JSON');
  });

  it('names the missing variables instead of sending an empty secret', () => {
    const exec = scriptOf({ method: 'oauthBody', formEncodeCredentials: false });
    const run = runTokenScript(exec, { authUrl: 'http://auth.test' }, new Map(), TOKEN_ANSWER);
    expect(run.sent).toHaveLength(0);
    expect(run.skipped).toBe(true);
    expect(run.tests[0]?.error).toContain('Set clientId, clientSecret');
  });
});

describe('exported collections run green in newman against the sandbox', () => {
  const NEWMAN_TIMEOUT = 60_000;
  let sandbox: Sandbox | null = null;
  afterEach(async () => {
    await sandbox?.close();
    sandbox = null;
  });

  async function start(options: Parameters<typeof createSandbox>[0] = {}): Promise<Sandbox> {
    sandbox = await createSandbox({ port: 0, ...options });
    return sandbox;
  }

  function oauthVariables(current: Sandbox, clientSecret = current.credentials.clientSecret) {
    const { clientId, companyId } = current.credentials;
    return { baseUrl: current.url, authUrl: current.url, companyId, clientId, clientSecret };
  }

  it(
    'API key: every request answers 2xx, with query, headers and JSON body as saved',
    async () => {
      const current = await start();
      const { apiKey, companyId } = current.credentials;
      const collection = JSON.parse(exportPostman(sampleCollection()));
      const outcome = await runNewman(collection, { baseUrl: current.url, companyId, apiKey });

      expect(outcome.failures).toEqual([]);
      expect(outcome.sent.map(({ method, path, status }) => `${method} ${path} ${status}`)).toEqual(
        [
          'GET /v1/products 200',
          'GET /v1/products/prd_1001 200',
          'POST /v1/orders 201',
          'GET /v1/company 200',
        ],
      );
      type Answer = {
        echo: { query: unknown; headers: Record<string, string>; auth: unknown };
        data: unknown;
      };
      const [list, , order] = outcome.sent.map(({ body }) => body as Answer);
      expect(list?.echo.query).toEqual({ q: 'a+b c&d' });
      expect(list?.echo.headers['x-request-id']).toBe('walkthrough-1');
      expect(list?.echo.auth).toEqual({ method: 'apikey' });
      expect(order?.data).toMatchObject({ sku: 'A-1', qty: 2, status: 'created' });
      expect(current.tokenRequestCount()).toBe(0);
    },
    NEWMAN_TIMEOUT,
  );

  for (const method of ['oauthBasic', 'oauthBody'] as const) {
    it(
      `OAuth ${method}: every request answers 2xx with one token request for the whole run`,
      async () => {
        const current = await start();
        const collection = JSON.parse(
          exportPostman(sampleCollection({ method, formEncodeCredentials: false })),
        );
        const outcome = await runNewman(collection, oauthVariables(current));

        expect(outcome.failures).toEqual([]);
        expect(outcome.sent.map(({ status }) => status)).toEqual([200, 200, 201, 200]);
        for (const { body } of outcome.sent) {
          expect((body as { echo: { auth: unknown } }).echo.auth).toEqual({
            method: 'bearer',
            clientId: current.credentials.clientId,
          });
        }
        expect(current.tokenRequestCount()).toBe(1);
        const token = current.requests.find((request) => request.path === '/o/oauth/accesstoken');
        if (method === 'oauthBasic') expect(token?.headers.authorization).toMatch(/^Basic /);
        else expect(token?.body).toContain('client_secret=');
      },
      NEWMAN_TIMEOUT,
    );
  }

  it(
    'OAuth with non-ASCII and reserved characters in the credentials, both variants',
    async () => {
      const current = await start({ credentials: TRICKY });
      for (const method of ['oauthBasic', 'oauthBody'] as const) {
        const collection = JSON.parse(
          exportPostman(sampleCollection({ method, formEncodeCredentials: false })),
        );
        const outcome = await runNewman(collection, oauthVariables(current));
        expect(outcome.failures).toEqual([]);
        expect(outcome.sent.map(({ status }) => status)).toEqual([200, 200, 201, 200]);
      }
      expect(current.tokenRequestCount()).toBe(2);
    },
    NEWMAN_TIMEOUT,
  );

  it(
    'gets a new token for each request when tokens live less than the 60 s margin',
    async () => {
      const current = await start({ switches: { tokenLifetimeSeconds: 30 } });
      const collection = JSON.parse(
        exportPostman(sampleCollection({ method: 'oauthBasic', formEncodeCredentials: false })),
      );
      const outcome = await runNewman(collection, oauthVariables(current));
      expect(outcome.sent.map(({ status }) => status)).toEqual([200, 200, 201, 200]);
      expect(current.tokenRequestCount()).toBe(4);
    },
    NEWMAN_TIMEOUT,
  );

  it(
    'a wrong clientSecret fails the run with the token endpoint error and sends no call',
    async () => {
      const current = await start();
      const collection = JSON.parse(
        exportPostman(sampleCollection({ method: 'oauthBody', formEncodeCredentials: false })),
      );
      const outcome = await runNewman(collection, oauthVariables(current, 'wrong-secret'));

      expect(outcome.sent).toEqual([]);
      expect(outcome.failures).toHaveLength(4);
      for (const failure of outcome.failures) {
        expect(failure.message).toContain('The token endpoint refused the client credentials');
        expect(failure.message).toContain('answered 401 Unauthorized');
        expect(failure.message).toContain('"Error":"Client credentials are invalid"');
        expect(failure.message).not.toContain('wrong-secret');
      }
      expect(outcome.failures.map(({ item }) => item)).toEqual([
        'List products',
        'One product',
        'Create order',
        'Company',
      ]);
    },
    NEWMAN_TIMEOUT,
  );
});
