import { describe, expect, it } from 'vitest';
import type { SavedRequest } from '../../collections/model';
import { brunoSample } from '../../testing/fixtures/opencollection/opencollection-samples';
import type { CollectionFile } from '../opencollection/opencollection-format';
import { unzipCollectionFolder } from '../opencollection/opencollection-zip';
import { buildPostmanCollection } from '../postman/postman-export';
import { exportPostmanV3 } from './postman-v3-export';
import { importPostmanV3 } from './postman-v3-import';
import { looksLikePostmanV3 } from './postman-v3-tree';
import { zipPostmanV3 } from './postman-v3-zip';

const C = 'postman/collections/Partner API';

function imported(files: CollectionFile[]) {
  let next = 0;
  const result = importPostmanV3(files, () => `id_${++next}`);
  if (!result.ok) throw new Error(`${result.error.message} ${result.error.hint}`);
  return result.value;
}

/** A folder written the way people write v3 by hand (lists, single quotes, their own tests). */
function handWritten(): CollectionFile[] {
  return [
    {
      path: `${C}/.resources/definition.yaml`,
      text: [
        '$kind: collection',
        'name: Partner API',
        'variables:',
        '  - key: orderId',
        "    value: '42'",
        'auth:',
        '  type: apikey',
        '  credentials:',
        '    - key: key',
        '      value: x-apikey',
        '    - key: value',
        "      value: '{{apiKey}}'",
        '    - key: in',
        '      value: header',
      ].join('\n'),
    },
    {
      path: `${C}/Create order.request.yaml`,
      text: [
        '$kind: http-request',
        'method: POST',
        "url: '{{baseUrl}}/v1/companies/{{companyId}}/orders'",
        'order: 2000',
        'headers:',
        '  - key: X-Trace',
        "    value: 'on'",
        '  - key: X-Off',
        '    value: nope',
        '    disabled: true',
        'body:',
        '  type: json',
        '  content: |-',
        '    {"sku": "A1"}',
        'scripts:',
        '  - type: afterResponse',
        '    code: |-',
        '      pm.test("created", function () {',
        '        pm.response.to.have.status(201);',
        '      });',
        '      pm.environment.set("orderId", pm.response.json().id);',
      ].join('\n'),
    },
    {
      path: `${C}/Get order.request.yaml`,
      text: [
        '$kind: http-request',
        'method: GET',
        "url: '{{baseUrl}}/v1/companies/{{companyId}}/orders/{{orderId}}?limit=5'",
        'order: 1000',
        'queryParams:',
        "  limit: '7'",
        'scripts:',
        '  - type: afterResponse',
        '    code: |-',
        '      pm.expect(pm.response.code).to.eql(200);',
        '      pm.expect(pm.response.json().status).to.eql("shipped");',
      ].join('\n'),
    },
    { path: 'postman/environments/Local.environment.yaml', text: 'name: Local\nvalues: []\n' },
  ];
}

