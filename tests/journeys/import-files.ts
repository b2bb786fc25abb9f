/**
 * The files the import journeys pick, as partners have them: a Postman collection as the Postman
 * app exports it (with a key in a header), a HAR as Firefox's Network panel saves it, and OpenAPI
 * documents in YAML (one with a schema, an operation outside /v1 and a security scheme, one
 * short). `FILE_SECRET` is the credential the files carry, which must be dropped.
 */

export const FILE_SECRET = 'fileSECRETkey-6d2b9f0e4c1a';

/** An OpenAPI document with a schema, a security scheme and /health outside /v1. */
export function openApi(serverUrl: string): string {
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

/** A Postman collection as the Postman app exports it (v2.1), a key in one header. */
export function postmanCollection(): string {
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
export function firefoxHar(sandboxUrl: string): string {
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

/** A short OpenAPI document: one operation under /v1. */
export function shortOpenApi(serverUrl: string): string {
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
