/**
 * The native collection file, the way to share a collection: one JSON file, written the same way
 * every time (fixed key order at every level, 2-space indent, trailing newline) so that a git diff
 * shows only what changed. Reading one checks everything before anything is used: size, JSON
 * syntax, prototype-polluting keys and hostile nesting, format and version, then the strict
 * schema and the limits; any refusal names the problem and where it is.
 * Invariant: importCollection(exportCollection(c)) deep-equals c for every valid c, and
 * exportCollection of an imported exported text gives back that text byte for byte.
 */

import { readJsonFile } from '../json-text/json-file';
import { fail, ok, type Result } from '../vocabulary/errors';
import type { NameValue } from '../vocabulary/terms';
import { validateCollection } from './collection-schema';
import type { AnswerVariable, Assertion, Collection, CollectionItem, SavedRequest } from './model';

export const FORMAT = 'partner-api-devtools.collection';
export const FORMAT_VERSION = 1;
/** Relative, so that an editor finds the schema when it is kept beside the shared files. */
export const SCHEMA_REF = './collection.schema.json';
export const MAX_FILE_BYTES = 32 * 1024 * 1024;

/** A JSON object whose keys are written in the order given, whatever order the input had. */
interface Ordered {
  readonly fields: readonly (readonly [string, JsonValue])[];
}
type JsonValue = string | number | boolean | null | readonly JsonValue[] | Ordered;

function render(value: JsonValue, indent: string): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const inner = `${indent}  `;
  const lines = Array.isArray(value)
    ? (value as readonly JsonValue[]).map((item) => inner + render(item, inner))
    : (value as Ordered).fields.map(
        ([key, item]) => `${inner}${JSON.stringify(key)}: ${render(item, inner)}`,
      );
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return lines.length === 0 ? open + close : `${open}\n${lines.join(',\n')}\n${indent}${close}`;
}

const rows = (list: readonly NameValue[]): JsonValue[] =>
  list.map((row) => ({
    fields: [
      ['name', row.name],
      ['value', row.value],
    ],
  }));

const assertionFields = (list: readonly Assertion[]): JsonValue[] =>
  list.map((assertion) => ({
    fields: [
      ['expression', assertion.expression],
      ['operator', assertion.operator],
      ['value', assertion.value],
      ['enabled', assertion.enabled],
    ],
  }));

const answerVariableFields = (list: readonly AnswerVariable[]): JsonValue[] =>
  list.map((variable) => ({
    fields: [
      ['name', variable.name],
      ['expression', variable.expression],
      ['enabled', variable.enabled],
    ],
  }));

function requestFields(request: SavedRequest): Ordered {
  const fields: [string, JsonValue][] = [
    ['kind', 'request'],
    ['id', request.id],
    ['name', request.name],
    ['method', request.method],
    ['path', request.path],
    ['query', rows(request.query)],
    ['headers', rows(request.headers)],
    ['body', request.body],
  ];
  // Written only when present, so that a file without checks reads as it always did.
  if (request.assertions !== undefined) {
    fields.push(['assertions', assertionFields(request.assertions)]);
  }
  if (request.answerVariables !== undefined) {
    fields.push(['answerVariables', answerVariableFields(request.answerVariables)]);
  }
  return { fields };
}

function itemFields(item: CollectionItem): Ordered {
  if (item.kind === 'request') return requestFields(item);
  return {
    fields: [
      ['kind', 'folder'],
      ['id', item.id],
      ['name', item.name],
      ['items', item.items.map(itemFields)],
    ],
  };
}

/** The file text for a collection: deterministic, pretty-printed, newline-terminated. */
export function exportCollection(collection: Collection): string {
  const file: Ordered = {
    fields: [
      ['$schema', SCHEMA_REF],
      ['format', FORMAT],
      ['version', FORMAT_VERSION],
      [
        'collection',
        {
          fields: [
            ['id', collection.id],
            ['name', collection.name],
            [
              'auth',
              {
                fields: [
                  ['method', collection.auth.method],
                  ['formEncodeCredentials', collection.auth.formEncodeCredentials],
                ],
              },
            ],
            ['variables', rows(collection.variables)],
            ['items', collection.items.map(itemFields)],
          ],
        },
      ],
    ],
  };
  return `${render(file, '')}\n`;
}

