/**
 * Every import in Firefox, each from a real file picked through the panel's file input (or, for
 * cURL, a pasted command), each ending in a call the sandbox answers: a Postman collection as the
 * Postman app exports it, an OpenAPI document in YAML, a HAR file as Firefox's Network panel saves
 * it, a cURL command, and an OpenCollection (Bruno) collection as a zip and as a folder. The
 * credentials the files carried are dropped, and none reaches storage or the panel.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Sandbox } from '../../src/sandbox/server';
import { expectText, expectValue, type PanelDriver } from '../journeys/driver';
import { createApiKeyProfile } from '../journeys/profiles';
import { FIREFOX_WAIT_MS } from '../journeys/puppeteer-panel';
import { test as base, expect } from './fixtures';

const FILE_SECRET = 'fileSECRETkey-6d2b9f0e4c1a';

const test = base.extend<{ files: string }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
  files: async ({}, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'partner-api-firefox-imports-'));
    await use(dir);
    rmSync(dir, { recursive: true, force: true });
  },
});

function writeFile(dir: string, name: string, text: string | Uint8Array): string {
  const path = join(dir, name);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return path;
}

async function pick(panel: PanelDriver, label: string, path: string) {
  await panel.label(label).setFiles([path]);
}

/** Opens the saved request `name` (its folder first, when it has one) in the composer. */
async function open(panel: PanelDriver, name: string, folder?: string) {
  const collections = panel.role('region', 'Collections');
  if (folder !== undefined) await collections.within('treeitem', folder).click();
  await collections.within('treeitem', name).click();
}

/** Sends what the composer holds; resolves with what the sandbox received for `path`. */
async function sendAndReceive(panel: PanelDriver, sandbox: Sandbox, path: string, status: string) {
  const before = sandbox.requests.length;
  await panel.role('button', 'Send').click();
  await expect.poll(() => sandbox.requests.length, { timeout: FIREFOX_WAIT_MS }).toBe(before + 1);
  await expectText(panel.role('region', 'Response'), status);
  const received = sandbox.requests.at(-1);
  expect(received?.path).toBe(path);
  return received;
}

async function expectNoSecretKept(panel: PanelDriver) {
  const stored = await panel.evaluate(async () => {
    const { browser } = globalThis as unknown as { browser: typeof chrome };
    return JSON.stringify(await browser.storage.local.get(null));
  });
  expect(stored).not.toContain(FILE_SECRET);
  expect(await panel.content()).not.toContain(FILE_SECRET);
}

function postmanCollection(): string {
  const request = {
    method: 'POST',
    header: [
      { key: 'companyId', value: '{{companyId}}', type: 'text' },
      { key: 'x-apikey', value: FILE_SECRET, type: 'text' },
      { key: 'X-Trace', value: 'pm-7', type: 'text' },
    ],
    body: {
      mode: 'raw',
      raw: '{\n  "sku": "A-1",\n  "qty": 2\n}',
      options: { raw: { language: 'json' } },
    },
    url: {
      raw: '{{baseUrl}}/v1/orders',
      host: ['{{baseUrl}}'],
      path: ['v1', 'orders'],
    },
  };
  return JSON.stringify(
    {
      info: {
        _postman_id: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
        name: 'Partner orders',
        schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
      },
      item: [{ name: 'Orders', item: [{ name: 'Create order', request, response: [] }] }],
      variable: [{ key: 'baseUrl', value: '' }],
    },
    null,
    '\t',
  );
}

/** A HAR as Firefox's Network panel saves it ("Save All As HAR"): Firefox's creator and fields. */
function firefoxHar(sandboxUrl: string): string {
  const entry = (url: string, headers: { name: string; value: string }[]) => ({
    pageref: 'page_1',
    startedDateTime: '2026-11-23T10:00:00.000+00:00',
    request: {
      bodySize: 0,
      method: 'GET',
      url,
      httpVersion: 'HTTP/1.1',
      headers,
      cookies: [],
      queryString: [],
      headersSize: 310,
    },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: 'HTTP/1.1',
      headers: [{ name: 'content-type', value: 'application/json' }],
      cookies: [],
      content: { mimeType: 'application/json', size: 2, text: '{}' },
      redirectURL: '',
      headersSize: 120,
      bodySize: 2,
    },
    cache: {},
    timings: { blocked: 0, dns: 0, connect: 0, ssl: 0, send: 0, wait: 10, receive: 1 },
    time: 11,
    _securityState: 'insecure',
    serverIPAddress: '127.0.0.1',
    connection: '80',
  });
  return JSON.stringify({
    log: {
      version: '1.2',
      creator: { name: 'Firefox', version: '153.7' },
      browser: { name: 'Firefox', version: '153.7' },
      pages: [{ id: 'page_1', title: 'Demo', startedDateTime: '2026-11-23T10:00:00.000+00:00' }],
      entries: [
        entry(`${sandboxUrl}/v1/company`, [
          { name: 'Host', value: new URL(sandboxUrl).host },
          { name: 'x-apikey', value: FILE_SECRET },
        ]),
        entry(`${sandboxUrl}/app.js`, []),
      ],
    },
  });
}

