/**
 * Import collection against the fake worker (the real router and schemas): a file the worker
 * reads goes packed, a name clash is asked about and answered, an OpenAPI document is read here
 * and its operations outside /v1 asked about first, and what it suggests for a profile comes
 * with the summary; a file that cannot be read is shown and nothing is sent.
 */
import { describe, expect, it } from 'vitest';
import type { Collection } from '../collections/model';
import { unpackText } from '../protocol/packed-text';
import { workspaceHarness } from '../testing/workspace-harness';
import { importFile, resolveClash, resolveOutside } from './collection-import';

const postman = JSON.stringify({
  info: {
    name: 'Shop',
    schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
  },
  item: [],
});

const openApi = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Orders API', version: '1' },
  servers: [{ url: 'https://api.example.test' }],
  paths: {
    '/v1/orders': { get: { summary: 'List orders', responses: { 200: { description: 'ok' } } } },
    '/health': { get: { summary: 'Health', responses: { 200: { description: 'ok' } } } },
  },
});

const requestsOf = (collection: Collection | undefined) => collection?.items.length ?? 0;

function setUp() {
  const harness = workspaceHarness({
    'collections/list': () => ({ ok: true, value: { collections: [] } }),
  });
  const { deps } = harness;
  const commands = {
    importFile: (file: Blob) => importFile(deps, file),
    resolveClash: (choice: Parameters<typeof resolveClash>[1]) => resolveClash(deps, choice),
    resolveOutside: (choice: Parameters<typeof resolveOutside>[1]) => resolveOutside(deps, choice),
  };
  return { ...harness, commands };
}

describe('import collection', () => {
  it('sends a file the worker reads packed, asks about a name clash, and replaces when told', async () => {
    const { store, worker, commands } = setUp();
    worker.handle('collections/import', (payload) =>
      payload.onClash === 'ask'
        ? { ok: true, value: { outcome: 'clash', name: 'Shop' } }
        : { ok: true, value: { outcome: 'imported', id: 'c1', name: 'Shop', summary: ['1 note'] } },
    );
    await commands.importFile(new Blob([postman]));
    const [first] = worker.payloads('collections/import');
    expect(
      first !== undefined && 'packed' in first && (await unpackText(first.packed, 1_000_000)),
    ).toEqual({
      ok: true,
      value: postman,
    });
    expect(store.get().collections.import).toMatchObject({
      reading: false,
      clash: { name: 'Shop' },
      summary: null,
    });
    await commands.resolveClash('replace');
    expect(worker.payloads('collections/import')[1]?.onClash).toBe('replace');
    expect(store.get().collections.import).toMatchObject({
      clash: null,
      summary: { lines: ['Imported “Shop”.', '1 note'], suggested: null },
    });
    expect(worker.payloads('collections/list')).toHaveLength(1);
  });

  it('cancels at a name clash without sending again', async () => {
    const { store, worker, commands } = setUp();
    worker.handle('collections/import', () => ({
      ok: true,
      value: { outcome: 'clash', name: 'Shop' },
    }));
    await commands.importFile(new Blob([postman]));
    await commands.resolveClash('cancel');
    expect(worker.payloads('collections/import')).toHaveLength(1);
    expect(store.get().collections.import.clash).toBeNull();
  });

  it('asks about operations outside /v1, then imports without them, with the profile it suggests', async () => {
    const { store, worker, commands } = setUp();
    worker.handle('collections/import-parsed', ({ collection }) => ({
      ok: true,
      value: { outcome: 'imported', id: collection.id, name: collection.name, summary: [] },
    }));
    await commands.importFile(new Blob([openApi]));
    expect(store.get().collections.import.outside?.parsed.outsideV1).toBe(1);
    expect(worker.payloads('collections/import-parsed')).toEqual([]);
    await commands.resolveOutside('leave-out');
    const [sent] = worker.payloads('collections/import-parsed');
    expect(requestsOf(sent?.collection)).toBe(1);
    expect(store.get().collections.import).toMatchObject({
      outside: null,
      summary: {
        lines: ['Imported “Orders API”.'],
        suggested: { name: 'Orders API', baseUrl: 'https://api.example.test' },
      },
    });
  });

  it('imports the operations outside /v1 under /v1 when told', async () => {
    const { worker, commands } = setUp();
    worker.handle('collections/import-parsed', ({ collection }) => ({
      ok: true,
      value: { outcome: 'imported', id: collection.id, name: collection.name, summary: [] },
    }));
    await commands.importFile(new Blob([openApi]));
    await commands.resolveOutside('under-v1');
    expect(requestsOf(worker.payloads('collections/import-parsed')[0]?.collection)).toBe(2);
  });

  it('shows why a zip cannot be read, and sends nothing', async () => {
    const { store, worker, commands } = setUp();
    const notAZip = new Uint8Array([0x50, 0x4b, 3, 4, 0, 0, 0, 0]);
    await commands.importFile(new Blob([notAZip]));
    expect(worker.asked).toEqual([]);
    expect(store.get().collections.import.reading).toBe(false);
    expect(store.get().collections.error?.message).toBeTruthy();
  });
});
