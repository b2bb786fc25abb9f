import { describe, expect, it } from 'vitest';
import {
  sampleCollection,
  seededRandom,
  shuffleKeys,
} from '../testing/fixtures/collections/collection-samples';
import * as results from '../testing/results';
import type { AppError, Result } from '../vocabulary/errors';
import { MAX_FOLDER_DEPTH, MAX_ITEMS } from './collection-schema';
import type { Collection, CollectionItem, SavedRequest } from './model';
import {
  exportCollection,
  FORMAT,
  FORMAT_VERSION,
  importCollection,
  MAX_FILE_BYTES,
  SCHEMA_REF,
} from './native-format';

const request = (id: string, overrides: Partial<SavedRequest> = {}): SavedRequest => ({
  kind: 'request',
  id,
  name: 'Get product',
  method: 'GET',
  path: 'products/{{productId}}',
  query: [{ name: 'expand', value: 'prices' }],
  headers: [{ name: 'Accept', value: 'application/json' }],
  body: '',
  ...overrides,
});

const base: Collection = {
  id: 'col-1',
  name: 'Catalogue',
  auth: { method: 'oauthBasic', formEncodeCredentials: true },
  variables: [{ name: 'productId', value: '42' }],
  items: [
    request('r-1'),
    {
      kind: 'folder',
      id: 'f-1',
      name: 'Orders',
      items: [request('r-2', { method: 'POST', path: 'orders', body: '{\n  "qty": 1\n}' })],
    },
    request('r-3', { name: 'Delete product', method: 'DELETE' }),
  ],
};
const baseText = exportCollection(base);

// biome-ignore lint/suspicious/noExplicitAny: the tests reach into parsed JSON at any depth to break it
type Loose = any;

/** An import refusal, with a hint long enough to tell the user how to fix the file. */
function refusal(result: Result<unknown>): AppError {
  const error = results.refusal(result, 'bad_message');
  expect(error.hint.length).toBeGreaterThan(10);
  return error;
}

/** The exported file as data, changed by `edit`, as text again. */
function editedFile(edit: (file: Record<string, Loose>) => void): string {
  const file = JSON.parse(baseText) as Record<string, Loose>;
  edit(file);
  return JSON.stringify(file, null, 2);
}

function nestedFolders(levels: number): CollectionItem[] {
  let items: CollectionItem[] = [request('leaf')];
  for (let level = levels; level >= 1; level -= 1) {
    items = [{ kind: 'folder', id: `f${level}`, name: `Level ${level}`, items }];
  }
  return items;
}

describe('exportCollection', () => {
  it('writes the envelope first, pretty-printed with 2 spaces and a final newline', () => {
    expect(
      baseText.startsWith(
        `{\n  "$schema": "${SCHEMA_REF}",\n  "format": "${FORMAT}",\n  "version": ${FORMAT_VERSION},\n  "collection": {\n    "id": "col-1",\n    "name": "Catalogue",\n    "auth": {\n      "method": "oauthBasic",\n`,
      ),
    ).toBe(true);
    expect(baseText.endsWith('}\n')).toBe(true);
    expect(baseText).toBe(`${JSON.stringify(JSON.parse(baseText), null, 2)}\n`);
    expect(baseText).toContain('"query": [\n          {\n            "name": "expand",\n');
  });

  it('writes empty lists as []', () => {
    const text = exportCollection({ ...base, variables: [], items: [] });
    expect(text).toContain('"variables": [],\n    "items": []\n');
  });

  it('gives the same text whatever order the keys of the input were in', () => {
    const random = seededRandom(7);
    for (let seed = 1; seed <= 30; seed += 1) {
      const collection = sampleCollection(seed);
      const text = exportCollection(collection);
      for (let round = 0; round < 3; round += 1) {
        expect(exportCollection(shuffleKeys(collection, random))).toBe(text);
      }
    }
  });

  it('leaves out properties that are not part of the model (panel state, say)', () => {
    const withExtras = { ...base, selected: true, items: [{ ...request('r-1'), open: true }] };
    expect(exportCollection(withExtras as Collection)).toBe(
      exportCollection({ ...base, items: [request('r-1')] }),
    );
  });

  it('changes only the lines of what changed, so that git diffs stay small', () => {
    const renamed = exportCollection({
      ...base,
      items: base.items.map((item) =>
        item.id === 'r-3' ? { ...item, name: 'Remove product' } : item,
      ),
    });
    const before = baseText.split('\n');
    const after = renamed.split('\n');
    expect(after.length).toBe(before.length);
    expect(after.filter((line, index) => line !== before[index])).toEqual([
      '        "name": "Remove product",',
    ]);
  });
});