describe('Import of a Postman 12 folder (collection schema v3)', () => {
  it('reads folders in order, the query Postman sends, headers, bodies, variables and checks', () => {
    const { collection, summary } = imported(handWritten());
    expect(collection.name).toBe('Partner API');
    expect(collection.auth.method).toBe('apiKey');
    expect(collection.variables).toEqual([{ name: 'orderId', value: '42' }]);
    const [get, create] = collection.items as SavedRequest[];
    expect(get).toMatchObject({
      name: 'Get order',
      method: 'GET',
      path: 'companies/{{companyId}}/orders/{{orderId}}',
      // queryParams wins over the url's own query, as in Postman's runs.
      query: [{ name: 'limit', value: '7' }],
      assertions: [
        { expression: 'res.status', operator: 'eq', value: '200', enabled: true },
        { expression: 'res.body.status', operator: 'eq', value: '"shipped"', enabled: true },
      ],
    });
    expect(create).toMatchObject({
      name: 'Create order',
      method: 'POST',
      headers: [{ name: 'X-Trace', value: 'on' }],
      body: '{"sku": "A1"}',
      assertions: [{ expression: 'res.status', operator: 'eq', value: '201', enabled: true }],
      answerVariables: [{ name: 'orderId', expression: 'res.body.id', enabled: true }],
    });
    expect(summary.join('\n')).toContain('Environments were not imported');
    expect(summary.join('\n')).toContain('"Local.environment.yaml"');
  });

  it('lists, never drops in silence: scripts, other auth, examples, form bodies, broken and foreign files', () => {
    const files: CollectionFile[] = [
      { path: 'My API/.resources/definition.yaml', text: '$kind: collection\nname: My API\n' },
      {
        path: 'My API/Scripted.request.yaml',
        text: "$kind: http-request\nurl: '{{baseUrl}}/v1/a'\nscripts:\n  - type: beforeRequest\n    code: console.log(1)\n",
      },
      {
        path: 'My API/Digest.request.yaml',
        text: "$kind: http-request\nurl: '{{baseUrl}}/v1/b'\nauth:\n  type: digest\n  credentials:\n    username: u\n",
      },
      {
        path: 'My API/Form.request.yaml',
        text: "$kind: http-request\nmethod: POST\nurl: '{{baseUrl}}/v1/c'\nbody:\n  type: urlencoded\n  content:\n    grant_type: client_credentials\n",
      },
      {
        path: 'My API/With example.request.yaml',
        text: "$kind: http-request\nurl: '{{baseUrl}}/v1/d'\n",
      },
      {
        path: 'My API/.resources/With example.resources/examples/ok.example.yaml',
        text: '$kind: http-example\n',
      },
      { path: 'My API/Broken.request.yaml', text: '$kind: http-request\nurl: {{baseUrl}}/x\n' },
      { path: 'My API/Socket.request.yaml', text: '$kind: websocket-request\n' },
      { path: 'My API/notes.txt', text: 'hello' },
    ];
    const { collection, summary } = imported(files);
    expect(collection.items.map((item) => item.name)).toEqual([
      'Digest',
      'Form',
      'Scripted',
      'With example',
    ]);
    const text = summary.join('\n');
    expect(text).toMatch(/Pre-request scripts were not imported \(1\): "Scripted"/);
    expect(text).toMatch(
      /Authentication types this extension does not support.*"Digest".*"digest"/,
    );
    expect(text).toMatch(/Saved example responses were not imported \(1\): "With example"/);
    expect(text).toMatch(/Bodies other than raw text were not imported.*"Form".*"urlencoded"/);
    expect(text).toMatch(
      /Files that are not valid YAML were not imported \(1\): "Broken.request.yaml" \(line 2/,
    );
    expect(text).toMatch(
      /Files that are not HTTP requests.*"Socket.request.yaml".*"websocket-request"/,
    );
    expect(text).toMatch(
      /Files that are not Postman request files were not imported \(1\): "notes.txt"/,
    );
  });

  it('reads a zip of our own export back, picks the first of several collections and names the rest', () => {
    const json = buildPostmanCollection(brunoSample(), {});
    const ours = exportPostmanV3(json, 'Sandbox').files;
    const other = {
      path: 'postman/collections/Zebra/A.request.yaml',
      text: '$kind: http-request\n',
    };
    const unzipped = unzipCollectionFolder(zipPostmanV3([...ours, other]));
    if (!unzipped.ok) throw new Error(unzipped.error.message);
    expect(looksLikePostmanV3(unzipped.value.files.map(({ path }) => path))).toBe(true);
    const { collection, summary } = imported(unzipped.value.files);
    expect(collection.name).toBe('Orders walkthrough');
    expect(collection.items.map((item) => item.name)).toEqual([
      'List products',
      'Orders',
      'Company',
    ]);
    // The contract headers exactly as the export writes them come back without a word.
    expect(summary.join('\n')).not.toContain('Headers that the profile sets');
    expect(summary.join('\n')).toContain(
      'Other collections beside this one were not imported: import each on its own (1): "Zebra".',
    );
  });

  it('refuses what holds no v3 collection, saying what to pick', () => {
    const result = importPostmanV3([{ path: 'a/opencollection.yml', text: '' }], () => 'id');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.hint).toContain('postman/collections');
    expect(looksLikePostmanV3(['a/opencollection.yml', 'a/x.yml'])).toBe(false);
  });
});
