/**
 * Import from Postman against the classes of real files that issue 13 found losing parts in
 * silence: each fixture is built from the shape described there (an `items` spelling, Apigee-style
 * path variables keyed `id`, a collection without `info`, described rows, an oauth2 block without a
 * grant type). Each test asserts the imported values and the summary lines a user reads.
 */
import { describe, expect, it } from 'vitest';
import { validateCollection } from '../../collections/collection-schema';
import type { CollectionItem, SavedRequest } from '../../collections/model';
import * as results from '../../testing/results';
import { importPostman, type PostmanImport } from './postman-import';

const SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

function counter(): () => string {
  let next = 0;
  return () => `id_${++next}`;
}

function imported(file: unknown): PostmanImport {
  const result = results.accepted(importPostman(JSON.stringify(file), counter()));
  expect(validateCollection(result.collection).ok).toBe(true);
  return result;
}

function requestsOf(items: readonly CollectionItem[]): SavedRequest[] {
  return items.flatMap((item) => (item.kind === 'folder' ? requestsOf(item.items) : [item]));
}

function request(name: string, path: string[], method = 'GET') {
  return {
    name,
    request: {
      method,
      header: [],
      url: { raw: `{{baseUrl}}/${path.join('/')}`, host: ['{{baseUrl}}'], path },
    },
  };
}

describe('a v2.1 collection whose top level lists its entries under "items"', () => {
  // Shaped like the export issue 13 met: `items` at the top, Postman's `item` in the folders.
  const folders = Array.from({ length: 3 }, (_, f) => ({
    name: `Folder ${f}`,
    item: Array.from({ length: 2 }, (_, r) => request(`Call ${f}-${r}`, ['v1', 'things', `${r}`])),
  }));
  const file = {
    info: { name: 'Spelled items', schema: SCHEMA },
    items: [...folders, request('Root call', ['v1', 'root'])],
  };

  it('imports every request, and says where they were read from', () => {
    const { collection, summary } = imported(file);
    const requests = requestsOf(collection.items);
    expect(requests).toHaveLength(7);
    expect(requests.map(({ name, path }) => `${name} ${path}`)).toEqual([
      'Call 0-0 things/0',
      'Call 0-1 things/1',
      'Call 1-0 things/0',
      'Call 1-1 things/1',
      'Call 2-0 things/0',
      'Call 2-1 things/1',
      'Root call root',
    ]);
    expect(summary).toEqual([
      'Entries were read from "items", which Postman spells "item" (1): "Spelled items".',
      'The collection has no authentication in Postman: API key is assumed, change it if needed (1): "Spelled items".',
    ]);
  });

  it('reads "items" in a folder too, and names that folder', () => {
    const { collection, summary } = imported({
      info: { name: 'Nested', schema: SCHEMA },
      auth: { type: 'noauth' },
      item: [{ name: 'Odd folder', items: [request('Inside', ['v1', 'inside'])] }],
    });
    expect(requestsOf(collection.items).map(({ path }) => path)).toEqual(['inside']);
    expect(summary).toContain(
      'Entries were read from "items", which Postman spells "item" (1): "Odd folder".',
    );
  });
});

describe('request entries that the import cannot reach', () => {
  it('refuses, with the count, a file whose requests are all outside an "item" list', () => {
    const error = results.refusal(
      importPostman(
        JSON.stringify({
          info: { name: 'Elsewhere', schema: SCHEMA },
          entries: [request('A', ['v1', 'a']), request('B', ['v1', 'b'])],
        }),
        counter(),
      ),
      'bad_message',
    );
    expect(error.message).toBe(
      'The file holds 2 requests, but none in an "item" list, where a Postman collection keeps them: nothing could be imported.',
    );
  });

  it('imports what it reaches and names the others, never counting saved examples', () => {
    const folderWithRequest = {
      ...request('Folder that is a request too', ['v1', 'lost']),
      item: [request('Kept', ['v1', 'kept'])],
    };
    const withExample = {
      ...request('With example', ['v1', 'example']),
      response: [{ name: 'Saved', request: { method: 'GET', url: '{{baseUrl}}/v1/example' } }],
    };
    const { collection, summary } = imported({
      info: { name: 'Partly', schema: SCHEMA },
      auth: { type: 'noauth' },
      item: [folderWithRequest, withExample],
      extra: { stash: [request('Stashed', ['v1', 'stashed'])] },
    });
    expect(requestsOf(collection.items).map(({ name }) => name)).toEqual(['Kept', 'With example']);
    expect(summary).toContain(
      'Requests that are not in an "item" list, where Postman keeps them, were not imported (2): "Folder that is a request too", "Stashed".',
    );
    expect(summary.join('\n')).not.toContain('"Saved"');
  });

  it('reports no dropped path prefix when only a slash came before /v1', () => {
    const { collection, summary } = imported({
      info: { name: 'Slashes', schema: SCHEMA },
      auth: { type: 'noauth' },
      item: [
        request('Leading slash', ['', 'v1', 'orders']),
        request('Real prefix', ['api', '', 'v1', 'orders']),
      ],
    });
    expect(requestsOf(collection.items).map(({ path }) => path)).toEqual(['orders', 'orders']);
    expect(summary).toContain(
      'The part of the path before /v1 was dropped (the profile’s base URL supplies it) (1): "Real prefix" (/api).',
    );
  });
});

