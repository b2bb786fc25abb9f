import { describe, expect, it } from 'vitest';
import { maskSecret } from '../redaction/mask';
import { isRandomToken } from '../redaction/secret-patterns';
import { sampleCollection } from '../testing/fixtures/collections/collection-samples';
import { refusal } from '../testing/results';
import { findSecrets, lintForSecrets } from './export-lint';
import type { Collection, SavedRequest } from './model';

const API_KEY = 'Zq8xL2mP9vR4tY7wK1nB5cJ3';
const CLIENT_SECRET = 's3cr3t-Value_42';
const STORED = [API_KEY, CLIENT_SECRET];

const request = (overrides: Partial<SavedRequest> = {}): SavedRequest => ({
  kind: 'request',
  id: 'r1',
  name: 'Get product',
  method: 'GET',
  path: 'products/{{productId}}',
  query: [],
  headers: [
    { name: 'companyId', value: '{{companyId}}' },
    { name: 'X-Token', value: '{{token}}' },
  ],
  body: '',
  ...overrides,
});

const collectionOf = (overrides: Partial<Collection> = {}): Collection => ({
  id: 'c1',
  name: 'Catalogue',
  auth: { method: 'apiKey', formEncodeCredentials: false },
  variables: [{ name: 'productId', value: '42' }],
  items: [request()],
  ...overrides,
});

const withHeader = (name: string, value: string) =>
  collectionOf({
    items: [
      request({
        headers: [
          { name: 'Accept', value: '*/*' },
          { name, value },
        ],
      }),
    ],
  });
const withBody = (body: string) => collectionOf({ items: [request({ method: 'POST', body })] });
const withPath = (path: string) => collectionOf({ items: [request({ path })] });

function refusedMessage(collection: Collection, stored: readonly string[] = STORED): string {
  const error = refusal(lintForSecrets(collection, stored), 'invalid_request');
  expect(error.hint).toMatch(/\{\{variable\}\}/);
  return error.message;
}

