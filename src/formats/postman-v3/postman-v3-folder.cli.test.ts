/**
 * A repository kept by Connect folder in Postman 12's format, judged by Postman's own CLI
 * (linux-x64 only; skipped with the reason elsewhere): the panel's files, written through the
 * folder code beside the team's own files, lint with no diagnostic and run green against a real
 * sandbox with the API key passed on the command line (no environment file is written: secrets
 * never reach the folder), after a save in the panel changed one request.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection } from '../../collections/model';
import { createSandbox, type Sandbox } from '../../sandbox/server';
import { nodeFolderHandle } from '../../testing/fixtures/opencollection/node-folder-handle';
import { brunoSample } from '../../testing/fixtures/opencollection/opencollection-samples';
import {
  postmanCliMissing,
  readFolder,
  runPostman,
  tableRow,
} from '../../testing/fixtures/postman-v3/postman-cli-fixture';
import { toFileList } from '../opencollection/folder-sync-plan';
import { writeFolderFiles } from '../opencollection/opencollection-folder-io';
import { exportPostman } from '../postman/postman-export';
import { postmanV3FolderFiles, wantedCollectionDir } from './postman-v3-folder';

const missing = postmanCliMissing();
const TITLE = `Connect folder in Postman 12’s format, judged by Postman’s CLI${missing === null ? '' : ` (skipped: ${missing})`}`;

describe.skipIf(missing !== null)(TITLE, { timeout: 180_000 }, () => {
  let sandbox: Sandbox;
  let root = '';

  beforeAll(async () => {
    sandbox = await createSandbox({ port: 0 });
    root = await mkdtemp(join(tmpdir(), 'postman-v3-connected-'));
  });
  afterAll(async () => {
    await sandbox?.close();
    await rm(root, { recursive: true, force: true });
  });

  /** The panel's side of the sync: the worker's v2.1 export, as v3 files in the collection's folder. */
  function panelFiles(collection: Collection) {
    const { companyId, clientId, apiKey, clientSecret } = sandbox.credentials;
    const v21 = exportPostman(collection, {
      values: { baseUrl: sandbox.url, authUrl: sandbox.url, companyId, clientId },
      storedSecrets: [apiKey, clientSecret],
    });
    return postmanV3FolderFiles(v21, wantedCollectionDir(collection.name));
  }

  it('lints clean and runs green after the panel wrote it twice', async () => {
    const handle = nodeFolderHandle(root);
    const collection: Collection = { ...brunoSample(), name: 'Team' };
    const first = panelFiles(collection);
    const written = await writeFolderFiles(handle, toFileList(first), new Map());
    expect(written.ok).toBe(true);
    // A save in the panel: the first request's path changes; only its file is written again.
    const [products, ...rest] = collection.items;
    const saved: Collection = {
      ...collection,
      items: [
        { ...(products as Extract<typeof products, { kind: 'request' }>), path: 'products/' },
        ...rest,
      ],
    };
    const second = await writeFolderFiles(handle, toFileList(panelFiles(saved)), first);
    expect(second.ok && second.value.written).toEqual([
      'postman/collections/Team/List products.request.yaml',
    ]);
    const files = await readFolder(root);
    const { apiKey } = sandbox.credentials;
    expect(JSON.stringify(files)).not.toContain(apiKey);

    const home = join(root, '.home');
    const dir = 'postman/collections/Team';
    const lint = await runPostman(['collection', 'lint', dir, '-r', 'json'], root, home);
    expect(lint.exitCode, lint.output).toBe(0);
    expect(JSON.parse(lint.output.slice(lint.output.indexOf('{')))).toMatchObject({
      diagnostics: [],
      errorCount: 0,
      warningCount: 0,
    });
    const before = sandbox.requests.length;
    const run = await runPostman(
      ['collection', 'run', dir, '--env-var', `apiKey=${apiKey}`, '--no-report-events'],
      root,
      home,
    );
    expect(run.exitCode, run.output).toBe(0);
    expect(run.output).not.toContain(apiKey);
    // The sample's four requests, and its checks (a status and a JSON body) all pass.
    expect(tableRow(run.output, 'requests')).toEqual({ executed: 4, failed: 0 });
    expect(tableRow(run.output, 'assertions')).toMatchObject({ failed: 0 });
    const calls = sandbox.requests.slice(before).filter(({ path }) => path.startsWith('/v1/'));
    expect(calls).toHaveLength(4);
    expect(calls[0]?.url).toMatch(/^\/v1\/products\/\?/);
    for (const call of calls) expect(call.headers['x-apikey']).toBe(apiKey);
  });
});
