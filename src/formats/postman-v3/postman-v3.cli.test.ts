/**
 * Export for Postman 12 judged by Postman's own CLI (`postman-cli`, linux-x64 only; skipped with
 * the reason elsewhere): the exported folder lints with no diagnostic (`collection lint` and
 * `workspace lint`), runs green against a real sandbox for the API key and both OAuth variants
 * (exit 0, every request executed, the contract headers and one token call seen by the sandbox, a
 * carried value reaching the next request), and a failing assertion exits 1. Round trip: our v2.1
 * export migrated by `postman collection migrate` imports as the same collection as our own v3
 * export. Slow (each CLI start is about a second): one sandbox and one folder per case, lint
 * before run (a run skips a file that fails lint and still exits 0).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection, CollectionAuth, SavedRequest } from '../../collections/model';
import { createSandbox, type Sandbox } from '../../sandbox/server';
import {
  removeFolder,
  writeCollectionFolder,
} from '../../testing/fixtures/opencollection/bru-runner-fixture';
import { brunoSample } from '../../testing/fixtures/opencollection/opencollection-samples';
import {
  postmanCliMissing,
  readFolder,
  runPostman,
  tableRow,
  writeWorkspaceManifest,
} from '../../testing/fixtures/postman-v3/postman-cli-fixture';
import { buildPostmanCollection, exportPostman } from '../postman/postman-export';
import { exportPostmanV3, type PostmanV3Export } from './postman-v3-export';
import { importPostmanV3 } from './postman-v3-import';

const missing = postmanCliMissing();
/** Where the CLI cannot run, the skipped suite's name says why. */
const TITLE = `Export for Postman 12, judged by Postman’s CLI${missing === null ? '' : ` (skipped: ${missing})`}`;

const CARRIED: SavedRequest = {
  kind: 'request',
  id: 'req_carried',
  name: 'Carried',
  method: 'GET',
  path: 'products',
  query: [{ name: 'from', value: '{{firstProduct}}' }],
  headers: [],
  body: '',
  // Values that name variables are read when the test runs: the operand helpers must be there.
  assertions: [
    { expression: 'res.status', operator: 'in', value: '200, {{sku}}', enabled: true },
    { expression: 'res.status', operator: 'neq', value: '{{sku}}', enabled: true },
  ],
};

/** The walkthrough sample, and a last request that sends the value the first one carried. */
function sample(auth: CollectionAuth): Collection {
  const collection = { ...brunoSample(auth), name: 'Team' };
  return { ...collection, items: [...collection.items, CARRIED] };
}

/** A lint, a workspace lint and a run start the CLI three times, a few seconds each on CI. */
const SLOW = 180_000;

