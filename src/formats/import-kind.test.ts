/**
 * detectImportKind: each kind of file a user may pick, built from the shape of that format
 * (OpenAPI 3.x and Swagger 2.0 in JSON and YAML, HAR, Postman with and without info, our own
 * format), the signs it must not be fooled by (keys nested or inside strings, key order), and a
 * property test: any text gives a kind without throwing, and the scanner finds a top-level key
 * wherever it sits among random siblings.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportCollection } from '../collections/native-format';
import { sampleCollection } from '../testing/fixtures/collections/collection-samples';
import { NUM_RUNS } from '../testing/property-checks';
import { describeKind, detectImportKind, type ImportKind } from './import-kind';
import { exportPostman } from './postman/postman-export';

const kind = (text: string) => detectImportKind(text);

const OPENAPI_JSON = JSON.stringify(
  {
    openapi: '3.0.3',
    info: { title: 'Orders', version: '1.4.0', description: 'Has "quotes" and {braces}.' },
    servers: [{ url: 'https://api.example.com/v1' }],
    paths: { '/orders': { get: { responses: { 200: { description: 'OK' } } } } },
  },
  null,
  2,
);

const OPENAPI_YAML = `# Orders API, generated
---
info:
  title: Orders
  version: 1.4.0
openapi: "3.1.0"
paths:
  /orders:
    get:
      responses:
        '200':
          description: OK
`;

const SWAGGER_YAML = `swagger: '2.0'
info:
  title: Legacy
  version: '1'
basePath: /v1
`;

const HAR = JSON.stringify({
  log: {
    version: '1.2',
    creator: { name: 'WebInspector', version: '537.36' },
    pages: [],
    entries: [{ request: { method: 'GET', url: 'https://api.example.com/v1/orders' } }],
  },
});

describe('detectImportKind: formats told by their top-level keys', () => {
  it('tells our native format, including a file broken after its format field', () => {
    const native = exportCollection(sampleCollection(7));
    expect(kind(native)).toEqual({ kind: 'native' });
    expect(kind(native.slice(0, 200))).toEqual({ kind: 'native' });
  });

  it('tells Postman v2.0 and v2.1 by schema, a v2 shape without info, and other Postman files', () => {
    expect(kind(exportPostman(sampleCollection(3)))).toEqual({ kind: 'postman', variant: 'v2.1' });
    const v20 =
      '{"info":{"name":"x","description":"a \\"}\\" b","schema":"https://schema.getpostman.com/json/collection/v2.0.0/collection.json"},"item":[]}';
    expect(kind(v20)).toEqual({ kind: 'postman', variant: 'v2.0' });
    expect(kind('{"variable":[],"item":[{"request":"https://x/v1/a"}]}')).toEqual({
      kind: 'postman',
      variant: 'v2-by-shape',
    });
    expect(kind('{"name":"n","items":[]}')).toEqual({ kind: 'postman', variant: 'v2-by-shape' });
    for (const other of [
      '{"id":"1","name":"old","order":[],"requests":[]}',
      '{"name":"env","values":[],"_postman_variable_scope":"environment"}',
      '{"info":{"schema":"https://schema.getpostman.com/json/collection/v3.0.0/"}}',
    ]) {
      expect(kind(other), other).toEqual({ kind: 'postman', variant: 'other' });
    }
  });

  it('tells OpenAPI and Swagger in JSON and YAML, wherever the version key sits', () => {
    expect(kind(OPENAPI_JSON)).toEqual({ kind: 'openapi', version: '3.0.3', syntax: 'json' });
    const late = JSON.stringify({ info: { title: 'x' }, paths: { '/a': {} }, openapi: '3.1.0' });
    expect(kind(late)).toEqual({ kind: 'openapi', version: '3.1.0', syntax: 'json' });
    expect(kind(OPENAPI_YAML)).toEqual({ kind: 'openapi', version: '3.1.0', syntax: 'yaml' });
    expect(kind('{"swagger":"2.0","info":{},"paths":{}}')).toEqual({
      kind: 'swagger',
      version: '2.0',
      syntax: 'json',
    });
    expect(kind(SWAGGER_YAML)).toEqual({ kind: 'swagger', version: '2.0', syntax: 'yaml' });
  });

  it('tells a HAR file', () => {
    expect(kind(HAR)).toEqual({ kind: 'har', version: '1.2' });
  });

  it('is not fooled by the same keys nested, or inside strings', () => {
    expect(kind('{"spec":{"openapi":"3.0.0"},"note":"\\"openapi\\": \\"3.0\\""}')).toEqual({
      kind: 'json',
    });
    expect(kind('{"data":{"log":{"entries":[]}}}')).toEqual({ kind: 'json' });
    expect(kind('  openapi_version: 3\nname: x\n')).toEqual({ kind: 'yaml' });
  });

  it('tells other YAML, other JSON, plain text, a curl command, binary and empty files', () => {
    expect(kind('services:\n  web:\n    image: nginx\n')).toEqual({ kind: 'yaml' });
    expect(kind('- name: a\n- name: b\n')).toEqual({ kind: 'yaml' });
    expect(kind('{"name": "x", "values": [1, 2]}')).toEqual({ kind: 'json' });
    expect(kind('[1, 2, 3]')).toEqual({ kind: 'json' });
    expect(kind('{"info": {"name": "cut here')).toEqual({ kind: 'json' });
    expect(kind('not json')).toEqual({ kind: 'text' });
    expect(kind("# from the docs\ncurl -H 'Accept: */*' https://api.example.com/v1/x")).toEqual({
      kind: 'curl',
    });
    expect(kind('\uFFFDPNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR')).toEqual({ kind: 'binary' });
    // UTF-16 text read as UTF-8: a NUL after every ASCII character.
    expect(kind('{\u0000"\u0000i\u0000t\u0000e\u0000m\u0000"\u0000')).toEqual({ kind: 'binary' });
    expect(kind(' \n\t ')).toEqual({ kind: 'empty' });
    expect(kind('\uFEFF{"openapi":"3.0.0"}')).toMatchObject({ kind: 'openapi' });
  });

  it('names each kind for a message', () => {
    const named: [ImportKind, string][] = [
      [
        { kind: 'openapi', version: '3.0.3', syntax: 'yaml' },
        'an OpenAPI 3.0.3 description (YAML)',
      ],
      [{ kind: 'swagger', version: '2.0', syntax: 'json' }, 'a Swagger 2.0 description (JSON)'],
      [{ kind: 'har', version: '1.2' }, "a HAR file (a browser's network log, HAR 1.2)"],
      [{ kind: 'har', version: null }, "a HAR file (a browser's network log)"],
      [{ kind: 'yaml' }, 'a YAML file'],
    ];
    for (const [value, text] of named) expect(describeKind(value)).toBe(text);
  });
});

