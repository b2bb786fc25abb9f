/**
 * Reads the URL of a Postman request (a string, or the v2.0/v2.1 object with `host`, `path`,
 * `query` and `variable`) into what a saved request keeps: the path under `/v1/` and the query
 * rows. The host is not kept: every call goes to the profile's base URL, and a URL elsewhere is
 * reported. `{{variables}}` are kept as they are; no `new URL`, which would mangle them.
 */
import { AUTH_VARIABLES } from '../../collections/model';
import type { ImportNotes } from '../importing/import-notes';
import { quoteName, ROW_DESCRIPTIONS } from '../importing/import-notes';
import { isDescribed, isObject, type JsonObject, textOf } from '../importing/untrusted-json';

export interface QueryEntry {
  key: string;
  value: string;
  disabled: boolean;
  /** The row has a description, which a saved request has no place for. */
  described: boolean;
}

export interface ReadUrl {
  path: string;
  query: QueryEntry[];
}

interface UrlParts {
  host: string;
  segments: string[];
  query: QueryEntry[];
  variables: JsonObject[];
}

const NOTE = {
  otherHost: 'Requests that pointed at another host now use the profile’s base URL',
  prefix: 'The part of the path before /v1 was dropped (the profile’s base URL supplies it)',
  outsideV1: 'URLs without a /v1/ segment kept their path, which is now sent under /v1/',
  pathVariable: 'Postman path variables (:name) were replaced by their values or by {{name}}',
} as const;

const BASE_URL_HOST = `{{${AUTH_VARIABLES.baseUrl}}}`;
const VARIABLE_ONLY = /^\{\{\s*([^{}]+?)\s*\}\}$/;

function parseQueryText(search: string): QueryEntry[] {
  const entries: QueryEntry[] = [];
  for (const pair of search.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    entries.push({
      key: equals < 0 ? pair : pair.slice(0, equals),
      value: equals < 0 ? '' : pair.slice(equals + 1),
      disabled: false,
      described: false,
    });
  }
  return entries;
}

function parseRaw(raw: string): UrlParts {
  const hash = raw.indexOf('#');
  const withoutHash = hash < 0 ? raw : raw.slice(0, hash);
  const mark = withoutHash.indexOf('?');
  const beforeQuery = mark < 0 ? withoutHash : withoutHash.slice(0, mark);
  const rest = beforeQuery.trim().replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\//, '');
  const slash = rest.indexOf('/');
  return {
    host: slash < 0 ? rest : rest.slice(0, slash),
    segments: slash < 0 ? [] : rest.slice(slash + 1).split('/'),
    query: mark < 0 ? [] : parseQueryText(withoutHash.slice(mark + 1)),
    variables: [],
  };
}

export function readQueryList(list: unknown): QueryEntry[] {
  if (!Array.isArray(list)) return [];
  const entries: QueryEntry[] = [];
  for (const entry of list) {
    if (!isObject(entry)) continue;
    entries.push({
      key: textOf(entry.key) ?? '',
      value: textOf(entry.value) ?? '',
      disabled: entry.disabled === true,
      described: isDescribed(entry.description),
    });
  }
  return entries;
}

/** Path segments; an element holding slashes (`organizations/:org/developers`) is split too. */
function readSegments(path: unknown): string[] {
  if (typeof path === 'string') return path.replace(/^\/+/, '').split('/');
  if (!Array.isArray(path)) return [];
  return path.flatMap((segment) =>
    (isObject(segment) ? (textOf(segment.value) ?? '') : (textOf(segment) ?? '')).split('/'),
  );
}

function readParts(url: unknown): UrlParts {
  if (typeof url === 'string') return parseRaw(url);
  if (!isObject(url)) return { host: '', segments: [], query: [], variables: [] };
  if (url.host === undefined && url.path === undefined) {
    const parts = parseRaw(textOf(url.raw) ?? '');
    if (Array.isArray(url.query)) parts.query = readQueryList(url.query);
    if (Array.isArray(url.variable)) parts.variables = url.variable.filter(isObject);
    return parts;
  }
  const host = Array.isArray(url.host)
    ? url.host.map((part) => textOf(part) ?? '').join('.')
    : (textOf(url.host) ?? '');
  return {
    host,
    segments: readSegments(url.path),
    query: readQueryList(url.query),
    variables: Array.isArray(url.variable) ? url.variable.filter(isObject) : [],
  };
}

/** The name of a `url.variable` row: `key`, or `id` as older Postman and Apigee exports write it. */
function variableName(variable: JsonObject): string | null {
  return textOf(variable.key) ?? textOf(variable.id);
}

/** Postman's `:id` segments take their value from `url.variable`, or become `{{id}}`. */
function resolvePathVariables(parts: UrlParts, where: string, notes: ImportNotes): string[] {
  const values = new Map<string, string>();
  for (const variable of parts.variables) {
    const name = variableName(variable) ?? '';
    if (!values.has(name)) values.set(name, textOf(variable.value) ?? '');
    if (isDescribed(variable.description)) {
      notes.add(ROW_DESCRIPTIONS, `${where} (${quoteName(`:${name}`)})`);
    }
  }
  return parts.segments.map((segment) => {
    if (!/^:[A-Za-z_][\w.-]*$/.test(segment)) return segment;
    notes.add(NOTE.pathVariable, where);
    const name = segment.slice(1);
    const value = values.get(name) ?? '';
    return value === '' ? `{{${name}}}` : value;
  });
}

/**
 * `hostsUnderV1`: variable hosts (`{{api}}`) whose value already ends in `/v1`, so that their
 * paths are under `/v1/` without saying it.
 */
export function readUrl(
  url: unknown,
  name: string,
  hostsUnderV1: ReadonlySet<string>,
  notes: ImportNotes,
): ReadUrl {
  const parts = readParts(url);
  const where = quoteName(name);
  const segments = resolvePathVariables(parts, where, notes);
  const host = parts.host.trim();
  const hostVariable = VARIABLE_ONLY.exec(host)?.[1];
  const hostUnderV1 = hostVariable !== undefined && hostsUnderV1.has(hostVariable);
  if (host !== BASE_URL_HOST) {
    // Userinfo (user:password@) is never shown.
    const shown = host.replace(/^.*@/, '');
    notes.add(NOTE.otherHost, shown === '' ? where : `${where} (${quoteName(shown)})`);
  }
  const v1 = segments.indexOf('v1');
  let path: string;
  if (v1 >= 0) {
    // Empty segments (a leading or doubled slash) drop nothing worth a line.
    const prefix = segments.slice(0, v1).filter((segment) => segment !== '');
    if (prefix.length > 0) notes.add(NOTE.prefix, `${where} (/${prefix.join('/')})`);
    path = segments.slice(v1 + 1).join('/');
  } else {
    if (!hostUnderV1) notes.add(NOTE.outsideV1, where);
    path = segments.join('/');
  }
  return { path, query: parts.query };
}