describe.skipIf(missing !== null)(TITLE, { timeout: SLOW }, () => {
  let sandbox: Sandbox;
  const roots: string[] = [];

  beforeAll(async () => {
    sandbox = await createSandbox({ port: 0 });
  });
  afterAll(async () => {
    await sandbox?.close();
    await Promise.all(roots.map(removeFolder));
  });

  function options() {
    const { companyId, clientId, apiKey, clientSecret } = sandbox.credentials;
    return {
      values: { baseUrl: sandbox.url, authUrl: sandbox.url, companyId, clientId },
      storedSecrets: [apiKey, clientSecret],
    };
  }

  async function exportedFolder(
    collection: Collection,
  ): Promise<{ root: string; out: PostmanV3Export }> {
    const out = exportPostmanV3(buildPostmanCollection(collection, options()), 'Sandbox');
    const root = await writeCollectionFolder(out.files);
    roots.push(root);
    await writeWorkspaceManifest(root, out.collectionPath, out.environmentPath);
    return { root, out };
  }

  /** Lints (collection and workspace: zero diagnostics), then runs with the secret on the command line. */
  async function lintAndRun(collection: Collection) {
    const { root, out } = await exportedFolder(collection);
    const home = join(root, '.home');
    const lint = await runPostman(
      ['collection', 'lint', out.collectionPath, '-r', 'json'],
      root,
      home,
    );
    expect(lint.exitCode, lint.output).toBe(0);
    expect(JSON.parse(lint.output.slice(lint.output.indexOf('{')))).toMatchObject({
      diagnostics: [],
      errorCount: 0,
      warningCount: 0,
    });
    const workspace = await runPostman(
      ['workspace', 'lint', '-f', 'warning', '-o', 'json'],
      root,
      home,
    );
    expect(workspace.exitCode, workspace.output).toBe(0);
    expect(JSON.parse(workspace.output.slice(workspace.output.indexOf('{')))).toMatchObject({
      diagnostics: [],
      errorCount: 0,
      warningCount: 0,
    });
    const { apiKey, clientSecret } = sandbox.credentials;
    const secret =
      collection.auth.method === 'apiKey' ? `apiKey=${apiKey}` : `clientSecret=${clientSecret}`;
    const seenBefore = sandbox.requests.length;
    const run = await runPostman(
      [
        'collection',
        'run',
        out.collectionPath,
        '-e',
        out.environmentPath,
        '--env-var',
        secret,
        '--no-report-events',
      ],
      root,
      home,
    );
    // No secret is printed, and none went into a file.
    expect(run.output).not.toContain(apiKey);
    expect(run.output).not.toContain(clientSecret);
    return { run, seen: sandbox.requests.slice(seenBefore) };
  }

  const REQUESTS = 5;

  it.each([
    ['API key', { method: 'apiKey', formEncodeCredentials: false }],
    ['OAuth, Basic header', { method: 'oauthBasic', formEncodeCredentials: false }],
    ['OAuth, form body', { method: 'oauthBody', formEncodeCredentials: true }],
  ] as const)('lints clean and runs green: %s', async (_name, auth) => {
    const { run, seen } = await lintAndRun(sample(auth));
    expect(run.exitCode, run.output).toBe(0);
    expect(tableRow(run.output, 'requests')).toEqual({ executed: REQUESTS, failed: 0 });
    expect(tableRow(run.output, 'assertions')).toEqual({ executed: 4, failed: 0 });
    expect(run.output).not.toMatch(/^\s*Fail\b/m);
    const calls = seen.filter(({ path }) => path.startsWith('/v1/'));
    expect(calls).toHaveLength(REQUESTS);
    const { companyId, apiKey } = sandbox.credentials;
    for (const call of calls) {
      expect(call.headers).toMatchObject({
        companyid: companyId,
        'content-type': 'application/json',
      });
      if (auth.method === 'apiKey') expect(call.headers['x-apikey']).toBe(apiKey);
      else expect(call.headers.authorization).toMatch(/^Bearer \S+$/);
    }
    const tokens = seen.filter(({ path }) => path === '/o/oauth/accesstoken');
    expect(tokens).toHaveLength(auth.method === 'apiKey' ? 0 : 1);
    if (auth.method === 'oauthBasic') expect(tokens[0]?.headers.authorization).toMatch(/^Basic /);
    if (auth.method === 'oauthBody') expect(tokens[0]?.body).toContain('client_secret=');
    // The value the first request carried reached the last one's query.
    expect(calls.at(-1)?.url).toBe('/v1/products?from=/v1/products');
  });

  it('exits 1 when an assertion fails', async () => {
    const collection = sample({ method: 'apiKey', formEncodeCredentials: false });
    const failing: Collection = {
      ...collection,
      items: [
        {
          ...CARRIED,
          query: [],
          assertions: [{ expression: 'res.status', operator: 'eq', value: '418', enabled: true }],
        },
      ],
    };
    const { run } = await lintAndRun(failing);
    expect(run.exitCode, run.output).toBe(1);
    expect(tableRow(run.output, 'assertions')).toEqual({ executed: 1, failed: 1 });
    expect(run.output).toContain('res.status eq 418');
  });

  it('round trip: our v2.1 export, migrated by postman collection migrate, imports as our v3 export does', async () => {
    const collection = sample({ method: 'oauthBasic', formEncodeCredentials: false });
    const { root, out } = await exportedFolder(collection);
    const input = join(root, 'v21', 'team.postman_collection.json');
    await mkdir(join(root, 'v21'), { recursive: true });
    await writeFile(input, exportPostman(collection, options()));
    await mkdir(join(root, 'migrated'), { recursive: true });
    const migrate = await runPostman(
      ['collection', 'migrate', input, '-o', join(root, 'migrated', 'Team')],
      root,
      join(root, '.home'),
    );
    expect(migrate.exitCode, migrate.output).toBe(0);
    const migrated = await readFolder(join(root, 'migrated'));
    expect(migrated.map(({ path }) => path)).toContain('Team/.resources/definition.yaml');
    let next = 0;
    const newId = () => `id_${++next}`;
    const fromMigrate = importPostmanV3(migrated, newId);
    const fromOurs = importPostmanV3(out.files, newId);
    if (!fromMigrate.ok || !fromOurs.ok) throw new Error('an import was refused');
    const strip = (value: unknown): unknown =>
      JSON.parse(JSON.stringify(value, (key, field) => (key === 'id' ? undefined : field)));
    expect(strip(fromMigrate.value.collection)).toEqual(strip(fromOurs.value.collection));
    // The same collection that was exported (the v2.1 export writes "/orders" as "orders").
    const expected = JSON.parse(
      JSON.stringify(collection).replace('"path":"/orders"', '"path":"orders"'),
    );
    expect(strip(fromMigrate.value.collection)).toEqual(strip(expected));
  });
});
