/**
 * Import collection with the files partners have: an OpenAPI document in YAML (read in the panel,
 * its parser loaded only then; it offers a profile with the settings it describes) and a HAR file
 * (read by the worker: the /v1 calls become requests, credentials dropped and said).
 */
import { expect, test } from './fixtures';
import { createApiKeyProfile } from './profiles';

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
    partnerKey:
      type: apiKey
      in: header
      name: x-apikey
  schemas:
    Order: &order
      type: object
      required: [sku, qty]
      properties:
        sku: { type: string, example: A-1 }
        qty: { type: integer, example: 2 }
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
  /v1/orders:
    post:
      tags: [Orders]
      operationId: createOrder
      requestBody:
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Order' }
  /health:
    get:
      summary: Outside the API
`;
}

test('an OpenAPI document imports in the panel, and offers the profile it describes', async ({
  panel,
  sandbox,
}) => {
  await createApiKeyProfile(panel, { ...sandbox.credentials, name: 'First', baseUrl: sandbox.url });
  await panel.getByLabel('Import collection').setInputFiles({
    name: 'orders.yaml',
    mimeType: 'application/yaml',
    buffer: Buffer.from(openApi(sandbox.url)),
  });
  // /health is outside /v1: the panel asks before it imports, and the user leaves it out.
  const choice = panel.getByRole('dialog', { name: 'Operations outside /v1' });
  await expect(choice).toContainText('One operation of this document is outside /v1.');
  await choice.getByRole('button', { name: 'Leave them out' }).click();
  const summary = panel.getByRole('status', { name: 'Import summary' });
  await expect(summary).toContainText('Imported “Orders API”');
  await expect(summary).toContainText(
    'Operations outside /v1 were not imported (1): "GET /health".',
  );
  const collections = panel.getByRole('region', { name: 'Collections' });
  await collections.getByRole('treeitem', { name: 'Products' }).click();
  await expect(collections.getByRole('treeitem', { name: 'Get a product' })).toBeVisible();

  // The document's security scheme and server make a profile, which the user completes and saves.
  await panel.getByRole('button', { name: 'New profile from this API' }).click();
  const editor = panel.getByRole('form', { name: 'Profile editor' });
  await expect(editor.getByRole('textbox', { name: 'Base URL' })).toHaveValue(sandbox.url);
  await expect(editor.getByRole('combobox', { name: 'Auth method' })).toHaveValue('apiKey');
  await expect(editor.getByRole('textbox', { name: 'Profile name' })).toHaveValue('Orders API');
  await editor.getByRole('textbox', { name: 'Company ID' }).fill(sandbox.credentials.companyId);
  await editor.getByLabel('API key', { exact: true }).fill(sandbox.credentials.apiKey);
  await editor.getByRole('button', { name: 'Save profile' }).click();
  await expect(panel.getByRole('combobox', { name: 'Profile' })).toHaveText(/Orders API/);

  await collections.getByRole('treeitem', { name: 'Products' }).click();
  await collections.getByRole('treeitem', { name: 'Get a product' }).click();
  await expect(panel.getByRole('textbox', { name: 'Path' })).toHaveValue('products/{{productId}}');
  await panel.getByRole('button', { name: 'Send' }).click();
  const response = panel.getByRole('region', { name: 'Response', exact: true });
  await expect(response).toContainText('200');
  expect(sandbox.requests.some((request) => request.path === '/v1/products/prd_1001')).toBe(true);
});

test('an OpenAPI document without /v1 paths imports under /v1/ by default, as Postman import does', async ({
  panel,
  sandbox,
}) => {
  await createApiKeyProfile(panel, { ...sandbox.credentials, name: 'First', baseUrl: sandbox.url });
  const petstore = openApi(sandbox.url)
    .replace('/v1/products/{productId}', '/products/{productId}')
    .replace('/v1/orders', '/orders');
  await panel.getByLabel('Import collection').setInputFiles({
    name: 'petstore.yaml',
    mimeType: 'application/yaml',
    buffer: Buffer.from(petstore),
  });
  const choice = panel.getByRole('dialog', { name: 'Operations outside /v1' });
  await expect(choice).toContainText('3 operations of this document are outside /v1.');
  // The default has the focus: Enter imports them under /v1/.
  await expect(choice.getByRole('button', { name: 'Import under /v1/' })).toBeFocused();
  await panel.keyboard.press('Enter');
  const summary = panel.getByRole('status', { name: 'Import summary' });
  await expect(summary).toContainText(
    'Operations outside /v1 kept their path, which is now sent under /v1/ (3): "GET /products/{productId}", "POST /orders", "GET /health".',
  );
  const collections = panel.getByRole('region', { name: 'Collections' });
  await collections.getByRole('treeitem', { name: 'Products' }).click();
  await collections.getByRole('treeitem', { name: 'Get a product' }).click();
  await expect(panel.getByRole('textbox', { name: 'Path' })).toHaveValue('products/{{productId}}');
});

test('a HAR file imports its /v1 calls, without the credentials they carried', async ({
  panel,
  sandbox,
}) => {
  await createApiKeyProfile(panel, { ...sandbox.credentials, baseUrl: sandbox.url });
  const secret = 'harSECRETkey-0f9e8d7c6b5a';
  const entry = (method: string, url: string, headers: { name: string; value: string }[]) => ({
    startedDateTime: '2026-11-23T10:00:00.000Z',
    time: 12.5,
    _resourceType: 'fetch',
    request: { method, url, httpVersion: 'http/1.1', headers, queryString: [], cookies: [] },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: 'http/1.1',
      headers: [],
      cookies: [],
      content: { size: 2, mimeType: 'application/json', text: '{}' },
    },
    timings: { send: 0, wait: 10, receive: 2.5 },
  });
  const har = {
    log: {
      version: '1.2',
      creator: { name: 'WebInspector', version: '537.36' },
      pages: [],
      entries: [
        entry('GET', `${sandbox.url}/v1/company`, [{ name: 'x-apikey', value: secret }]),
        entry('GET', `${sandbox.url}/app.js`, []),
      ],
    },
  };
  await panel.getByLabel('Import collection').setInputFiles({
    name: 'session.har',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(har)),
  });
  const summary = panel.getByRole('status', { name: 'Import summary' });
  await expect(summary).toContainText('Imported');
  await expect(summary).toContainText(/x-apikey/i);
  const collections = panel.getByRole('region', { name: 'Collections' });
  await expect(collections.getByRole('treeitem').first()).toBeVisible();
  const stored = await panel.evaluate(() => chrome.storage.local.get('collections'));
  expect(JSON.stringify(stored)).toContain('company');
  expect(JSON.stringify(stored)).not.toContain(secret);
  expect(await panel.content()).not.toContain(secret);
});
