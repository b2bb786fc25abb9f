/**
 * The two formats a connected folder speaks: a repository holding `postman/collections/` is kept
 * in Postman 12's v3, the collection beside the team's other collection and files, untouched; an
 * outside edit of a v3 file is read in; once synced, the last sync's record says the format, not
 * what the folder holds later. And no secret is ever written: not in a file of either format, not
 * in the sync's record (digests only); a collection holding a stored secret is not written at all.
 */
import { describe, expect, it } from 'vitest';
import type { Collection, SavedRequest } from '../../collections/model';
import { brunoSample } from '../../testing/fixtures/opencollection/opencollection-samples';
import { folderSyncHarness, STORED_SECRET } from '../../testing/folder-sync-harness';
import { ok } from '../../vocabulary/errors';
import { createCollectionCommands } from '../collection-commands';
import { POLL_MS } from './folder-sync';

const ID = 'col_orders';
const DIR = 'postman/collections/Orders walkthrough';
const REPOSITORY: Record<string, string> = {
  'README.md': '# Orders service\n',
  'postman/collections/Billing/.resources/definition.yaml': '$kind: collection\nname: Billing\n',
  'postman/collections/Billing/Invoices.request.yaml':
    '$kind: http-request\nurl: https://billing.example/invoices\nmethod: GET\n',
  'postman/environments/Staging.environment.yaml': 'name: Staging\nvalues: []\n',
};

async function connected(collection: Collection, files: Record<string, string>) {
  const harness = folderSyncHarness([collection]);
  for (const [path, text] of Object.entries(files)) await harness.write(path, text);
  await harness.connect(collection.id);
  const sync = harness.start();
  await sync.started;
  const collections = createCollectionCommands(harness.deps);
  collections.onChanged((id) => void sync.changed(id));
  return { ...harness, sync, collections };
}

const unchanged = async (
  harness: ReturnType<typeof folderSyncHarness>,
  files: Record<string, string>,
) => {
  const now = await harness.files();
  return Object.fromEntries(Object.keys(files).map((path) => [path, now[path]]));
};

describe('a folder in Postman 12’s format', () => {
  it('keeps the collection under postman/collections/, beside the team’s, touching none of theirs', async () => {
    const harness = await connected(brunoSample(), REPOSITORY);
    expect(harness.store.get().folders.views[ID]).toMatchObject({
      state: 'synced',
      format: 'Postman 12 (collection schema v3)',
    });
    const files = await harness.files();
    expect(files[`${DIR}/.resources/definition.yaml`]).toContain('$kind: collection');
    expect(
      Object.keys(files).some(
        (path) => path.startsWith(`${DIR}/`) && path.endsWith('.request.yaml'),
      ),
    ).toBe(true);
    expect(files['opencollection.yml']).toBeUndefined();
    expect(await unchanged(harness, REPOSITORY)).toEqual(REPOSITORY);
    expect(harness.records.get(ID)?.seen.every(([path]) => path.startsWith(`${DIR}/`))).toBe(true);
  });

  it('reads an outside edit of a v3 request file in at the next poll', async () => {
    const harness = await connected(brunoSample(), REPOSITORY);
    const files = await harness.files();
    const [path, text] =
      Object.entries(files).find(
        ([file, body]) => file.startsWith(DIR) && body.includes('walkthrough-1'),
      ) ?? [];
    if (path === undefined || text === undefined) throw new Error('no request file');
    await harness.write(path, text.replace('walkthrough-1', 'from-git-pull'));
    harness.clock.advance(POLL_MS);
    const header = () => {
      const first = harness.saved()[0]?.items.find((item) => item.name === 'List products');
      return (first as SavedRequest | undefined)?.headers.find(
        ({ name }) => name === 'X-Request-Id',
      )?.value;
    };
    await harness.until(() => header() === 'from-git-pull');
    expect(await unchanged(harness, REPOSITORY)).toEqual(REPOSITORY);
  });

  it('stays in the format of the last sync’s record when the folder later looks like the other', async () => {
    const harness = await connected(brunoSample(), REPOSITORY);
    const topFile = 'opencollection: 1.0.0\ninfo:\n  name: Someone else\n';
    await harness.write('opencollection.yml', topFile);
    const before = JSON.stringify(harness.records.get(ID)?.seen);
    await harness.collections.save(ok({ ...brunoSample(), variables: [] }));
    await harness.until(() => JSON.stringify(harness.records.get(ID)?.seen) !== before);
    const files = await harness.files();
    expect(files['opencollection.yml']).toBe(topFile);
    expect(harness.records.get(ID)?.seen.every(([path]) => path.startsWith(`${DIR}/`))).toBe(true);
    expect(harness.store.get().folders.views[ID]).toMatchObject({
      format: 'Postman 12 (collection schema v3)',
    });
  });
});

describe('no secret in a connected folder', () => {
  it.each([
    ['OpenCollection YAML', {}],
    ['Postman 12', REPOSITORY],
  ])(
    'in %s: no file holds one, and the record keeps digests, never texts',
    async (_format, team) => {
      const harness = await connected(brunoSample(), team);
      const files = await harness.files();
      expect(Object.keys(files).length).toBeGreaterThan(Object.keys(team).length);
      for (const [path, text] of Object.entries(files))
        expect(text, path).not.toContain(STORED_SECRET);
      const record = harness.records.get(ID);
      const texts = new Set(Object.values(files));
      for (const [, digest] of [...(record?.base ?? []), ...(record?.seen ?? [])]) {
        expect(digest).toMatch(/^[0-9a-f]{32}$/);
        expect(texts.has(digest)).toBe(false);
      }
    },
  );

  it.each([
    ['OpenCollection YAML', {}],
    ['Postman 12', REPOSITORY],
  ])(
    'in %s: a collection holding a stored secret is not written, and says why',
    async (_format, team) => {
      const leaky = { ...brunoSample(), variables: [{ name: 'token', value: STORED_SECRET }] };
      const harness = await connected(leaky, team);
      const view = harness.store.get().folders.views[ID];
      expect(view).toMatchObject({ state: 'error', folder: 'team-repo' });
      expect(view?.state === 'error' && view.message).toMatch(/^Not written to the folder: /);
      expect(view?.state === 'error' && view.message).not.toContain(STORED_SECRET);
      expect(await harness.files()).toEqual(team);
    },
  );
});