describe('round trip', () => {
  it('keeps assertions and answer variables, and writes nothing for a request without them', () => {
    const checked = request('r-1', {
      assertions: [
        { expression: 'res.status', operator: 'eq', value: '200', enabled: true },
        { expression: 'res.body.items[0].id', operator: 'isDefined', value: '', enabled: false },
      ],
      answerVariables: [{ name: 'orderId', expression: 'res.body.id', enabled: true }],
    });
    const collection = { ...base, items: [checked] };
    const text = exportCollection(collection);
    expect(importCollection(text)).toEqual({ ok: true, value: collection });
    expect(text).toContain('"operator": "isDefined"');
    // A file written before checks existed reads as it did and is written back unchanged.
    expect(baseText).not.toContain('assertions');
    const older = importCollection(baseText);
    expect(older.ok && 'assertions' in (older.value.items[0] as SavedRequest)).toBe(false);
    if (older.ok) expect(exportCollection(older.value)).toBe(baseText);
  });

  it('imports an exported collection as it was, and exports it again to the same text', () => {
    for (let seed = 1; seed <= 300; seed += 1) {
      const collection = sampleCollection(seed);
      const text = exportCollection(collection);
      const imported = importCollection(text);
      expect(imported).toEqual({ ok: true, value: collection });
      if (imported.ok) expect(exportCollection(imported.value)).toBe(text);
    }
  });

  it('keeps awkward text exactly: quotes, newlines, control characters, emoji, lone surrogates', () => {
    const odd = 'a"b\\c\nd\u0000e\u2028f😀g\uD800h</script>';
    const collection: Collection = {
      ...base,
      name: odd,
      variables: [{ name: odd, value: odd }],
      items: [
        request('r-1', { name: odd, path: odd, body: odd, headers: [{ name: odd, value: '' }] }),
      ],
    };
    const imported = importCollection(exportCollection(collection));
    expect(imported).toEqual({ ok: true, value: collection });
  });

  it('reads a file written with other spacing or key order, and writes it the standard way', () => {
    const compact = JSON.stringify(shuffleKeys(JSON.parse(baseText), seededRandom(3)));
    const imported = importCollection(compact);
    expect(imported).toEqual({ ok: true, value: base });
    if (imported.ok) expect(exportCollection(imported.value)).toBe(baseText);
  });

  it('accepts a file that starts with a byte order mark, and one without $schema', () => {
    expect(importCollection(`\uFEFF${baseText}`)).toEqual({ ok: true, value: base });
    expect(importCollection(editedFile((file) => delete file.$schema))).toEqual({
      ok: true,
      value: base,
    });
  });

  it(`accepts folders ${MAX_FOLDER_DEPTH} levels deep`, () => {
    const deep = { ...base, items: nestedFolders(MAX_FOLDER_DEPTH) };
    expect(importCollection(exportCollection(deep))).toEqual({ ok: true, value: deep });
  });
});