const REEXPORT = 'Export the collection again from Partner API DevTools, then import that file.';

const TOO_LARGE = {
  message: `The file is larger than the ${MAX_FILE_BYTES / 1024 / 1024} MB a collection file may have.`,
  hint: 'Split the collection into smaller ones, or check that you picked the right file.',
};

function isOversized(text: string): boolean {
  // A UTF-16 code unit is at least one UTF-8 byte: a long text is too big without encoding it.
  return text.length > MAX_FILE_BYTES || new TextEncoder().encode(text).length > MAX_FILE_BYTES;
}

function checkEnvelope(data: unknown): Result<Record<string, unknown>> {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    return fail(
      'bad_message',
      'The file holds no collection: its JSON is not an object.',
      `Pick a file made by Export collection. ${REEXPORT}`,
    );
  }
  const file = data as Record<string, unknown>;
  if (file.format !== FORMAT) {
    const info = file.info as Record<string, unknown> | undefined;
    const postman = typeof info?.schema === 'string' && info.schema.includes('getpostman.com');
    return fail(
      'bad_message',
      postman
        ? 'This is a Postman collection, not a Partner API DevTools collection file.'
        : `This is not a Partner API DevTools collection file: its "format" field is not "${FORMAT}".`,
      postman
        ? 'Use Import from Postman instead.'
        : 'Pick a file made by Export collection in Partner API DevTools.',
    );
  }
  const { version } = file;
  if (typeof version === 'number' && Number.isInteger(version) && version > FORMAT_VERSION) {
    return fail(
      'bad_message',
      `This file was made by a newer version of Partner API DevTools (format version ${version}; this one reads version ${FORMAT_VERSION}).`,
      'Update the extension, then import the file again.',
    );
  }
  if (version !== FORMAT_VERSION) {
    return fail(
      'bad_message',
      `The file has an unknown format version (${JSON.stringify(version)?.slice(0, 20) ?? 'none'}); this extension reads version ${FORMAT_VERSION}.`,
      REEXPORT,
    );
  }
  for (const key of Object.keys(file)) {
    if (key !== '$schema' && key !== 'format' && key !== 'version' && key !== 'collection') {
      return fail(
        'bad_message',
        `Unknown field at ${JSON.stringify(key.slice(0, 40))}: this format has no such field.`,
        REEXPORT,
      );
    }
  }
  if (
    file.$schema !== undefined &&
    (typeof file.$schema !== 'string' || file.$schema.length > 2_048)
  ) {
    return fail(
      'bad_message',
      '$schema must be a short text (the location of the schema).',
      REEXPORT,
    );
  }
  if (file.collection === undefined) {
    return fail('bad_message', 'Missing field at collection.', REEXPORT);
  }
  return ok(file);
}

/** Reads a collection file; on any refusal nothing has been changed and the error says why. */
export function importCollection(text: string): Result<Collection> {
  // Bytes, not only characters: the bound is on the file as saved.
  if (isOversized(text)) return fail('bad_message', TOO_LARGE.message, TOO_LARGE.hint);
  const parsed = readJsonFile(text, {
    maxChars: MAX_FILE_BYTES,
    tooLarge: TOO_LARGE,
    hints: {
      empty: 'Pick a file made by Export collection.',
      invalid: `Fix the file at that place, or pick the right file. ${REEXPORT}`,
      unsafe: REEXPORT,
    },
  });
  if (!parsed.ok) return parsed;
  const envelope = checkEnvelope(parsed.value);
  if (!envelope.ok) return envelope;
  return validateCollection(envelope.value.collection, ['collection']);
}
