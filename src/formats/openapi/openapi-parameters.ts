/**
 * The parameters of one operation (its path item's, overridden by its own of the same name and
 * place) into the rows of a saved request: path parameters become `{{variables}}` whose example or
 * default goes into the collection's variables; query and header parameters become rows when they
 * are required or have an example or default (an optional one without a value would be sent
 * empty, changing the call). Reported, never silently dropped: headers the profile sets, rows that
 * look like secrets, cookies, form fields, parameters in other files.
 * Swagger 2.0's `in: body` parameter is handed back for the body reader.
 */

import { MAX_ROWS, MAX_TEXT } from '../../collections/collection-schema';
import { findSecretInRow } from '../../redaction/secret-patterns';
import { checkUserHeader } from '../../service/wire/headers';
import { fail, ok, type Result } from '../../vocabulary/errors';
import type { NameValue } from '../../vocabulary/terms';
import { type ImportNotes, quoteName } from '../importing/import-notes';
import { isObject, type JsonObject } from '../importing/untrusted-json';
import { parameterValue, valueTexts } from './openapi-parameter-values';
import { pointerTo, shownPointer } from './openapi-pointer';

export interface Located {
  value: JsonObject;
  /** The JSON pointer where it was found (its `$ref` site when it came through one). */
  at: string;
}

export interface OperationParameters {
  /** Path parameter values by the name in the path template; '' when the document gives none. */
  pathValues: Map<string, string>;
  query: NameValue[];
  headers: NameValue[];
  /** Swagger 2.0 only: the `in: body` parameter. */
  body: Located | null;
  /** Swagger 2.0 only: the operation has form fields (`in: formData`). */
  formData: boolean;
}

const NOTE = {
  external: 'Parameters defined in other files were not imported',
  optional: 'Optional query and header parameters without an example or default were left out',
  contract:
    'Headers that the profile sets were removed (Content-Type, companyId, x-apikey, Authorization)',
  badHeader: 'Header parameters whose name or example HTTP cannot carry were not imported',
  secret: 'Query and header parameters whose example looks like a secret were not imported',
  cookie: 'Cookie parameters were not imported',
  unknownPlace: 'Parameters with an unknown "in" were not imported',
  long: `Parameters whose example is longer than ${MAX_TEXT} characters were not imported`,
  manyRows: `Only the first ${MAX_ROWS} query parameters and headers of an operation were imported`,
} as const;

const CONTRACT = new Set(['content-type', 'companyid', 'x-apikey', 'authorization']);

function brokenReference(ref: string, at: string): Result<never> {
  return fail(
    'bad_message',
    `The $ref ${JSON.stringify(ref.slice(0, 200))} at ${shownPointer(at)} does not point to a parameter in this document.`,
    'Fix the $ref (a misspelt name is the usual cause), or export the document again.',
  );
}

/** A parameter list: every entry an object with a name and a place, or the document is broken. */
function readList(list: unknown, at: string, where: string, notes: ImportNotes): Result<Located[]> {
  if (list === undefined) return ok([]);
  if (!Array.isArray(list)) {
    return fail(
      'bad_message',
      `The parameters at ${shownPointer(at)} are not a list.`,
      'An OpenAPI "parameters" field is a list of parameter objects.',
    );
  }
  const found: Located[] = [];
  for (const [index, entry] of list.entries()) {
    const entryAt = pointerTo(at, index);
    if (isObject(entry) && typeof entry.$ref === 'string') {
      if (entry.$ref.startsWith('#')) return brokenReference(entry.$ref, entryAt);
      notes.add(NOTE.external, `${where} (${quoteName(entry.$ref)})`);
      continue;
    }
    if (!isObject(entry) || typeof entry.name !== 'string' || typeof entry.in !== 'string') {
      return fail(
        'bad_message',
        `The parameter at ${shownPointer(entryAt)} has no "name" or no "in".`,
        'Every parameter names itself ("name") and where it goes ("in": path, query, header or cookie).',
      );
    }
    found.push({ value: entry, at: entryAt });
  }
  return ok(found);
}

/** The path item's parameters, replaced by the operation's own of the same name and place. */
export function mergeParameters(
  pathItem: Located,
  operation: Located,
  where: string,
  notes: ImportNotes,
): Result<Located[]> {
  const shared = readList(
    pathItem.value.parameters,
    pointerTo(pathItem.at, 'parameters'),
    where,
    notes,
  );
  if (!shared.ok) return shared;
  const own = readList(
    operation.value.parameters,
    pointerTo(operation.at, 'parameters'),
    where,
    notes,
  );
  if (!own.ok) return own;
  const key = (parameter: Located) => `${parameter.value.in}\n${parameter.value.name}`;
  const overridden = new Set(own.value.map(key));
  return ok([...shared.value.filter((parameter) => !overridden.has(key(parameter))), ...own.value]);
}

function readRow(parameter: JsonObject, where: string, notes: ImportNotes): NameValue[] {
  const name = parameter.name as string;
  const shown = `${where} (${quoteName(name)})`;
  const found = parameterValue(parameter);
  if (!found.given && parameter.required !== true) {
    notes.add(NOTE.optional, shown);
    return [];
  }
  const isHeader = parameter.in === 'header';
  if (isHeader && CONTRACT.has(name.trim().toLowerCase())) {
    notes.add(NOTE.contract, quoteName(name));
    return [];
  }
  const texts = valueTexts(parameter, found.value);
  if (texts === null || name.length > MAX_TEXT) {
    notes.add(NOTE.long, shown);
    return [];
  }
  const rows: NameValue[] = [];
  for (const value of texts) {
    if (value.length > MAX_TEXT) {
      notes.add(NOTE.long, shown);
      return [];
    }
    if (findSecretInRow(name, value, []) !== null) {
      notes.add(NOTE.secret, shown);
      return [];
    }
    if (isHeader && !checkUserHeader({ name, value }).ok) {
      notes.add(NOTE.badHeader, shown);
      return [];
    }
    rows.push({ name: isHeader ? name.trim() : name, value });
  }
  return rows;
}

export function readParameters(
  parameters: readonly Located[],
  where: string,
  notes: ImportNotes,
): OperationParameters {
  const result: OperationParameters = {
    pathValues: new Map(),
    query: [],
    headers: [],
    body: null,
    formData: false,
  };
  for (const parameter of parameters) {
    const { value } = parameter;
    const name = value.name as string;
    switch (value.in) {
      case 'path': {
        const found = parameterValue(value);
        const [first = ''] = valueTexts(value, found.value) ?? [];
        result.pathValues.set(name, first.length > MAX_TEXT ? '' : first);
        break;
      }
      case 'query':
        result.query.push(...readRow(value, where, notes));
        break;
      case 'header':
        result.headers.push(...readRow(value, where, notes));
        break;
      case 'cookie':
        notes.add(NOTE.cookie, `${where} (${quoteName(name)})`);
        break;
      case 'body':
        result.body = parameter;
        break;
      case 'formData':
        result.formData = true;
        break;
      default:
        notes.add(
          NOTE.unknownPlace,
          `${where} (${quoteName(name)} in ${quoteName(String(value.in))})`,
        );
        break;
    }
  }
  if (result.query.length > MAX_ROWS || result.headers.length > MAX_ROWS) {
    notes.add(NOTE.manyRows, where);
    result.query = result.query.slice(0, MAX_ROWS);
    result.headers = result.headers.slice(0, MAX_ROWS);
  }
  return result;
}