describe('detectImportKind, property-based', () => {
  const sibling = fc.tuple(
    fc
      .string({ maxLength: 8 })
      .filter(
        (key) =>
          ![
            'openapi',
            'swagger',
            'format',
            'log',
            'info',
            'item',
            'items',
            'requests',
            '_postman_variable_scope',
          ].includes(key),
      ),
    fc.jsonValue({ maxDepth: 3 }),
  );

  it('finds a top-level openapi key among any siblings, compact or indented', () => {
    fc.assert(
      fc.property(
        fc.array(sibling, { maxLength: 6 }),
        fc.nat(),
        fc.constantFrom('3.0.0', '3.1.0', '3.0.3'),
        fc.boolean(),
        (siblings, at, version, pretty) => {
          const entries: [string, unknown][] = [...siblings];
          entries.splice(at % (entries.length + 1), 0, ['openapi', version]);
          const text = JSON.stringify(Object.fromEntries(entries), null, pretty ? 2 : undefined);
          const seen = Object.fromEntries(entries).openapi === version;
          if (seen) expect(kind(text)).toEqual({ kind: 'openapi', version, syntax: 'json' });
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });

  it('answers any text with a kind, without throwing', () => {
    const kinds = [
      'empty',
      'binary',
      'native',
      'postman',
      'openapi',
      'swagger',
      'har',
      'curl',
      'yaml',
      'json',
      'text',
    ];
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.json(), fc.string({ unit: 'binary', maxLength: 200 })),
        (text) => {
          expect(kinds).toContain(kind(text).kind);
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });
});
