/**
 * The exported folder judged by Bruno itself: every file parses with `@usebruno/filestore`, and
 * `bru run` (Bruno's CLI, its defaults) runs it against a real sandbox for the API key and both
 * OAuth variants, sending what the contract asks.
 */
import {
  parseCollection,
  parseEnvironment,
  parseFolder,
  parseRequest,
  stringifyCollection,
  stringifyEnvironment,
  stringifyFolder,
  stringifyRequest,
} from '@usebruno/filestore';
import { describe, expect, it } from 'vitest';
import type { CollectionAuth } from '../../collections/model';
import {
  junitCounts,
  removeFolder,
  runBru,
  writeCollectionFolder,
} from '../../testing/fixtures/opencollection/bru-runner-fixture';
import {
  API_KEY_AUTH,
  brunoSample,
  sandboxEnvironment,
} from '../../testing/fixtures/opencollection/opencollection-samples';
import { useSandbox } from '../../testing/fixtures/sandbox/sandbox-fixture';
import { exportOpenCollection } from './opencollection-export';
import { COLLECTION_FILE, type CollectionFile, FOLDER_FILE } from './opencollection-format';
import { importOpenCollection } from './opencollection-import';

const sandbox = useSandbox();
const YML = { format: 'yml' } as const;
const REQUESTS = 4;

