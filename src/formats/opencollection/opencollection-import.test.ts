import { describe, expect, it } from 'vitest';
import { validateCollection } from '../../collections/collection-schema';
import type { Collection, CollectionItem } from '../../collections/model';
import { DEMO_CREDENTIALS } from '../../sandbox/credentials';
import { brunoSample } from '../../testing/fixtures/opencollection/opencollection-samples';
import { exportOpenCollection } from './opencollection-export';
import type { CollectionFile } from './opencollection-format';
import { importOpenCollection } from './opencollection-import';

function counter() {
  let next = 0;
  return () => {
    next += 1;
    return `id${next}`;
  };
}

/** The collection without ids, which an import makes anew. */
function shape(collection: Collection): unknown {
  const strip = (items: readonly CollectionItem[]): unknown[] =>
    items.map((item) =>
      item.kind === 'folder'
        ? { ...item, id: undefined, items: strip(item.items) }
        : { ...item, id: undefined, path: item.path.replace(/^\/+/, '') },
    );
  return { ...collection, id: undefined, items: strip(collection.items) };
}

function exportFiles(collection: Collection): CollectionFile[] {
  const environment = {
    name: 'Sandbox',
    baseUrl: 'http://127.0.0.1:8787',
    authUrl: 'http://127.0.0.1:8787',
    companyId: DEMO_CREDENTIALS.companyId,
    clientId: 'partner-client',
    variables: [],
  };
  const result = exportOpenCollection(collection, {
    environments: [environment],
    storedSecrets: [],
  });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

function imported(files: CollectionFile[]) {
  const result = importOpenCollection(files, counter());
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('importOpenCollection', () => {
  it('reads back what the export wrote: folders, order, query, headers, bodies, variables, checks', () => {
    for (const auth of [
      { method: 'apiKey', formEncodeCredentials: false },
      { method: 'oauthBasic', formEncodeCredentials: false },
      { method: 'oauthBody', formEncodeCredentials: false },
    ] as const) {
      const collection = brunoSample(auth);
      const { collection: back, summary } = imported(exportFiles(collection));
      expect(shape(back)).toEqual(shape(collection));
      expect(summary).toEqual([
        'Environments were not imported: a profile holds these settings (1): "Sandbox.yml".',
      ]);
    }
  });

  it('finds the collection inside the folder a zip wraps it in, and keeps its order by seq', () => {
    const files = exportFiles(brunoSample()).map(({ path, text }) => ({
      path: `orders/${path}`,
      text,
    }));
    files.reverse();
    const { collection } = imported(files);
    expect(collection.items.map((item) => item.name)).toEqual([
      'List products',
      'Orders',
      'Company',
    ]);
  });

  it('lists what did not come along, by kind, and never a secret value', () => {
    const files: CollectionFile[] = [
      {
        path: 'opencollection.yml',
        text: [
          'opencollection: 1.0.0',
          'info:',
          '  name: Hand made',
          'request:',
          '  auth:',
          '    type: oauth2',
          '    flow: client_credentials',
          '    accessTokenUrl: "{{authUrl}}/o/oauth/accesstoken"',
          '  headers:',
          '    - name: X-Team',
          '      value: blue',
          '    - name: companyId',
          '      value: "{{companyId}}"',
          '  variables:',
          '    - name: clientSecret',
          `      value: ${DEMO_CREDENTIALS.clientSecret}`,
          '    - name: region',
          '      value: eu',
          '  scripts:',
          '    - type: before-request',
          '      code: "bru.setVar(1)"',
        ].join('\n'),
      },
      {
        path: 'users/get user.yml',
        text: [
          'info:',
          '  name: Get user',
          '  type: http',
          '  seq: 1',
          'http:',
          '  method: get',
          '  url: https://api.example.com/v1/users/:userId?expand=all',
          '  params:',
          '    - name: expand',
          '      value: all',
          '      type: query',
          '    - name: hidden',
          '      value: x',
          '      type: query',
          '      disabled: true',
          '    - name: userId',
          '      value: u-7',
          '      type: path',
          '  headers:',
          '    - name: Authorization',
          '      value: Bearer abc',
          '    - name: X-Secret-Token',
          `      value: ${DEMO_CREDENTIALS.apiKey}`,
          '  auth:',
          '    type: bearer',
          '    token: "{{t}}"',
          'runtime:',
          '  scripts:',
          '    - type: tests',
          '      code: test("x", () => {})',
          '  assertions:',
          '    - expression: res.status',
          '      operator: eq',
          '      value: "200"',
          '    - expression: res.body',
          '      operator: isKitten',
        ].join('\n'),
      },
      { path: 'users/broken.yml', text: 'info: [\n' },
      {
        path: 'rooted.yml',
        text: 'info:\n  name: Rooted\n  seq: 2\nhttp:\n  method: GET\n  url: "{{baseUrl}}/health"\n',
      },
      { path: 'users/folder.yml', text: 'info:\n  name: Users\n  type: folder\n  seq: 1\n' },
      { path: 'users/ws.yml', text: 'info:\n  name: Live feed\n  type: websocket\n' },
      { path: 'README.md', text: '# hello' },
      { path: 'old.bru', text: 'meta {}' },
      { path: 'environments/prod.yml', text: 'name: prod\n' },
    ];
    const { collection, summary } = imported(files);
    expect(collection.name).toBe('Hand made');
    expect(collection.auth).toEqual({ method: 'oauthBody', formEncodeCredentials: false });
    expect(collection.variables).toEqual([
      { name: 'region', value: 'eu' },
      { name: 'userId', value: 'u-7' },
    ]);
    expect(collection.items[1]).toMatchObject({ name: 'Rooted', path: 'health' });
    const folder = collection.items[0];
    if (folder?.kind !== 'folder') throw new Error('expected the Users folder');
    expect(folder.name).toBe('Users');
    expect(folder.items).toEqual([
      {
        kind: 'request',
        id: expect.any(String),
        name: 'Get user',
        method: 'GET',
        path: 'users/{{userId}}',
        query: [{ name: 'expand', value: 'all' }],
        headers: [{ name: 'X-Team', value: 'blue' }],
        body: '',
        assertions: [{ expression: 'res.status', operator: 'eq', value: '200', enabled: true }],
      },
    ]);
    const text = summary.join('\n');
    expect(text).not.toContain(DEMO_CREDENTIALS.apiKey);
    expect(text).not.toContain(DEMO_CREDENTIALS.clientSecret);
    for (const line of [
      'Variables named like credentials were not imported (1): "clientSecret".',
      'Collection and folder scripts were not imported (1): "opencollection.yml".',
      'Headers of the collection and its folders were added to each request below them (1): "opencollection.yml".',
      'Headers that the profile sets were removed (Content-Type, companyId, x-apikey, Authorization) (1): "Authorization".',
      'URL paths outside /v1/ were read as paths under /v1/ (1): "Rooted".',
      'Files that are not valid YAML were not imported (1): "users/broken.yml" (line 2: deficient indentation).',
      'Requests that are not HTTP (GraphQL, gRPC, WebSocket) were not imported (1): "Live feed".',
      'Files that are not YAML were not imported (1): "README.md".',
      'Files in Bruno’s older .bru format were not imported (1): "old.bru".',
      'Requests with their own authentication now use the collection’s (1): "Get user".',
      'Scripts and tests were not imported (1): "Get user".',
      'Assertions with an operator this extension does not know were not imported (1): "Get user" ("isKitten").',
      'Headers and query parameters that look like secrets were not imported (1): "Get user" ("X-Secret-Token").',
      'Disabled headers and query parameters were not imported (1): "Get user".',
      'Hosts written into URLs were replaced by the profile’s Base URL (1): "Get user" ("https://api.example.com").',
      'Path parameters (:name) became {{name}} variables of the collection (1): "Get user" ("userId").',
      'Environments were not imported: a profile holds these settings (1): "prod.yml".',
    ]) {
      expect(summary).toContain(line);
    }
  });

  it('does not list as not imported the environment files its caller wrote itself (a folder sync)', () => {
    const files: CollectionFile[] = [
      { path: 'opencollection.yml', text: 'info:\n  name: Team\n' },
      { path: 'environments/Local sandbox.yml', text: 'name: Local sandbox\n' },
      { path: 'environments/Staging.yml', text: 'name: Staging\n' },
    ];
    const result = importOpenCollection(
      files,
      counter(),
      new Set(['environments/Local sandbox.yml']),
    );
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.summary.filter((line) => line.startsWith('Environments'))).toEqual([
      'Environments were not imported: a profile holds these settings (1): "Staging.yml".',
    ]);
  });

  it('refuses what is no OpenCollection folder, saying what to pick', () => {
    const none = importOpenCollection([{ path: 'a.yml', text: 'x: 1' }], counter());
    expect(none.ok).toBe(false);
    if (!none.ok) expect(none.error.message).toContain('There is no opencollection.yml');
    const bru = importOpenCollection([{ path: 'c/bruno.json', text: '{}' }], counter());
    expect(bru.ok).toBe(false);
    if (!bru.ok) expect(bru.error.hint).toContain('YAML format');
    const broken = importOpenCollection(
      [{ path: 'opencollection.yml', text: 'info: [' }],
      counter(),
    );
    expect(broken.ok).toBe(false);
    if (!broken.ok)
      expect(broken.error.message).toBe(
        'opencollection.yml is not valid YAML: line 1, unexpected end of the stream within a flow collection.',
      );
  });

  it('gives a collection the schema accepts, once the checks are left aside', () => {
    const { collection } = imported(exportFiles(brunoSample()));
    const walk = (items: CollectionItem[]): CollectionItem[] =>
      items.map((item) => {
        if (item.kind === 'folder') return { ...item, items: walk(item.items) };
        const {
          assertions: _a,
          answerVariables: _v,
          ...plain
        } = item as CollectionItem & {
          assertions?: unknown;
          answerVariables?: unknown;
        };
        return plain as CollectionItem;
      });
    expect(validateCollection({ ...collection, items: walk(collection.items) }).ok).toBe(true);
  });
});
