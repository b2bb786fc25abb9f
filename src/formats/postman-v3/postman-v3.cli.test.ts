/**
 * Export for Postman 12 judged by Postman's own CLI (`postman-cli`, linux-x64 only; skipped with
 * the reason elsewhere): the exported folder lints with no diagnostic (`collection lint` and
 * `workspace lint`), runs green against a real sandbox for the API key and both OAuth variants
 * (exit 0, every request executed, the contract headers and one token call seen by the sandbox, a
 * carried value reaching the next request), and a failing assertion exits 1. Round trip: our v2.1
 * export migrated by `postman collection migrate` imports as the same collection as our own v3
 * export. Slow (each CLI start costs about 2.6 CPU-s): one sandbox, and one workspace folder holding
 * the four exports, linted once by each lint (its diagnostics name the file) before they are run
 * one by one (a run skips a file that fails lint and still exits 0): 7 CLI starts, 13 before.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
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

/** A CLI start takes a few seconds on CI, far more on a loaded machine. */
const SLOW = 180_000;

/** The four exports linted and run: the three auth variants, and one whose assertion fails. */
const CASES = {
  key: { method: 'apiKey', formEncodeCredentials: false },
  basic: { method: 'oauthBasic', formEncodeCredentials: false },
  body: { method: 'oauthBody', formEncodeCredentials: true },
  failing: { method: 'apiKey', formEncodeCredentials: false },
} as const satisfies Record<string, CollectionAuth>;
type Case = keyof typeof CASES;

/** The failing case: one request whose assertion cannot hold. */
function failingSample(): Collection {
  return {
    ...sample(CASES.failing),
    items: [
      {
        ...CARRIED,
        query: [],
        assertions: [{ expression: 'res.status', operator: 'eq', value: '418', enabled: true }],
      },
    ],
  };
}

describe.skipIf(missing !== null)(TITLE, { timeout: SLOW }, () => {
  let sandbox: Sandbox;
  const roots: string[] = [];
  /** One workspace folder holding the four exports, each collection and environment named by its case. */
  let workspace: { root: string; home: string; exports: Record<Case, PostmanV3Export> };

  beforeAll(async () => {
    sandbox = await createSandbox({ port: 0 });
    const exports = {} as Record<Case, PostmanV3Export>;
    const files = [];
    for (const name of Object.keys(CASES) as Case[]) {
      const collection = name === 'failing' ? failingSample() : sample(CASES[name]);
      exports[name] = exportPostmanV3(
        buildPostmanCollection({ ...collection, name: `Team ${name}` }, options()),
        `Sandbox ${name}`,
      );
      files.push(...exports[name].files);
    }
    const root = await writeCollectionFolder(files);
    roots.push(root);
    await writeWorkspaceManifest(
      root,
      Object.values(exports).map(({ collectionPath }) => collectionPath),
      Object.values(exports).map(({ environmentPath }) => environmentPath),
    );
    workspace = { root, home: join(root, '.home'), exports };
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

  /** The JSON report a lint prints after its progress lines. */
  function lintReport(output: string): unknown {
    return JSON.parse(output.slice(output.indexOf('{')));
  }

  // One CLI start per lint (about 2.6 CPU-s each) for all four exports: each diagnostic names
  // its file, so a failure still says which export it is in.
  it('lints clean: every export, by collection lint and by workspace lint', async () => {
    const { root, home, exports } = workspace;
    const requestFiles = Object.values(exports).flatMap(({ files }) =>
      files.filter(({ path }) => path.endsWith('.request.yaml')),
    ).length;
    const lint = await runPostman(
      ['collection', 'lint', dirname(exports.key.collectionPath), '-r', 'json'],
      root,
      home,
    );
    expect(lint.exitCode, lint.output).toBe(0);
    expect(lintReport(lint.output)).toMatchObject({
      diagnostics: [],
      errorCount: 0,
      warningCount: 0,
      filesScanned: requestFiles,
    });
    const lintedWorkspace = await runPostman(
      ['workspace', 'lint', '-f', 'warning', '-o', 'json'],
      root,
      home,
    );
    expect(lintedWorkspace.exitCode, lintedWorkspace.output).toBe(0);
    const report = lintReport(lintedWorkspace.output) as { filesScanned: number };
    expect(report).toMatchObject({ diagnostics: [], errorCount: 0, warningCount: 0 });
    // The requests and the four environments at least: no export was left out.
    expect(report.filesScanned).toBeGreaterThanOrEqual(requestFiles + 4);
  });

  /** Runs one case's export with the secret on the command line. */
  async function run(name: Case) {
    const { root, home, exports } = workspace;
    const out = exports[name];
    const { apiKey, clientSecret } = sandbox.credentials;
    const secret =
      CASES[name].method === 'apiKey' ? `apiKey=${apiKey}` : `clientSecret=${clientSecret}`;
    const seenBefore = sandbox.requests.length;
    const result = await runPostman(
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
    expect(result.output).not.toContain(apiKey);
    expect(result.output).not.toContain(clientSecret);
    return { run: result, seen: sandbox.requests.slice(seenBefore) };
  }

  const REQUESTS = 5;

  it.each([
    ['API key', 'key'],
    ['OAuth, Basic header', 'basic'],
    ['OAuth, form body', 'body'],
  ] as const)('runs green: %s', async (_name, name) => {
    const auth = CASES[name];
    const { run: result, seen } = await run(name);
    expect(result.exitCode, result.output).toBe(0);
    expect(tableRow(result.output, 'requests')).toEqual({ executed: REQUESTS, failed: 0 });
    expect(tableRow(result.output, 'assertions')).toEqual({ executed: 4, failed: 0 });
    expect(result.output).not.toMatch(/^\s*Fail\b/m);
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
    const { run: result } = await run('failing');
    expect(result.exitCode, result.output).toBe(1);
    expect(tableRow(result.output, 'assertions')).toEqual({ executed: 1, failed: 1 });
    expect(result.output).toContain('res.status eq 418');
  });

  it('round trip: our v2.1 export, migrated by postman collection migrate, imports as our v3 export does', async () => {
    const collection = sample(CASES.basic);
    const out = exportPostmanV3(buildPostmanCollection(collection, options()), 'Sandbox');
    const root = await writeCollectionFolder(out.files);
    roots.push(root);
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