function exported(auth: CollectionAuth): CollectionFile[] {
  const result = exportOpenCollection(brunoSample(auth), {
    environments: [sandboxEnvironment(sandbox())],
    storedSecrets: [sandbox().credentials.apiKey, sandbox().credentials.clientSecret],
  });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

function v1Calls() {
  return sandbox().requests.filter((request) => request.path.startsWith('/v1/'));
}

describe('an exported collection, run by bru', () => {
  it('parses file by file with Bruno’s own @usebruno/filestore', () => {
    const files = exported({ method: 'oauthBody', formEncodeCredentials: false });
    const requests = [];
    for (const file of files) {
      if (file.path === COLLECTION_FILE) {
        const { brunoConfig, collectionRoot } = parseCollection(file.text, YML);
        expect(brunoConfig.name).toBe('Orders walkthrough');
        expect(collectionRoot.request.auth.mode).toBe('oauth2');
        expect(collectionRoot.request.auth.oauth2).toMatchObject({
          grantType: 'client_credentials',
          accessTokenUrl: '{{authUrl}}/o/oauth/accesstoken',
          clientId: '{{clientId}}',
          clientSecret: '{{clientSecret}}',
          credentialsPlacement: 'body',
          tokenPlacement: 'header',
          tokenHeaderPrefix: 'Bearer',
        });
      } else if (file.path.startsWith('environments/')) {
        const environment = parseEnvironment(file.text, YML);
        const secret = environment.variables.find(
          (variable: { name: string }) => variable.name === 'clientSecret',
        );
        expect(secret).toMatchObject({ secret: true, value: '' });
      } else if (file.path.endsWith(`/${FOLDER_FILE}`)) {
        expect(parseFolder(file.text, YML).meta).toEqual({ name: 'Orders', seq: 2 });
      } else {
        requests.push(parseRequest(file.text, YML));
      }
    }
    expect(requests).toHaveLength(REQUESTS);
    const products = requests.find((request) => request.name === 'List products');
    expect(products.request.url).toBe('{{baseUrl}}/v1/products?q=a%2Bb%20c%26d');
    expect(products.request.auth.mode).toBe('inherit');
    expect(
      products.request.assertions.map(
        ({ name, value }: { name: string; value: string }) => `${name} ${value}`,
      ),
    ).toEqual(['res.status eq 200', 'res.body isJson']);
    expect(products.request.vars.res).toMatchObject([
      { name: 'firstProduct', value: 'res.body.echo.path', enabled: true },
    ]);
    const order = requests.find((request) => request.name === 'Create order: today?');
    expect(order.request.body).toMatchObject({
      mode: 'json',
      json: '{\n  "sku": "{{sku}}",\n  "qty": 2\n}',
    });
  });

  it('imports the folder as Bruno itself writes it back, with nothing to report but environments', () => {
    for (const auth of [
      API_KEY_AUTH,
      { method: 'oauthBasic', formEncodeCredentials: false },
    ] as const) {
      // Each file through Bruno's parser and Bruno's writer: what Bruno saves after opening it.
      const rewritten = exported(auth).map(({ path, text }) => {
        if (path === COLLECTION_FILE) {
          const { brunoConfig, collectionRoot } = parseCollection(text, YML);
          return { path, text: stringifyCollection(collectionRoot, brunoConfig, YML) };
        }
        if (path.startsWith('environments/'))
          return { path, text: stringifyEnvironment(parseEnvironment(text, YML), YML) };
        if (path.endsWith(`/${FOLDER_FILE}`))
          return { path, text: stringifyFolder(parseFolder(text, YML), YML) };
        return { path, text: stringifyRequest(parseRequest(text, YML), YML) };
      });
      const fromBruno = importOpenCollection(rewritten, () => 'same-id');
      const fromUs = importOpenCollection(exported(auth), () => 'same-id');
      if (!fromBruno.ok || !fromUs.ok) throw new Error('import refused');
      const { collection, summary } = fromBruno.value;
      expect(summary).toEqual([
        'Environments were not imported: a profile holds these settings (1): "Sandbox.yml".',
      ]);
      expect(collection).toEqual(fromUs.value.collection);
      expect(collection.auth).toEqual(auth);
      const first = collection.items[0];
      expect(first).toMatchObject({
        name: 'List products',
        path: 'products',
        query: [{ name: 'q', value: 'a+b c&d' }],
        headers: [{ name: 'X-Request-Id', value: 'walkthrough-1' }],
        assertions: [
          { expression: 'res.status', operator: 'eq', value: '200', enabled: true },
          { expression: 'res.body', operator: 'isJson', value: '', enabled: true },
        ],
        answerVariables: [
          { name: 'firstProduct', expression: 'res.body.echo.path', enabled: true },
        ],
      });
      expect(collection.items.map((item) => item.name)).toEqual([
        'List products',
        'Orders',
        'Company',
      ]);
    }
  });

  it('runs green with an API key in x-apikey, every call carrying the contract headers', async () => {
    const root = await writeCollectionFolder(exported(API_KEY_AUTH));
    try {
      const run = await runBru(root, 'Sandbox', { apiKey: sandbox().credentials.apiKey });
      expect(run.exitCode, run.output).toBe(0);
      expect(junitCounts(run.junit)).toMatchObject({
        suites: REQUESTS,
        skipped: 0,
        failures: 0,
        errors: 0,
      });
      const calls = v1Calls();
      expect(calls.map(({ method, url }) => `${method} ${url}`).sort()).toEqual([
        'GET /v1/company',
        'GET /v1/products/prd_1001',
        'GET /v1/products?q=a%2Bb%20c%26d',
        'POST /v1/orders',
      ]);
      for (const call of calls) {
        expect(call.headers).toMatchObject({
          'content-type': 'application/json',
          companyid: sandbox().credentials.companyId,
          'x-apikey': sandbox().credentials.apiKey,
        });
        expect(call.headers.authorization).toBeUndefined();
      }
      const order = calls.find(({ method }) => method === 'POST');
      expect(JSON.parse(order?.body ?? '')).toEqual({ sku: 'A-1', qty: 2 });
      expect(
        calls.find(({ url }) => url.startsWith('/v1/products?'))?.headers['x-request-id'],
      ).toBe('walkthrough-1');
    } finally {
      await removeFolder(root);
    }
  }, 120_000);

  for (const [method, variant] of [
    ['oauthBasic', 'A (Basic header)'],
    ['oauthBody', 'B (body)'],
  ] as const) {
    it(`runs green with OAuth client credentials, variant ${variant}, the token sent as Bearer`, async () => {
      const root = await writeCollectionFolder(exported({ method, formEncodeCredentials: false }));
      try {
        const { clientId, clientSecret } = sandbox().credentials;
        const run = await runBru(root, 'Sandbox', { clientSecret });
        expect(run.exitCode, run.output).toBe(0);
        expect(junitCounts(run.junit)).toMatchObject({
          suites: REQUESTS,
          skipped: 0,
          failures: 0,
          errors: 0,
        });
        const tokenRequests = sandbox().requests.filter(
          ({ path }) => path === '/o/oauth/accesstoken',
        );
        expect(tokenRequests.length).toBeGreaterThanOrEqual(1);
        for (const token of tokenRequests) {
          expect(token.headers['content-type']).toBe('application/x-www-form-urlencoded');
          const body = new URLSearchParams(token.body);
          expect(body.get('grant_type')).toBe('client_credentials');
          if (method === 'oauthBasic') {
            const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
            expect(token.headers.authorization).toBe(`Basic ${basic}`);
            expect(body.has('client_secret')).toBe(false);
          } else {
            expect(token.headers.authorization).toBeUndefined();
            expect([body.get('client_id'), body.get('client_secret')]).toEqual([
              clientId,
              clientSecret,
            ]);
          }
        }
        const calls = v1Calls();
        expect(calls).toHaveLength(REQUESTS);
        for (const call of calls) {
          expect(call.headers.authorization).toMatch(/^Bearer \S+$/);
          expect(call.headers['x-apikey']).toBeUndefined();
          expect(call.headers.companyid).toBe(sandbox().credentials.companyId);
          expect(call.headers['content-type']).toBe('application/json');
        }
      } finally {
        await removeFolder(root);
      }
    }, 120_000);
  }

  it('exits non-zero with a wrong secret, since a request checks its status', async () => {
    const root = await writeCollectionFolder(exported(API_KEY_AUTH));
    try {
      const run = await runBru(root, 'Sandbox', { apiKey: 'wrong-key-0000' });
      expect(run.exitCode).not.toBe(0);
      expect(junitCounts(run.junit)).toMatchObject({ skipped: 0 });
      expect(junitCounts(run.junit).failures).toBeGreaterThanOrEqual(1);
      expect(v1Calls().every(({ headers }) => headers['x-apikey'] === 'wrong-key-0000')).toBe(true);
    } finally {
      await removeFolder(root);
    }
  }, 120_000);
});
