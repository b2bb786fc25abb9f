/**
 * One v3 file (a request, or a collection's or folder's `definition.yaml`) in the shape of a v2.1
 * collection entry, so that the v2.1 import reads it and its summary lists what does not come
 * along, with the same words for both formats. The v3 spellings are all accepted: rows as a map or
 * a list of `{key, value, disabled?}`, `auth` as an object or the list `migrate` writes, its
 * credentials as a map or a list. When `url` and `queryParams` both hold a query, `queryParams`
 * is what Postman sends, so it is what is read. Input is parsed YAML that passed
 * `findUnsafeShape`; every read is checked and none throws.
 */
import { isObject, type JsonObject, textOf } from '../importing/untrusted-json';
import {
  SCRIPT_AFTER,
  SCRIPT_BEFORE,
  SCRIPT_HTTP_AFTER,
  SCRIPT_HTTP_BEFORE,
} from './postman-v3-format';

/** Rows read from one list or map: a bound for a hostile file (the import keeps far fewer). */
const MAX_ROWS_READ = 5_000;

/** `{key, value, disabled?, description?}` rows from a map or a list of rows. */
export function rowList(value: unknown): JsonObject[] {
  if (Array.isArray(value)) {
    return value
      .slice(0, MAX_ROWS_READ)
      .filter(isObject)
      .map((row) => ({
        key: textOf(row.key) ?? '',
        value: textOf(row.value) ?? '',
        disabled: row.disabled === true || row.enabled === false,
        description: row.description,
      }));
  }
  if (!isObject(value)) return [];
  return Object.entries(value)
    .slice(0, MAX_ROWS_READ)
    .map(([key, row]) => ({ key, value: textOf(row) ?? '' }));
}

/** v3 auth (an object, or a list whose first entry counts) as v2.1's `{type, [type]: rows}`. */
export function authOf(value: unknown): JsonObject | undefined {
  const auth = Array.isArray(value) ? value[0] : value;
  if (!isObject(auth)) return undefined;
  const type = textOf(auth.type) ?? '';
  if (type === '') return undefined;
  return { type, [type]: rowList(auth.credentials) };
}

const LISTEN: Readonly<Record<string, string>> = {
  [SCRIPT_BEFORE]: 'prerequest',
  [SCRIPT_HTTP_BEFORE]: 'prerequest',
  [SCRIPT_AFTER]: 'test',
  [SCRIPT_HTTP_AFTER]: 'test',
};

/** v3 scripts as v2.1 events; a script of another type keeps its type, and is reported. */
export function eventsOf(value: unknown): JsonObject[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter(isObject).map((script) => {
    const type = textOf(script.type) ?? '';
    const code = textOf(script.code) ?? '';
    return {
      listen: Object.hasOwn(LISTEN, type) ? LISTEN[type] : type,
      script: { exec: code.split('\n') },
    };
  });
}

/** The v2.1 body of a v3 `body: {type, content}`. */
function bodyOf(value: unknown): JsonObject | undefined {
  if (!isObject(value)) return undefined;
  const type = textOf(value.type) ?? '';
  const { content } = value;
  switch (type) {
    case '':
    case 'none':
      return undefined;
    case 'json':
    case 'text':
    case 'xml':
    case 'html':
    case 'javascript':
      return { mode: 'raw', raw: textOf(content) ?? '', options: { raw: { language: type } } };
    case 'urlencoded':
    case 'formdata':
      return { mode: type, [type]: rowList(content) };
    case 'graphql':
      return { mode: 'graphql', graphql: isObject(content) ? content : { query: content } };
    default:
      return { mode: type };
  }
}

/** The url a request sends: its own query replaced by `queryParams` when that is given. */
function urlOf(data: JsonObject): unknown {
  const raw = textOf(data.url) ?? '';
  const variables = rowList(data.pathVariables);
  if (data.queryParams === undefined && variables.length === 0) return raw;
  return {
    raw,
    ...(data.queryParams === undefined ? {} : { query: rowList(data.queryParams) }),
    ...(variables.length === 0 ? {} : { variable: variables }),
  };
}

/** The contract headers exactly as the export writes them: the profile sets them again. */
function isOwnHeader(row: JsonObject): boolean {
  const key = String(row.key).toLowerCase();
  return (
    (key === 'content-type' && row.value === 'application/json') ||
    (key === 'companyid' && row.value === '{{companyId}}')
  );
}

/** A request file as a v2.1 item. `hasExamples`: example files were found beside it. */
export function requestEntry(
  data: JsonObject,
  fallbackName: string,
  hasExamples: boolean,
): JsonObject {
  const request: JsonObject = {
    method: textOf(data.method) ?? 'GET',
    url: urlOf(data),
    header: rowList(data.headers).filter((row) => !isOwnHeader(row)),
  };
  const body = bodyOf(data.body);
  if (body !== undefined) request.body = body;
  const auth = authOf(data.auth);
  if (auth !== undefined) request.auth = auth;
  if (data.description !== undefined) request.description = data.description;
  const entry: JsonObject = { name: data.name ?? fallbackName, request };
  const events = eventsOf(data.scripts);
  if (events !== undefined) entry.event = events;
  if (hasExamples || data.examples !== undefined) entry.response = [{}];
  if (data.settings !== undefined) entry.protocolProfileBehavior = {};
  return entry;
}

/** A folder's definition as the parts of a v2.1 folder entry (its items are added by the caller). */
export function folderEntry(data: JsonObject | null, fallbackName: string): JsonObject {
  const entry: JsonObject = { name: data?.name ?? fallbackName };
  if (data === null) return entry;
  const auth = authOf(data.auth);
  if (auth !== undefined) entry.auth = auth;
  const events = eventsOf(data.scripts);
  if (events !== undefined) entry.event = events;
  if (data.description !== undefined) entry.description = data.description;
  const variables = rowList(data.variables);
  if (variables.length > 0) entry.variable = variables;
  return entry;
}
