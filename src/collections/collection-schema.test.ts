/**
 * `collection.schema.json` (for editors and other tools) and the valibot schema (what the
 * extension runs) must say the same. Ajv runs the JSON Schema on the same valid and invalid files
 * the extension's import sees; the limits are compared number for number.
 */
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { sampleCollection } from '../testing/fixtures/collections/collection-samples';
import { AUTH_METHODS, HTTP_METHODS } from '../vocabulary/terms';
import {
  COLLECTION_AUTH_METHODS,
  COLLECTION_HTTP_METHODS,
  CollectionSchema,
  ID_PATTERN,
  MAX_BODY,
  MAX_CHECKS,
  MAX_EXPRESSION,
  MAX_NAME,
  MAX_RESPONSES,
  MAX_ROWS,
  MAX_SCHEMA_CHARS,
  MAX_TEXT,
  SavedRequestSchema,
  STATUS_KEY_PATTERN,
  VARIABLE_NAME_PATTERN,
  validateCollection,
} from './collection-schema';
import { ASSERTION_OPERATORS, SCHEMA_DIALECTS } from './model';
import { exportCollection, FORMAT, FORMAT_VERSION, importCollection } from './native-format';

// biome-ignore lint/suspicious/noExplicitAny: the tests reach into parsed JSON at any depth to break it
type JsonObject = Record<string, any>;

const schemaFile = JSON.parse(
  readFileSync(new URL('./collection.schema.json', import.meta.url), 'utf8'),
) as JsonObject;
const ajv = new Ajv2020({ allErrors: true, strict: true });
const validateFile = ajv.compile(schemaFile);
const defs = schemaFile.$defs as JsonObject;

const assertion = (fields: JsonObject): JsonObject => ({
  expression: 'res.status',
  operator: 'eq',
  value: '200',
  enabled: true,
  ...fields,
});
const variable = (fields: JsonObject): JsonObject => ({
  name: 'orderId',
  expression: 'res.body.id',
  enabled: true,
  ...fields,
});

const sampleFile = (seed: number): JsonObject =>
  JSON.parse(exportCollection(sampleCollection(seed))) as JsonObject;

/** Both validators' verdicts on one file: the JSON Schema's and the extension's import. */
function verdicts(file: unknown): { jsonSchema: boolean; extension: boolean } {
  return {
    jsonSchema: validateFile(file) === true,
    extension: importCollection(JSON.stringify(file)).ok,
  };
}

/** Every object schema in the file, wherever it sits. */
function objectSchemas(node: unknown, found: JsonObject[] = []): JsonObject[] {
  if (Array.isArray(node)) for (const item of node) objectSchemas(item, found);
  else if (node !== null && typeof node === 'object') {
    const schema = node as JsonObject;
    if (schema.type === 'object') found.push(schema);
    for (const value of Object.values(schema)) objectSchemas(value, found);
  }
  return found;
}