describe('Apigee-style path variables: ":name" inside a path element, variables keyed "id"', () => {
  it('converts them like any other path variable, and says so', () => {
    const { collection, summary } = imported({
      info: { name: 'Apigee management', schema: SCHEMA },
      auth: { type: 'noauth' },
      item: [
        {
          name: 'List developers',
          request: {
            method: 'GET',
            url: {
              raw: '{{baseUrl}}/v1/organizations/:org_name/developers',
              host: ['{{baseUrl}}'],
              path: ['v1', 'organizations/:org_name/developers'],
              variable: [{ id: 'org_name', value: 'acme', type: 'string' }],
            },
          },
        },
        {
          name: 'One developer',
          request: {
            method: 'GET',
            url: {
              raw: '{{baseUrl}}/v1/organizations/:org_name/developers/:developer_email',
              variable: [
                { id: 'org_name', value: 'acme' },
                { id: 'developer_email', value: '' },
              ],
            },
          },
        },
      ],
    });
    expect(requestsOf(collection.items).map(({ path }) => path)).toEqual([
      'organizations/acme/developers',
      'organizations/acme/developers/{{developer_email}}',
    ]);
    expect(summary).toContain(
      'Postman path variables (:name) were replaced by their values or by {{name}} (3): "List developers", "One developer", ….',
    );
  });
});

describe('a collection without an info block, as newman runs one', () => {
  const file = {
    name: 'Newman fixture',
    variable: [{ key: 'sku', value: 'A-1' }],
    item: [
      { name: 'Echo', request: { url: '{{baseUrl}}/v1/echo?x=1', method: 'GET' } },
      { name: 'Plain', request: '{{baseUrl}}/v1/plain' },
    ],
  };

  it('is accepted by its shape, and the summary says so', () => {
    const { collection, summary } = imported(file);
    expect(collection.name).toBe('Newman fixture');
    expect(collection.variables).toEqual([{ name: 'sku', value: 'A-1' }]);
    expect(requestsOf(collection.items).map(({ path, query }) => ({ path, query }))).toEqual([
      { path: 'echo', query: [{ name: 'x', value: '1' }] },
      { path: 'plain', query: [] },
    ]);
    expect(summary[0]).toBe(
      'The file has no info.schema: it was read as a Postman v2.1 collection, whose shape it has (1): "Newman fixture".',
    );
  });

  it('still refuses JSON that only looks like one from afar', () => {
    for (const text of ['{"item": []}', '{"item": [{"name": "folder", "item": []}]}', '{"a": 1}']) {
      expect(results.refusal(importPostman(text, counter())).message).toBe(
        'This is not a Postman collection: it has no info.schema, and no "item" list that holds requests.',
      );
    }
  });
});

describe('descriptions on rows: headers, query parameters, form fields, variables', () => {
  it('counts each described row in one summary line', () => {
    const described = { content: 'What this is for', type: 'text/plain' };
    const { collection, summary } = imported({
      info: { name: 'Documented', schema: SCHEMA },
      auth: { type: 'noauth' },
      item: [
        {
          name: 'Search',
          request: {
            method: 'GET',
            header: [
              { key: 'X-Tenant', value: 'eu', description: 'Which region answers' },
              { key: 'X-Plain', value: '1' },
            ],
            url: {
              raw: '{{baseUrl}}/v1/search?q=shoes',
              host: ['{{baseUrl}}'],
              path: ['v1', 'search'],
              query: [{ key: 'q', value: 'shoes', description: described }],
            },
          },
        },
        {
          name: 'Upload',
          request: {
            method: 'POST',
            url: '{{baseUrl}}/v1/upload',
            body: {
              mode: 'urlencoded',
              urlencoded: [
                { key: 'kind', value: 'invoice', description: 'invoice or credit note' },
                { key: 'empty', value: '', description: '  ' },
              ],
            },
          },
        },
      ],
      variable: [{ key: 'region', value: 'eu', description: 'Default region' }],
    });
    expect(requestsOf(collection.items)[0]).toMatchObject({
      headers: [
        { name: 'X-Tenant', value: 'eu' },
        { name: 'X-Plain', value: '1' },
      ],
      query: [{ name: 'q', value: 'shoes' }],
    });
    expect(summary).toContain(
      'Descriptions of headers, query parameters, form fields and variables were not imported (4): variable "region", "Search" (?"q"), "Search" ("X-Tenant"), "Upload" ("kind").',
    );
  });
});

describe('an oauth2 block that names no grant type', () => {
  function summaryFor(oauth2: { key: string; value: unknown }[]) {
    return imported({
      info: { name: 'Login app', schema: SCHEMA },
      auth: { type: 'oauth2', oauth2 },
      item: [request('Me', ['v1', 'me'])],
    }).summary;
  }

  it('says that client credentials were assumed, and why the block looks like another login', () => {
    const summary = summaryFor([
      { key: 'authUrl', value: 'https://login.example.com/authorize' },
      { key: 'redirect_uri', value: 'https://app.example.com/callback' },
      { key: 'useBrowser', value: false },
      { key: 'addTokenTo', value: 'header' },
    ]);
    expect(summary).toContain(
      'OAuth 2.0 settings that name no grant type (Postman then uses authorization code) were read as client credentials, the only grant this extension uses (1): "Login app" (it has an authorization URL, a callback URL, as an authorization-code login does).',
    );
  });

  it('says it without the reasons when the block gives none', () => {
    expect(summaryFor([{ key: 'addTokenTo', value: 'header' }])).toContain(
      'OAuth 2.0 settings that name no grant type (Postman then uses authorization code) were read as client credentials, the only grant this extension uses (1): "Login app".',
    );
  });

  it('says nothing of the kind when the grant is client credentials', () => {
    const summary = summaryFor([{ key: 'grant_type', value: 'client_credentials' }]);
    expect(summary.join('\n')).not.toContain('grant');
  });
});