describe('lintForSecrets refuses what holds a secret, naming the field', () => {
  it('a stored secret in a header, named by item and header, masked', () => {
    const message = refusedMessage(withHeader('X-Token', `${API_KEY}`));
    expect(message).toBe(
      `Export refused: items[0] "Get product" → headers[1] "X-Token" holds one of your stored secrets (${maskSecret(API_KEY)}).`,
    );
    expect(message).not.toContain(API_KEY);
  });

  it.each([
    ['the collection name', collectionOf({ name: `Team ${CLIENT_SECRET}` }), 'collection name'],
    [
      'a variable',
      collectionOf({ variables: [{ name: 'note', value: `x${CLIENT_SECRET}` }] }),
      'variables[0] "note"',
    ],
    ['a path', withPath(`products?key=${API_KEY}`), 'items[0] "Get product" → path'],
    ['a body', withBody(`{"note": "${CLIENT_SECRET}"}`), 'items[0] "Get product" → body'],
    [
      'a URL-encoded query value',
      collectionOf({
        items: [request({ query: [{ name: 'q', value: encodeURIComponent('a b/c=d+e') }] })],
      }),
      'items[0] "Get product" → query[0] "q"',
    ],
    ['a header name', withHeader(CLIENT_SECRET, 'x'), 'items[0] "Get product" → headers[1] → name'],
  ])('a stored secret in %s', (_, collection, field) => {
    const stored = [...STORED, 'a b/c=d+e'];
    const message = refusedMessage(collection, stored);
    expect(message).toContain(`Export refused: ${field} holds one of your stored secrets`);
    for (const secret of stored) expect(message).not.toContain(secret);
  });

  it.each([
    [
      'JSON-escaped (\\/)',
      withBody(`{"k":"${JSON.stringify('sk/live/Zq8x7').slice(1, -1).replace(/\//g, '\\/')}"}`),
    ],
    ['JSON \\u-escaped', withBody(`{"k":"sk\\u002flive\\u002fZq8x7"}`)],
    ['base64-encoded', withHeader('X-Blob', btoa('sk/live/Zq8x7'))],
    ['percent-encoded in lower case', withPath('products?k=sk%2flive%2fZq8x7')],
    ['upper-cased', withHeader('X-Key', 'SK/LIVE/ZQ8X7')],
    ['in a Basic value', withHeader('X-Forward', `Basic ${btoa('partner:sk/live/Zq8x7')}`)],
  ])('a stored secret written %s', (_, collection) => {
    const message = refusedMessage(collection, ['sk/live/Zq8x7']);
    expect(message).toContain('holds one of your stored secrets');
    expect(message).not.toContain('Zq8x7');
  });

  it('a stored secret split across two headers of one request', () => {
    const split = collectionOf({
      items: [
        request({
          headers: [
            { name: 'X-Part-1', value: API_KEY.slice(0, 10) },
            { name: 'Accept', value: '*/*' },
            { name: 'X-Part-2', value: API_KEY.slice(10) },
          ],
        }),
      ],
    });
    expect(refusedMessage(split)).toContain(
      'items[0] "Get product" → headers holds one of your stored secrets, split across two headers',
    );
  });

  it('names nested folders on the way, and counts the other fields', () => {
    const collection = collectionOf({
      items: [
        request(),
        {
          kind: 'folder',
          id: 'f1',
          name: 'Orders',
          items: [
            request({ id: 'r2', name: 'Create order', body: `{"password": "hunter2hunter2"}` }),
          ],
        },
        request({ id: 'r3', name: 'Third', path: `x/${API_KEY}` }),
      ],
    });
    expect(refusedMessage(collection)).toBe(
      `Export refused: items[1] "Orders" → items[0] "Create order" → body holds a value for "password" (${maskSecret('hunter2hunter2')}). 1 more field looks like a secret too.`,
    );
    expect(findSecrets(collection, STORED).map((finding) => finding.field)).toEqual([
      'items[1] "Orders" → items[0] "Create order" → body',
      'items[2] "Third" → path',
    ]);
  });

  it.each([
    ['Authorization', 'Bearer 6AqGE1MUo5mfRDpG6JIlhR1oGvQG', 'a Bearer token'],
    ['X-Note', 'use Bearer abcdef123456 here', 'a Bearer token'],
    ['Authorization', `Basic ${btoa('my-client:my-secret')}`, 'a Basic credentials value'],
    ['X-Forward', `basic ${btoa('user:pässword')}`, 'a Basic credentials value'],
    ['x-apikey', 'abc', 'a literal value in a field named like a credential'],
    ['X-API-Key', 'plainkey', 'a literal value in a field named like a credential'],
    ['api_key', 'k-123', 'a literal value in a field named like a credential'],
    ['X-Auth-Token', 'opaque', 'a literal value in a field named like a credential'],
    ['Client-Secret', 'hello', 'a literal value in a field named like a credential'],
    [
      'Authorization',
      'Bearer {{accessToken}} extra',
      'a literal value in a field named like a credential',
    ],
    ['X-Trace', 'aB3dE5fG7hJ9kL2mN4pQ6rS8', 'a long random-looking token, like an API key'],
  ])('a header %s: %s', (name, value, reason) => {
    const message = refusedMessage(withHeader(name, value));
    expect(message).toContain(`headers[1] "${name}" holds ${reason}`);
    expect(message).not.toContain(value);
  });

  it('a JWT anywhere, even without a Bearer prefix', () => {
    const base64url = (data: object) => btoa(JSON.stringify(data)).replace(/=+$/, '');
    const jwt = `${base64url({ alg: 'RS256', typ: 'JWT' })}.${base64url({ sub: '1', exp: 2_000_000_000 })}.c2lnbmF0dXJl`;
    expect(refusedMessage(withBody(`{"assertion": "${jwt}"}`))).toContain('body holds a JWT');
  });

  it.each([
    ['a form body', 'grant_type=client_credentials&client_secret=abc123', 'client_secret'],
    ['a JSON body', '{\n  "apiKey": "k-1"\n}', 'apiKey'],
    ['a JSON body', '{"access_token":"tok"}', 'access_token'],
    ['a YAML-ish body', 'password: swordfish', 'password'],
  ])('an assignment in %s (%s)', (_, body, key) => {
    expect(refusedMessage(withBody(body))).toContain(`body holds a value for "${key}"`);
  });

  it('credential-named query parameters and variables with a literal value', () => {
    const query = collectionOf({
      items: [request({ query: [{ name: 'access_token', value: 'abc' }] })],
    });
    expect(refusedMessage(query)).toContain('query[0] "access_token" holds a literal value');
    const variable = collectionOf({ variables: [{ name: 'apiKey', value: 'not-empty' }] });
    expect(refusedMessage(variable)).toContain('variables[0] "apiKey" holds a literal value');
    const clientSecret = collectionOf({ variables: [{ name: 'clientSecret', value: 'x' }] });
    expect(refusedMessage(clientSecret)).toContain('variables[0] "clientSecret"');
  });

  it('a random-looking token in a path or a query value', () => {
    expect(refusedMessage(withPath('products/Q9xLm2Pq7RtY8vWc1NbHaZ3k'))).toContain(
      'path holds a long random-looking token',
    );
    const tokenQuery = collectionOf({
      items: [request({ query: [{ name: 'sig', value: 'dGhpcyBpcyBhIHRlc3Q_x-Y2Zz9' }] })],
    });
    expect(refusedMessage(tokenQuery)).toContain(
      'query[0] "sig" holds a long random-looking token',
    );
  });

  it('never quotes a name that is itself a secret in the path it reports', () => {
    const collection = collectionOf({
      items: [request({ name: `Call ${API_KEY}`, body: 'password=abcdef' })],
    });
    const fields = findSecrets(collection, STORED).map((finding) => finding.field);
    expect(fields).toEqual(['items[0] → name', 'items[0] → body']);
  });
});

