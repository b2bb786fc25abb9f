/**
 * Imports from real files, in Chromium and in Firefox (journeys of both projects), each picked
 * through the panel's file input (or, for cURL, a pasted command) and each ending in a call the
 * sandbox answers: a Postman collection as the Postman app exports it, a HAR file as Firefox's
 * Network panel saves it, an OpenAPI document in YAML, a cURL command. The credentials the files
 * carried are dropped, and none reaches storage or the panel. OpenAPI's choices and Chromium's
 * HAR: imports-openapi-har.spec.ts.
 */
import { expectText, expectValue } from './driver';
import { expect, test } from './fixtures';
import { FILE_SECRET, firefoxHar, postmanCollection, shortOpenApi } from './import-files';
import { expectNoSecretKept, openSaved, pickFile, sendAndReceive } from './import-steps';
import { createApiKeyProfile } from './profiles';

test('a Postman collection, a Firefox HAR and an OpenAPI document import and call', async ({
  panel,
  sandbox,
}) => {
  const { apiKey, companyId } = sandbox.credentials;
  await createApiKeyProfile(panel, { baseUrl: sandbox.url, companyId, apiKey });
  const summary = panel.role('status', 'Import summary');

  await pickFile(panel, 'Import collection', 'orders.postman_collection.json', postmanCollection());
  await expectText(summary, 'Imported “Partner orders”');
  await openSaved(panel, 'Create order', 'Orders');
  await expectValue(panel.role('textbox', 'Path'), 'orders');
  const order = await sendAndReceive(panel, sandbox, '/v1/orders', '201 Created');
  expect(order?.headers['x-trace']).toBe('pm-7');
  expect(order?.headers['x-apikey']).toBe(apiKey);
  expect(JSON.parse(order?.body ?? '')).toEqual({ sku: 'A-1', qty: 2 });

  await pickFile(panel, 'Import collection', 'demo.har', firefoxHar(sandbox.url));
  await expectText(summary, 'Imported “Imported HAR”');
  await expectText(summary, /x-apikey/i);
  await openSaved(panel, 'GET /v1/company');
  await sendAndReceive(panel, sandbox, '/v1/company', '200 OK');

  await pickFile(panel, 'Import collection', 'orders.yaml', shortOpenApi(sandbox.url));
  await expectText(summary, 'Imported “Orders API”');
  await openSaved(panel, 'Get a product', 'Products');
  await sendAndReceive(panel, sandbox, '/v1/products/prd_1001', '200 OK');
  await expectNoSecretKept(panel, FILE_SECRET);
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
  await panel.role('form', 'Import cURL').within('button', 'Import').click();
  await expectText(panel.role('status', 'cURL import notes'), /Authorization.*dropped/i);
  await panel.tab('Request', 'Body');
  await expectValue(panel.role('textbox', 'Body'), '{"a":1}');
  const sent = await sendAndReceive(panel, sandbox, '/v1/products', '200 OK');
  expect(sent?.url).toBe('/v1/products?limit=5');
  expect(sent?.method).toBe('POST');
  expect(sent?.headers.authorization).toBeUndefined();
  expect(sent?.headers['x-trace']).toBe('7');
  expect(sent?.headers['x-apikey']).toBe(apiKey);
  await expectNoSecretKept(panel, FILE_SECRET);
});