describe('collection.schema.json', () => {
  it('is a draft 2020-12 schema that Ajv compiles in strict mode', () => {
    expect(schemaFile.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(typeof validateFile).toBe('function');
  });

  it('refuses unknown fields in every object and requires every field', () => {
    const objects = objectSchemas(schemaFile);
    expect(objects.length).toBe(10);
    for (const schema of objects) {
      expect(schema.additionalProperties).toBe(false);
      // Checks are optional, so that files written before them stay valid.
      const optional =
        schema === schemaFile
          ? ['$schema']
          : schema === defs.request
            ? ['assertions', 'answerVariables', 'responseSchemas']
            : [];
      expect([...schema.required].sort()).toEqual(
        Object.keys(schema.properties)
          .filter((key) => !optional.includes(key))
          .sort(),
      );
    }
  });

  it('has the same enums, constants and limits as the extension', () => {
    expect(defs.request.properties.method.enum).toEqual([...HTTP_METHODS]);
    expect(defs.auth.properties.method.enum).toEqual([...AUTH_METHODS]);
    expect([...COLLECTION_HTTP_METHODS]).toEqual([...HTTP_METHODS]);
    expect([...COLLECTION_AUTH_METHODS]).toEqual([...AUTH_METHODS]);
    expect(schemaFile.properties.format.const).toBe(FORMAT);
    expect(schemaFile.properties.version.const).toBe(FORMAT_VERSION);
    expect(defs.id.pattern).toBe(ID_PATTERN.source);
    expect(defs.name).toMatchObject({ minLength: 1, maxLength: MAX_NAME });
    expect(defs.text.maxLength).toBe(MAX_TEXT);
    expect(defs.rows.maxItems).toBe(MAX_ROWS);
    expect(defs.request.properties.body.maxLength).toBe(MAX_BODY);
    expect(Object.keys(defs.collection.properties)).toEqual(Object.keys(CollectionSchema.entries));
    expect(Object.keys(defs.request.properties)).toEqual(Object.keys(SavedRequestSchema.entries));
    expect(defs.assertion.properties.operator.enum).toEqual([...ASSERTION_OPERATORS]);
    expect(defs.request.properties.assertions.maxItems).toBe(MAX_CHECKS);
    expect(defs.request.properties.answerVariables.maxItems).toBe(MAX_CHECKS);
    expect(defs.expression.maxLength).toBe(MAX_EXPRESSION);
    expect(defs.answerVariable.properties.name.pattern).toBe(VARIABLE_NAME_PATTERN.source);
    const responses = defs.responseSchemas.properties.responses;
    expect(defs.responseSchemas.properties.dialect.enum).toEqual([...SCHEMA_DIALECTS]);
    expect(responses.maxItems).toBe(MAX_RESPONSES);
    expect(responses.items.properties.status.pattern).toBe(STATUS_KEY_PATTERN.source);
    expect(responses.items.properties.schema.maxLength).toBe(MAX_SCHEMA_CHARS);
  });

  it('accepts every exported file, as the extension does', () => {
    for (let seed = 1; seed <= 100; seed += 1) {
      const file = sampleFile(seed);
      expect(validateFile(file), JSON.stringify(validateFile.errors)).toBe(true);
      expect(verdicts(file)).toEqual({ jsonSchema: true, extension: true });
    }
  });

  const base = (): JsonObject => {
    const file = sampleFile(1);
    file.collection.items = [
      {
        kind: 'request',
        id: 'r1',
        name: 'Get',
        method: 'GET',
        path: 'products',
        query: [{ name: 'q', value: '1' }],
        headers: [],
        body: '',
      },
      { kind: 'folder', id: 'f1', name: 'Folder', items: [] },
    ];
    return file;
  };

  const edits: [string, (file: JsonObject) => void][] = [
    ['no format', (f) => delete f.format],
    ['another format', (f) => (f.format = 'postman')],
    ['version 2', (f) => (f.version = 2)],
    ['version "1"', (f) => (f.version = '1')],
    ['an extra top-level field', (f) => (f.extra = true)],
    ['$schema not text', (f) => (f.$schema = 1)],
    ['no collection', (f) => delete f.collection],
    ['an extra collection field', (f) => (f.collection.hedaers = [])],
    ['an empty collection name', (f) => (f.collection.name = '')],
    ['a name of 201 characters', (f) => (f.collection.name = 'n'.repeat(201))],
    ['an id with a space', (f) => (f.collection.id = 'a b')],
    ['an id of 65 characters', (f) => (f.collection.id = 'a'.repeat(65))],
    ['an unknown auth method', (f) => (f.collection.auth.method = 'oauth')],
    ['formEncodeCredentials as text', (f) => (f.collection.auth.formEncodeCredentials = 'false')],
    ['an extra auth field', (f) => (f.collection.auth.secret = '')],
    ['a variable without value', (f) => (f.collection.variables = [{ name: 'a' }])],
    ['201 variables', (f) => (f.collection.variables = Array(201).fill({ name: 'a', value: '' }))],
    ['an unknown method', (f) => (f.collection.items[0].method = 'get')],
    ['an unknown kind', (f) => (f.collection.items[0].kind = 'call')],
    ['no kind', (f) => delete f.collection.items[0].kind],
    ['a request with items', (f) => (f.collection.items[0].items = [])],
    ['a folder with a method', (f) => (f.collection.items[1].method = 'GET')],
    [
      'a misspelt headers field',
      (f) => {
        f.collection.items[0].hedaers = [];
        delete f.collection.items[0].headers;
      },
    ],
    ['a path of 2049 characters', (f) => (f.collection.items[0].path = 'p'.repeat(2049))],
    ['a query row with an extra field', (f) => (f.collection.items[0].query[0].enabled = true)],
    ['a body that is an object', (f) => (f.collection.items[0].body = {})],
    ['a body over the limit', (f) => (f.collection.items[0].body = 'b'.repeat(MAX_BODY + 1))],
    ['a folder items field that is an object', (f) => (f.collection.items[1].items = {})],
    ['a bad item inside a folder', (f) => f.collection.items[1].items.push({ kind: 'request' })],
    ['a null item', (f) => f.collection.items.push(null)],
    ['assertions that are an object', (f) => (f.collection.items[0].assertions = {})],
    [
      'an assertion without enabled',
      (f) =>
        (f.collection.items[0].assertions = [
          { expression: 'res.status', operator: 'eq', value: '200' },
        ]),
    ],
    [
      'an unknown assertion operator',
      (f) => (f.collection.items[0].assertions = [assertion({ operator: 'equals' })]),
    ],
    [
      'an empty expression',
      (f) => (f.collection.items[0].assertions = [assertion({ expression: '' })]),
    ],
    [
      'an expression of 513 characters',
      (f) =>
        (f.collection.items[0].assertions = [
          assertion({ expression: `res.body.${'a'.repeat(504)}` }),
        ]),
    ],
    [
      'an assertion value of 2049 characters',
      (f) => (f.collection.items[0].assertions = [assertion({ value: 'v'.repeat(2049) })]),
    ],
    [
      'an assertion with an extra field',
      (f) => (f.collection.items[0].assertions = [assertion({ script: 'x' })]),
    ],
    ['101 assertions', (f) => (f.collection.items[0].assertions = Array(101).fill(assertion({})))],
    [
      'an answer variable named with a space',
      (f) => (f.collection.items[0].answerVariables = [variable({ name: 'order id' })]),
    ],
    [
      'an answer variable name of 65 characters',
      (f) => (f.collection.items[0].answerVariables = [variable({ name: 'v'.repeat(65) })]),
    ],
    [
      'an answer variable without expression',
      (f) => (f.collection.items[0].answerVariables = [{ name: 'a', enabled: true }]),
    ],
    ['checks on a folder', (f) => (f.collection.items[1].assertions = [])],
  ];

  it('is valid as built, for both', () => {
    expect(verdicts(base())).toEqual({ jsonSchema: true, extension: true });
  });

  it('accepts a request with assertions and answer variables, and one without (older files)', () => {
    const file = base();
    file.collection.items[0].assertions = [
      assertion({}),
      assertion({ operator: 'isDefined', value: '' }),
    ];
    file.collection.items[0].answerVariables = [variable({})];
    expect(verdicts(file)).toEqual({ jsonSchema: true, extension: true });
    file.collection.items[0].assertions = [];
    file.collection.items[0].answerVariables = [];
    expect(verdicts(file)).toEqual({ jsonSchema: true, extension: true });
    delete file.collection.items[0].assertions;
    delete file.collection.items[0].answerVariables;
    expect(verdicts(file)).toEqual({ jsonSchema: true, extension: true });
  });

  it('says which answer variable name is unusable, and why', () => {
    const file = base();
    file.collection.items[0].answerVariables = [variable({ name: '1st' })];
    const result = importCollection(JSON.stringify(file));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.message).toContain('collection.items[0].answerVariables[0].name');
      expect(result.error.message).toContain('not a usable variable name');
    }
  });

  it.each(edits)('refuses a file with %s, as the extension does', (_, edit) => {
    const file = base();
    edit(file);
    expect(verdicts(file)).toEqual({ jsonSchema: false, extension: false });
  });

  it('leaves to the extension only the limits JSON Schema cannot say: ids used twice', () => {
    const file = base();
    file.collection.items[1].id = 'r1';
    expect(verdicts(file)).toEqual({ jsonSchema: true, extension: false });
    expect(validateCollection(file.collection).ok).toBe(false);
    expect(v.is(CollectionSchema, file.collection)).toBe(true);
  });
});