describe('lintForSecrets lets ordinary values through', () => {
  it.each([
    ['variables in auth headers', withHeader('Authorization', 'Bearer {{accessToken}}')],
    ['a Basic variable', withHeader('Authorization', 'Basic {{basicCredentials}}')],
    ['the API key variable', withHeader('x-apikey', '{{apiKey}}')],
    ['placeholders', withHeader('Authorization', 'Bearer <token>')],
    ['a shell variable', withHeader('x-apikey', '$API_KEY')],
    ['a masked value', withHeader('x-apikey', '••••3f9a')],
    ['an empty credential header', withHeader('x-apikey', '')],
    ['a UUID company id', withHeader('companyId', '3f2504e0-4f89-11d3-9a0c-0305e82c3301')],
    ['a ULID request id', withHeader('X-Request-Id', '01HF8X6Z7M3K9Q2W4E5R6T7Y8V')],
    ['a header named like a token type', withHeader('X-Token-Type', 'opaque')],
    [
      'a page token',
      collectionOf({
        items: [
          request({
            query: [
              { name: 'page_token', value: 'abc' },
              { name: 'nextPageToken', value: 'x' },
            ],
          }),
        ],
      }),
    ],
    ['an ISO date', withPath('orders?since=2024-01-05T10:20:30.000Z&until=2024-02-05')],
    ['a path of words and ids', withPath('catalogue/products/SKU-12345/variants/blue-xl-2024')],
    ['a MongoDB ObjectId', withPath('orders/507f1f77bcf86cd799439011')],
    [
      'a SHA-256 hash',
      withBody('{"checksum": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"}'),
    ],
    [
      'camelCase names',
      withBody('{"type": "ProductCatalogueResponseV2", "op": "getProductByIdAndVersionV2"}'),
    ],
    [
      'a product name',
      collectionOf({
        name: 'Acme Super Widget 3000 (EU) – Größe XL',
        items: [request({ name: 'Find "Widget 3000"' })],
      }),
    ],
    [
      'slugs and snake case',
      withBody(
        '{"slug": "summer-sale-2024-limited-edition-sneakers", "key": "order_line_item_identifier"}',
      ),
    ],
    [
      'prose about auth',
      withBody(
        'Send the Bearer token in the Authorization header (Basic authentication is not supported). The token_type is Bearer.',
      ),
    ],
    [
      'JSON with null and variables',
      withBody(
        '{"password": "{{password}}", "token": null, "secret": "", "client_secret": "<your secret>"}',
      ),
    ],
    [
      'a form body with variables',
      withBody(
        'grant_type=client_credentials&client_id={{clientId}}&client_secret={{clientSecret}}',
      ),
    ],
    [
      'an email and a URL',
      withBody('{"email": "dev@example.com", "callback": "https://example.com/hooks/orders?v=2"}'),
    ],
    [
      'base64 image data',
      withBody(
        `{"image": "data:image/png;base64,${'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='.repeat(3)}"}`,
      ),
    ],
    ['accept-language and content-type', withHeader('Accept-Language', 'en-GB,en;q=0.9')],
    ['a short stored secret (under 4 characters)', withBody('{"qty": 1}')],
  ])('%s', (_, collection) => {
    expect(lintForSecrets(collection, [...STORED, 'qty', ''])).toEqual({ ok: true, value: true });
  });

  it('passes every generated sample collection (UUIDs, dates, {{variables}}, unicode)', () => {
    for (let seed = 1; seed <= 200; seed += 1) {
      expect(findSecrets(sampleCollection(seed), STORED)).toEqual([]);
    }
  });
});

describe('lintForSecrets on large bodies', () => {
  it.each([
    ['one long token-like run', 'a'.repeat(1_000_000)],
    ['a long dotted run', 'abcdefghi.'.repeat(100_000)],
    ['many JWT-like parts', 'eyJhbGciOi.eyJzdWIiOi.'.repeat(45_000)],
  ])('scans %s of 1 MB in about linear time (a backtracking pattern took minutes)', (_, body) => {
    const started = performance.now();
    lintForSecrets(withBody(body), STORED);
    // ~0.3 s alone, 1.3 s on a loaded machine; the backtracking pattern took minutes.
    expect(performance.now() - started).toBeLessThan(20_000);
  });
});

describe('isRandomToken', () => {
  it('tells random tokens from words, ids and hashes', () => {
    for (const token of [
      'aB3dE5fG7hJ9kL2mN4pQ6rS8',
      '6AqGE1MUo5mfRDpG6JIlhR1oGvQG',
      'x9_Kd-3mQ7pL2vN8rT4yW6zB',
    ]) {
      expect(isRandomToken(token)).toBe(true);
    }
    for (const word of [
      'ProductCatalogueResponseV2',
      'ALL_UPPER_CASE_CONSTANT_NAME',
      '507f1f77bcf86cd799439011',
      'summer-sale-2024-limited-edition',
    ]) {
      expect(isRandomToken(word)).toBe(false);
    }
  });
});