describe('importCollection refuses a bad file, saying what is wrong', () => {
  it('refuses text that is not JSON, with the line and column', () => {
    const broken = baseText.replace('"name": "Orders",', '"name": "Orders"');
    const lines = broken.split('\n');
    const next = lines.findIndex((text) => text.includes('"name": "Orders"')) + 1;
    const column = (lines[next] ?? '').indexOf('"items"') + 1;
    expect(refusal(importCollection(broken)).message).toBe(
      `The file is not valid JSON (line ${next + 1}, column ${column}: expected ',' or '}').`,
    );
    expect(refusal(importCollection('{\n  "format": tru\n}')).message).toContain(
      'line 2, column 13',
    );
    expect(refusal(importCollection('{"a": 1')).message).toContain('the file ends too early');
  });

  it('refuses an empty file', () => {
    expect(refusal(importCollection('')).message).toBe('The file is empty.');
    expect(refusal(importCollection(' \n ')).message).toBe('The file is empty.');
  });

  it(`refuses a file over ${MAX_FILE_BYTES / 1024 / 1024} MB, counted in UTF-8 bytes`, () => {
    const padding = ' '.repeat(MAX_FILE_BYTES - baseText.length + 1);
    expect(refusal(importCollection(baseText + padding)).message).toMatch(/larger than the 32 MB/);
    expect(importCollection(baseText + padding.slice(1))).toEqual({ ok: true, value: base });
    const wide = exportCollection({
      ...base,
      items: [request('r-1', { body: 'é'.repeat(MAX_FILE_BYTES / 2) })],
    });
    expect(wide.length).toBeLessThan(MAX_FILE_BYTES);
    expect(refusal(importCollection(wide)).message).toMatch(/larger than the 32 MB/);
    expect(refusal(importCollection('x'.repeat(MAX_FILE_BYTES * 4))).message).toMatch(
      /larger than the 32 MB/,
    );
  });

  it.each([
    ['__proto__', '$', '{"__proto__": {"polluted": true}, "format": "x"}'],
    [
      '__proto__',
      'collection.items[0]',
      baseText.replace('"kind": "request"', '"__proto__": {"polluted": true}, "kind": "request"'),
    ],
    [
      'constructor',
      'collection',
      baseText.replace('"id": "col-1"', '"constructor": {"prototype": {}}, "id": "col-1"'),
    ],
    [
      'prototype',
      'collection.auth',
      baseText.replace('"method": "oauthBasic"', '"prototype": 1, "method": "oauthBasic"'),
    ],
  ])('refuses a %s key, naming it and where it is (%s)', (key, where, text) => {
    const error = refusal(importCollection(text));
    expect(error.message).toContain(`the key "${key}"`);
    expect(error.message).toContain(where === '$' ? 'the top level' : `at ${where};`);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses 10 000-deep nesting of objects and of arrays without overflowing the stack', () => {
    const objects = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const arrays = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const inFile = baseText.replace(
      '"body": ""',
      `"body": ${'['.repeat(10_000)}${']'.repeat(10_000)}`,
    );
    for (const text of [objects, arrays, inFile]) {
      expect(refusal(importCollection(text)).message).toMatch(/nested more than 32 levels deep/);
    }
  });

  it.each([
    ['an array', '[]'],
    ['a string', '"collection"'],
    ['null', 'null'],
  ])('refuses JSON that is %s', (_, text) => {
    expect(refusal(importCollection(text)).message).toMatch(/not an object/);
  });

  it('refuses a file of another format, and says when it is a Postman collection', () => {
    expect(
      refusal(importCollection(editedFile((file) => (file.format = 'something-else')))).message,
    ).toMatch(/not a Partner API DevTools collection file/);
    const postman = JSON.stringify({
      info: {
        name: 'x',
        schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
      },
      item: [],
    });
    const error = refusal(importCollection(postman));
    expect(error.message).toMatch(/Postman collection/);
    expect(error.hint).toMatch(/Import from Postman/);
  });

  it('refuses a newer version and asks to update the extension', () => {
    const error = refusal(importCollection(editedFile((file) => (file.version = 2))));
    expect(error.message).toMatch(/made by a newer version of Partner API DevTools/);
    expect(error.hint).toMatch(/^Update the extension/);
  });

  it.each([[0], ['1'], [1.5], [null]])('refuses the unknown version %j', (version) => {
    const error = refusal(importCollection(editedFile((file) => (file.version = version))));
    expect(error.message).toMatch(/unknown format version/);
  });

  it('refuses a missing version', () => {
    expect(refusal(importCollection(editedFile((file) => delete file.version))).message).toMatch(
      /unknown format version \(none\)/,
    );
  });

  it('refuses an unknown field, naming its path (a misspelt field first)', () => {
    const misspelt = editedFile((file) => {
      const item = file.collection.items[2];
      item.hedaers = item.headers;
      delete item.headers;
    });
    expect(refusal(importCollection(misspelt)).message).toMatch(
      /^Unknown field at collection\.items\[2\]\.hedaers: this format has no such field\. \(And 1 more problem\.\)$/,
    );
    const nested = editedFile((file) => (file.collection.items[1].items[0].query[0].note = 'x'));
    expect(refusal(importCollection(nested)).message).toContain(
      'collection.items[1].items[0].query[0].note',
    );
    expect(refusal(importCollection(editedFile((file) => (file.extra = 1)))).message).toContain(
      'Unknown field at "extra"',
    );
    expect(
      refusal(importCollection(editedFile((file) => (file.collection['odd key'] = 1)))).message,
    ).toContain('collection["odd key"]');
  });

  it.each([
    [
      'a missing field',
      (f: Loose) => delete f.collection.items[0].body,
      'Missing field at collection.items[0].body.',
    ],
    ['a missing collection', (f: Loose) => delete f.collection, 'Missing field at collection.'],
    [
      'an unknown method',
      (f: Loose) => (f.collection.items[0].method = 'FETCH'),
      'collection.items[0].method must be one of "GET", "POST"',
    ],
    [
      'an unknown auth method',
      (f: Loose) => (f.collection.auth.method = 'magic'),
      'collection.auth.method must be one of "apiKey"',
    ],
    [
      'an unknown kind',
      (f: Loose) => (f.collection.items[1].kind = 'fold'),
      'collection.items[1].kind must be one of "request", "folder", not "fold"',
    ],
    [
      'a number for a name',
      (f: Loose) => (f.collection.name = 3),
      'collection.name must be text, not 3',
    ],
    [
      'an empty name',
      (f: Loose) => (f.collection.name = ''),
      'collection.name is 0 characters long; it must be at least 1',
    ],
    [
      'an over-long name',
      (f: Loose) => (f.collection.items[0].name = 'n'.repeat(201)),
      'collection.items[0].name is 201 characters long; it must be at most 200',
    ],
    [
      'an over-long header',
      (f: Loose) => (f.collection.items[0].headers[0].value = 'v'.repeat(2049)),
      'collection.items[0].headers[0].value is 2049 characters long',
    ],
    [
      'too many headers',
      (f: Loose) => (f.collection.items[0].headers = Array(201).fill({ name: 'a', value: 'b' })),
      'collection.items[0].headers has 201 entries; the limit is 200',
    ],
    [
      'a bad id',
      (f: Loose) => (f.collection.items[0].id = 'has space'),
      'collection.items[0].id is not a valid id',
    ],
    [
      'a list for an object',
      (f: Loose) => (f.collection.auth = []),
      'Missing field at collection.auth.method',
    ],
    [
      'a string for a boolean',
      (f: Loose) => (f.collection.auth.formEncodeCredentials = 'yes'),
      'must be true or false, not "yes"',
    ],
    ['a $schema that is not text', (f: Loose) => (f.$schema = 5), '$schema must be a short text'],
  ])('refuses %s', (_, edit, message) => {
    expect(refusal(importCollection(editedFile(edit))).message).toContain(message);
  });

  it('refuses an id used twice, naming both places', () => {
    const text = editedFile((file) => (file.collection.items[1].items[0].id = 'r-1'));
    expect(refusal(importCollection(text)).message).toBe(
      'The id "r-1" is used twice: at collection.items[0] and at collection.items[1].items[0].',
    );
    const sameAsCollection = editedFile((file) => (file.collection.items[0].id = 'col-1'));
    expect(refusal(importCollection(sameAsCollection)).message).toContain('at collection.id and');
  });

  it(`refuses folders nested more than ${MAX_FOLDER_DEPTH} levels deep`, () => {
    const text = exportCollection({ ...base, items: nestedFolders(MAX_FOLDER_DEPTH + 1) });
    expect(refusal(importCollection(text)).message).toMatch(
      /^Folders are nested more than 8 levels deep at collection(\.items\[0\]){9}\.$/,
    );
  });

  it(`refuses more than ${MAX_ITEMS} requests and folders, and accepts ${MAX_ITEMS}`, () => {
    const many = (count: number): Collection => ({
      ...base,
      items: Array.from({ length: count }, (_, index) =>
        request(`r${index}`, { query: [], headers: [] }),
      ),
    });
    expect(importCollection(exportCollection(many(MAX_ITEMS))).ok).toBe(true);
    expect(refusal(importCollection(exportCollection(many(MAX_ITEMS + 1)))).message).toBe(
      `The collection holds more than ${MAX_ITEMS} requests and folders.`,
    );
  });

  it('never throws, whatever the text (fuzzed by cutting and corrupting exported files)', () => {
    const random = seededRandom(11);
    for (let round = 0; round < 300; round += 1) {
      const text = exportCollection(sampleCollection(round));
      const at = Math.floor(random() * text.length);
      const cut = text.slice(0, at);
      const corrupted =
        text.slice(0, at) + String.fromCharCode(Math.floor(random() * 128)) + text.slice(at + 1);
      for (const candidate of [cut, corrupted]) {
        const result = importCollection(candidate);
        if (!result.ok) expect(result.error.message.length).toBeGreaterThan(10);
      }
    }
  });
});
