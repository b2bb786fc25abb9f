/**
 * Answers checked against the API's schema: a request imported from an OpenAPI document keeps its
 * operation's response schemas, and after Send (and in a run) the answer is checked against the
 * schema for its status, each place that does not match listed with what was expected, counted
 * with the other checks. The validator loads only then (the panel's start-up budget is a unit test).
 */
import { expect, test } from './fixtures';
import { saveApiKeyProfile } from './profiles';
import { responseTab } from './workbench';

/** The sandbox's product, described with one mistake: its price said to be a text. */
function productsApi(serverUrl: string): string {
  return `openapi: 3.0.3
info:
  title: Catalogue API
  version: "1.0"
servers:
  - url: ${serverUrl}
components:
  schemas:
    Product:
      type: object
      required: [id, name, unitPrice]
      properties:
        id: { type: string, pattern: "^prd_" }
        name: { type: string }
        unitPrice: { type: string }
        currency: { type: string, enum: [EUR, USD] }
        discontinuedAt: { type: string, format: date-time, nullable: true }
paths:
  /v1/products/{productId}:
    get:
      summary: Get a product
      parameters:
        - name: productId
          in: path
          required: true
          schema: { type: string, example: prd_1002 }
      responses:
        "200":
          description: The product
          content:
            application/json:
              schema:
                type: object
                required: [data]
                properties:
                  data: { $ref: "#/components/schemas/Product" }
        "404":
          description: No such product
  /v1/ping:
    get:
      summary: Ping
      responses:
        "200":
          description: Pong
          content:
            application/json:
              schema:
                type: object
                required: [data]
                properties:
                  data: { type: object, required: [pong], properties: { pong: { type: boolean } } }
`;
}

test('an OpenAPI-imported request has its answer checked against the schema for its status', async ({
  panel,
  sandbox,
}) => {
  const { apiKey, companyId } = sandbox.credentials;
  await saveApiKeyProfile(panel, { name: 'Schema', baseUrl: sandbox.url, companyId, apiKey });
  await panel.getByLabel('Import collection').setInputFiles({
    name: 'catalogue.yaml',
    mimeType: 'application/yaml',
    buffer: Buffer.from(productsApi(sandbox.url)),
  });
  await expect(panel.getByRole('status', { name: 'Import summary' })).toContainText(
    'Imported “Catalogue API”',
  );
  const collections = panel.getByRole('region', { name: 'Collections' });
  await collections.getByRole('treeitem', { name: 'Get a product' }).click();
  await panel.getByRole('button', { name: 'Send' }).click();

  const response = panel.getByRole('region', { name: 'Response', exact: true });
  await expect(response).toContainText('0 of 1 check passed');
  await responseTab(panel, 'Checks');
  const findings = panel.getByRole('list', { name: 'Schema results' }).getByRole('listitem');
  await expect(findings).toHaveCount(1);
  await expect(findings.first()).toContainText(
    'Failed res.body.data.unitPrice found 29.9: expected Instance type "number" is invalid. Expected "string".',
  );

  // A status the operation documents without a body schema passes; one it does not, fails.
  await panel.getByRole('textbox', { name: 'Path' }).fill('products/prd_9');
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(response).toContainText('1 of 1 check passed');
  await responseTab(panel, 'Checks');
  await expect(findings.first()).toContainText(
    'Passed the answer matches the schema of GET /v1/products/{productId} 404',
  );

  // In a run too: the product fails on its schema, the ping passes on its own.
  await collections.getByRole('button', { name: 'Actions for collection Catalogue API' }).click();
  await panel.getByRole('button', { name: 'Run collection Catalogue API' }).click();
  const dialog = panel.getByRole('dialog', { name: 'Run Catalogue API' });
  await dialog.getByRole('button', { name: 'Start run' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Run finished: 1 of 2 requests passed.');
  const rows = dialog.getByRole('list', { name: 'Run results' }).getByRole('listitem');
  await expect(rows.nth(0)).toContainText('Failed');
  await expect(rows.nth(0)).toContainText('0/1 checks');
  await expect(rows.nth(1)).toContainText('Passed');
  await dialog.getByRole('button', { name: 'Show answer of 1. Get a product' }).click();
  await expect(dialog.getByRole('list', { name: 'Schema results' })).toContainText(
    'res.body.data.unitPrice',
  );
});