function openApi(serverUrl: string): string {
  return `openapi: 3.0.3
info:
  title: Orders API
  version: "1.0"
servers:
  - url: ${serverUrl}
security:
  - partnerKey: []
components:
  securitySchemes:
    partnerKey: { type: apiKey, in: header, name: x-apikey }
paths:
  /v1/products/{productId}:
    get:
      tags: [Products]
      summary: Get a product
      parameters:
        - name: productId
          in: path
          required: true
          schema: { type: string, example: prd_1001 }
`;
}

test('a Postman collection, a Firefox HAR and an OpenAPI document import and call', async ({
  panel,
  sandbox,
  files,
}) => {
  const { apiKey, companyId } = sandbox.credentials;
  await createApiKeyProfile(panel, { baseUrl: sandbox.url, companyId, apiKey });
  const summary = panel.role('status', 'Import summary');

  await pick(
    panel,
    'Import collection',
    writeFile(files, 'orders.postman_collection.json', postmanCollection()),
  );
  await expectText(summary, 'Imported “Partner orders”');
  await open(panel, 'Create order', 'Orders');
  await expectValue(panel.role('textbox', 'Path'), 'orders');
  const order = await sendAndReceive(panel, sandbox, '/v1/orders', '201 Created');
  expect(order?.headers['x-trace']).toBe('pm-7');
  expect(order?.headers['x-apikey']).toBe(apiKey);
  expect(JSON.parse(order?.body ?? '')).toEqual({ sku: 'A-1', qty: 2 });

  await pick(panel, 'Import collection', writeFile(files, 'demo.har', firefoxHar(sandbox.url)));
  await expectText(summary, 'Imported “Imported HAR”');
  await expectText(summary, /x-apikey/i);
  await open(panel, 'GET /v1/company');
  await sendAndReceive(panel, sandbox, '/v1/company', '200 OK');

  await pick(panel, 'Import collection', writeFile(files, 'orders.yaml', openApi(sandbox.url)));
  await expectText(summary, 'Imported “Orders API”');
  await open(panel, 'Get a product', 'Products');
  await sendAndReceive(panel, sandbox, '/v1/products/prd_1001', '200 OK');
  await expectNoSecretKept(panel);
});

test('Import cURL fills the composer, drops the credentials, and the call goes out', async ({
  panel,
  sandbox,
}) => {
  const { apiKey, companyId } = sandbox.credentials;
  await createApiKeyProfile(panel, { baseUrl: sandbox.url, companyId, apiKey });
  await panel.role('button', 'Import cURL').click();
  await panel
    .role('textbox', 'cURL command')
    .fill(
      `curl '${sandbox.url}/v1/products?limit=5' -X POST -H 'authorization: Bearer ${FILE_SECRET}' -H 'X-Trace: 7' --data-raw '{"a":1}'`,
    );
  await (await panel.role('form', 'Import cURL').within('button', 'Import')).click();
  await expectText(panel.role('status', 'cURL import notes'), /Authorization.*dropped/i);
  await panel.tab('Request', 'Body');
  await expectValue(panel.role('textbox', 'Body'), '{"a":1}');
  const sent = await sendAndReceive(panel, sandbox, '/v1/products', '200 OK');
  expect(sent?.url).toBe('/v1/products?limit=5');
  expect(sent?.method).toBe('POST');
  expect(sent?.headers.authorization).toBeUndefined();
  expect(sent?.headers['x-trace']).toBe('7');
  expect(sent?.headers['x-apikey']).toBe(apiKey);
  await expectNoSecretKept(panel);
});
