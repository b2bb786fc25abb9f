/**
 * Import collection with OpenAPI and HAR files, in Chromium and in Firefox (journeys of both
 * projects): an OpenAPI document in YAML (read in the panel, its parser loaded only then) asks
 * about operations outside /v1 and offers a profile with the settings it describes; one without
 * /v1 paths imports under /v1/ by default; a HAR file as Chromium saves it (read by the worker:
 * the /v1 calls become requests, credentials dropped and said).
 */
import { expectText, expectValue } from './driver';
import { expect, test } from './fixtures';
import { openApi } from './import-files';
import { expectNoSecretKept, pickFile, storedJson } from './import-steps';
import { createApiKeyProfile } from './profiles';

test('an OpenAPI document imports in the panel, and offers the profile it describes', async ({
  panel,
  sandbox,
}) => {
  await createApiKeyProfile(panel, { ...sandbox.credentials, name: 'First', baseUrl: sandbox.url });
  await pickFile(panel, 'Import collection', 'orders.yaml', openApi(sandbox.url));
  // /health is outside /v1: the panel asks before it imports, and the user leaves it out.
  const choice = panel.role('dialog', 'Operations outside /v1');
  await expectText(choice, 'One operation of this document is outside /v1.');
  await choice.within('button', 'Leave them out').click();
  const summary = panel.role('status', 'Import summary');
  await expectText(summary, 'Imported “Orders API”');
  await expectText(summary, 'Operations outside /v1 were not imported (1): "GET /health".');
  const collections = panel.role('region', 'Collections');
  await collections.within('treeitem', 'Products').click();
  await expect.poll(() => collections.within('treeitem', 'Get a product').visible()).toBe(true);

  // The document's security scheme and server make a profile, which the user completes and saves.
  await panel.role('button', 'New profile from this API').click();
  const editor = panel.role('form', 'Profile editor');
  await expectValue(editor.within('textbox', 'Base URL'), sandbox.url);
  expect(await editor.within('combobox', 'Auth method').value()).toBe('apiKey');
  expect(await editor.within('textbox', 'Profile name').value()).toBe('Orders API');
  await editor.within('textbox', 'Company ID').fill(sandbox.credentials.companyId);
  await panel.label('API key').fill(sandbox.credentials.apiKey);
  await editor.within('button', 'Save profile').click();
  await expect
    .poll(async () => (await panel.role('combobox', 'Profile').options()).chosen)
    .toBe('Orders API');

  // The folder opened above stays open in the new profile's workbench (the tab's view is the
  // store's since it left the component).
  await expect.poll(() => collections.within('treeitem', 'Get a product').visible()).toBe(true);
  await collections.within('treeitem', 'Get a product').click();
  await expectValue(panel.role('textbox', 'Path'), 'products/{{productId}}');
  await panel.role('button', 'Send').click();
  await expectText(panel.role('region', 'Response'), /(?<!\d)200(?!\d)/);
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
  await pickFile(panel, 'Import collection', 'petstore.yaml', petstore);
  const choice = panel.role('dialog', 'Operations outside /v1');
  await expectText(choice, '3 operations of this document are outside /v1.');
  // The default has the focus: Enter imports them under /v1/.
  await expect.poll(() => choice.within('button', 'Import under /v1/').focused()).toBe(true);
  await panel.press('Enter');
  await expectText(
    panel.role('status', 'Import summary'),
    'Operations outside /v1 kept their path, which is now sent under /v1/ (3): "GET /products/{productId}", "POST /orders", "GET /health".',
  );
  const collections = panel.role('region', 'Collections');
  await collections.within('treeitem', 'Products').click();
  await collections.within('treeitem', 'Get a product').click();
  await expectValue(panel.role('textbox', 'Path'), 'products/{{productId}}');
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
  await pickFile(panel, 'Import collection', 'session.har', JSON.stringify(har));
  const summary = panel.role('status', 'Import summary');
  await expectText(summary, 'Imported');
  await expectText(summary, /x-apikey/i);
  const collections = panel.role('region', 'Collections');
  await expect.poll(() => collections.within('treeitem').nth(0).visible()).toBe(true);
  const stored = await storedJson(panel, 'collections');
  expect(stored).toContain('company');
  expect(stored).not.toContain(secret);
  await expectNoSecretKept(panel, secret);
});
