/**
 * A large Postman collection for tests and the benchmark (`npm run bench`), generated the way the
 * Postman app writes an export. Not used by the extension.
 */

/** 10 000 requests in 100 folders, written the way the Postman app writes an export. */
export function generatedPostmanCollection(folders = 100, perFolder = 100): string {
  const item = [];
  for (let f = 0; f < folders; f++) {
    const requests = [];
    for (let r = 0; r < perFolder; r++) {
      const post = r % 4 === 0;
      requests.push({
        name: `Request ${f}-${r}`,
        event: [{ listen: 'test', script: { exec: [''], type: 'text/javascript' } }],
        request: {
          method: post ? 'POST' : 'GET',
          header: [
            { key: 'Content-Type', value: 'application/json', type: 'text' },
            { key: 'companyId', value: '{{companyId}}', type: 'text' },
            { key: 'X-Request-Id', value: `req-${f}-${r}`, type: 'text' },
          ],
          ...(post
            ? {
                body: {
                  mode: 'raw',
                  raw: JSON.stringify({ sku: `SKU-${r}`, qty: r, note: 'generated' }, null, 2),
                  options: { raw: { language: 'json' } },
                },
              }
            : {}),
          url: {
            raw: `{{baseUrl}}/v1/resources/${f}/items/${r}?page=1&size=50`,
            host: ['{{baseUrl}}'],
            path: ['v1', 'resources', `${f}`, 'items', `${r}`],
            query: [
              { key: 'page', value: '1' },
              { key: 'size', value: '50' },
            ],
          },
        },
        response: [],
      });
    }
    item.push({ name: `Folder ${f}`, item: requests });
  }
  return JSON.stringify(
    {
      info: {
        _postman_id: '00000000-0000-4000-8000-000000000000',
        name: 'Generated',
        schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
      },
      item,
      auth: { type: 'apikey', apikey: [{ key: 'key', value: 'x-apikey' }] },
      variable: [{ key: 'baseUrl', value: '' }],
    },
    null,
    '\t',
  );
}
