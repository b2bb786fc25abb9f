import { load as fromYaml } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS } from '../../sandbox/credentials';
import {
  API_KEY_AUTH,
  brunoSample,
} from '../../testing/fixtures/opencollection/opencollection-samples';
import { type ExportEnvironment, exportOpenCollection } from './opencollection-export';

const ENVIRONMENT: ExportEnvironment = {
  name: 'Sandbox',
  baseUrl: 'http://127.0.0.1:8787',
  authUrl: 'http://127.0.0.1:8788',
  companyId: DEMO_CREDENTIALS.companyId,
  clientId: 'partner-client',
  variables: [
    { name: 'region', value: 'eu' },
    { name: 'dbPassword', value: 'not-written' },
    { name: 'baseUrl', value: 'http://shadowed' },
  ],
};
const SECRETS = [DEMO_CREDENTIALS.apiKey, DEMO_CREDENTIALS.clientSecret];

function files(collection = brunoSample(), environments = [ENVIRONMENT]) {
  const result = exportOpenCollection(collection, { environments, storedSecrets: SECRETS });
  if (!result.ok) throw new Error(result.error.message);
  return new Map(result.value.map(({ path, text }) => [path, text]));
}

describe('exportOpenCollection', () => {
  it('writes one file per request, a folder per folder and an environment per profile, in order', () => {
    const written = files();
    expect([...written.keys()]).toEqual([
      'opencollection.yml',
      'environments/Sandbox.yml',
      'List products.yml',
      'Orders/folder.yml',
      'Orders/One product.yml',
      'Orders/Create order- today-.yml',
      'Company.yml',
    ]);
    const seq = (path: string) =>
      (fromYaml(written.get(path) ?? '') as { info: { seq: number } }).info.seq;
    expect(['List products.yml', 'Orders/folder.yml', 'Company.yml'].map(seq)).toEqual([1, 2, 3]);
    expect(['Orders/One product.yml', 'Orders/Create order- today-.yml'].map(seq)).toEqual([1, 2]);
  });

  it('is deterministic, byte for byte, and quotes every {{variable}} value', () => {
    const first = files();
    expect(files()).toEqual(first);
    expect(first.get('List products.yml')).toBe(
      [
        'info:',
        '  name: List products',
        '  type: http',
        '  seq: 1',
        'http:',
        '  method: GET',
        '  url: "{{baseUrl}}/v1/products?q=a%2Bb%20c%26d"',
        '  params:',
        '    - name: q',
        '      value: a%2Bb%20c%26d',
        '      type: query',
        '  headers:',
        '    - name: X-Request-Id',
        '      value: walkthrough-1',
        '  auth: inherit',
        'runtime:',
        '  assertions:',
        '    - expression: res.status',
        '      operator: eq',
        '      value: "200"',
        '    - expression: res.body',
        '      operator: isJson',
        '  actions:',
        '    - type: set-variable',
        '      phase: after-response',
        '      selector:',
        '        expression: res.body.echo.path',
        '        method: jsonq',
        '      variable:',
        '        name: firstProduct',
        '        scope: runtime',
        'settings:',
        '  encodeUrl: false',
        '',
      ].join('\n'),
    );
    expect(first.get('opencollection.yml')).toContain('      value: "{{companyId}}"\n');
  });

  it('writes the API key auth on x-apikey, and the environment with the key as a secret by name', () => {
    const written = files();
    const collection = fromYaml(written.get('opencollection.yml') ?? '') as Record<string, unknown>;
    expect(collection).toMatchObject({
      opencollection: '1.0.0',
      info: { name: 'Orders walkthrough' },
      request: {
        headers: [
          { name: 'Content-Type', value: 'application/json' },
          { name: 'companyId', value: '{{companyId}}' },
        ],
        auth: { type: 'apikey', key: 'x-apikey', value: '{{apiKey}}', placement: 'header' },
        variables: [
          { name: 'productId', value: 'prd_1001' },
          { name: 'sku', value: 'A-1' },
        ],
      },
    });
    expect(fromYaml(written.get('environments/Sandbox.yml') ?? '')).toEqual({
      name: 'Sandbox',
      variables: [
        { name: 'baseUrl', value: 'http://127.0.0.1:8787' },
        { name: 'companyId', value: DEMO_CREDENTIALS.companyId },
        { name: 'apiKey', secret: true },
        { name: 'region', value: 'eu' },
        { name: 'dbPassword', secret: true },
      ],
    });
  });

  it('writes OAuth with every placement Bruno needs spelled out', () => {
    for (const [method, placement] of [
      ['oauthBasic', 'basic_auth_header'],
      ['oauthBody', 'body'],
    ] as const) {
      const written = files(brunoSample({ method, formEncodeCredentials: false }));
      const collection = fromYaml(written.get('opencollection.yml') ?? '') as {
        request: { auth: unknown };
      };
      expect(collection.request.auth).toEqual({
        type: 'oauth2',
        flow: 'client_credentials',
        accessTokenUrl: '{{authUrl}}/o/oauth/accesstoken',
        credentials: { clientId: '{{clientId}}', clientSecret: '{{clientSecret}}', placement },
        tokenConfig: { placement: { header: 'Bearer' } },
      });
      const environment = fromYaml(written.get('environments/Sandbox.yml') ?? '') as {
        variables: { name: string }[];
      };
      expect(environment.variables.slice(0, 5)).toEqual([
        { name: 'baseUrl', value: 'http://127.0.0.1:8787' },
        { name: 'authUrl', value: 'http://127.0.0.1:8788' },
        { name: 'companyId', value: DEMO_CREDENTIALS.companyId },
        { name: 'clientId', value: 'partner-client' },
        { name: 'clientSecret', secret: true },
      ]);
    }
  });

  it('refuses a collection holding a secret, naming the field, and writes nothing', () => {
    const collection = brunoSample();
    const first = collection.items[0];
    if (first?.kind !== 'request') throw new Error('fixture changed');
    first.headers.push({ name: 'X-Debug', value: DEMO_CREDENTIALS.apiKey });
    const result = exportOpenCollection(collection, {
      environments: [ENVIRONMENT],
      storedSecrets: SECRETS,
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.message).toContain('"List products" → headers[1] "X-Debug"');
    expect(result.error.message).not.toContain(DEMO_CREDENTIALS.apiKey);
  });

  it('writes a profile variable that holds a stored secret as a secret variable without its value', () => {
    const leaky = {
      ...ENVIRONMENT,
      variables: [{ name: 'note', value: `key ${DEMO_CREDENTIALS.clientSecret}` }],
    };
    const result = exportOpenCollection(brunoSample(), {
      environments: [leaky],
      storedSecrets: SECRETS,
    });
    if (!result.ok) throw new Error(result.error.message);
    const environment = result.value.find(({ path }) => path === 'environments/Sandbox.yml');
    const written = fromYaml(environment?.text ?? '') as { variables: Record<string, unknown>[] };
    expect(written.variables.find(({ name }) => name === 'note')).toEqual({
      name: 'note',
      secret: true,
    });
    expect(JSON.stringify(result.value)).not.toContain(DEMO_CREDENTIALS.clientSecret);
  });

  it('refuses a profile setting that holds a stored secret, without quoting it', () => {
    const leaky = { ...ENVIRONMENT, companyId: btoa(DEMO_CREDENTIALS.clientSecret) };
    const result = exportOpenCollection(brunoSample(), {
      environments: [leaky],
      storedSecrets: SECRETS,
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.message).toContain('Company ID of profile "Sandbox"');
    expect(result.error.message).not.toContain(DEMO_CREDENTIALS.clientSecret);
  });

  it('leaves the profile’s settings to the environment, even when a collection variable is named so', () => {
    const collection = brunoSample();
    collection.variables.push({ name: 'baseUrl', value: 'http://stale.example' });
    const written = fromYaml(files(collection).get('opencollection.yml') ?? '') as {
      request: { variables: { name: string }[] };
    };
    expect(written.request.variables.map(({ name }) => name)).toEqual(['productId', 'sku']);
  });

  it('leaves the contract headers to the collection file and gives clashing names their own files', () => {
    const collection = brunoSample(API_KEY_AUTH);
    const first = collection.items[0];
    if (first?.kind !== 'request') throw new Error('fixture changed');
    first.headers.push(
      { name: 'companyId', value: 'typed-by-mistake' },
      { name: 'Content-Type', value: 'text/plain' },
    );
    collection.items.push({ ...first, id: 'req_twin', name: 'list products' });
    const written = files(collection, [ENVIRONMENT, { ...ENVIRONMENT, name: 'sandbox' }]);
    expect(written.get('List products.yml')).not.toMatch(/companyId|text\/plain/);
    expect(written.has('list products (2).yml')).toBe(true);
    expect(written.has('environments/sandbox (2).yml')).toBe(true);
  });
});
