/**
 * One Postman request (v2.0 or v2.1) into a saved request: method, path under `/v1/`, query,
 * headers and a raw body (postman-import-body.ts). What cannot come along is reported, never
 * dropped in silence: contract and auth headers (the profile sets them), disabled rows, rows over
 * the limits, descriptions of rows, and rows whose name or value looks like a secret (a
 * collection never holds one).
 */

import { MAX_NAME, MAX_ROWS, MAX_TEXT } from '../../collections/collection-schema';
import type { SavedRequest } from '../../collections/model';
import { decodeFormPart } from '../../redaction/body-credentials';
import { findSecretInRow } from '../../redaction/secret-patterns';
import { checkUserHeader } from '../../service/wire/headers';
import type { HttpMethod, NameValue } from '../../vocabulary/terms';
import { HTTP_METHODS } from '../../vocabulary/terms';
import { type ImportNotes, quoteName, ROW_DESCRIPTIONS } from '../importing/import-notes';
import { isDescribed, isObject, type JsonObject, textOf } from '../importing/untrusted-json';
import { readBody } from './postman-import-body';
import { type QueryEntry, readQueryList, readUrl } from './postman-import-url';

export interface RequestContext {
  newId: () => string;
  notes: ImportNotes;
  hostsUnderV1: ReadonlySet<string>;
}

const NOTE = {
  method: 'Requests with a method this extension cannot send were skipped',
  longPath: `Requests with a path longer than ${MAX_TEXT} characters were skipped`,
  longName: `Names longer than ${MAX_NAME} characters were shortened`,
  disabled: 'Disabled headers and query parameters were not imported',
  contract:
    'Headers that the profile sets were removed (Content-Type, companyId, x-apikey, Authorization)',
  contentType: 'A Content-Type other than JSON was removed: the service always receives JSON',
  badHeader: 'Headers that HTTP cannot carry as written were not imported',
  longRow: `Headers and query parameters longer than ${MAX_TEXT} characters were not imported`,
  manyRows: `Only the first ${MAX_ROWS} headers and query parameters of a request were imported`,
  secretRow: 'Headers and query parameters that look like secrets were not imported',
  proxy: 'Proxy and certificate settings of requests were not imported',
  description: 'Descriptions were not imported',
  ownAuth: 'Requests and folders with their own authentication now use the collection’s',
  noAuth: 'Requests and folders that turned authentication off now use the collection’s',
  otherAuth: 'Authentication types this extension does not support were not imported',
} as const;

/** Rows looked at in one request: enough for any real request, bounded for a hostile one. */
const MAX_ROWS_READ = 5 * MAX_ROWS;

const METHODS: ReadonlySet<string> = new Set(HTTP_METHODS);
const CONTRACT_NAMES = new Set(['content-type', 'companyid', 'x-apikey', 'authorization']);

export function itemName(value: unknown, fallback: string, notes: ImportNotes): string {
  const name = (textOf(value) ?? '').trim();
  if (name === '') return fallback;
  if (name.length <= MAX_NAME) return name;
  notes.add(NOTE.longName, quoteName(name));
  return name.slice(0, MAX_NAME);
}

function readQuery(entries: readonly QueryEntry[], where: string, notes: ImportNotes) {
  const rows: NameValue[] = [];
  if (entries.length > MAX_ROWS_READ) notes.add(NOTE.manyRows, where);
  for (const entry of entries.slice(0, MAX_ROWS_READ)) {
    if (entry.described) notes.add(ROW_DESCRIPTIONS, `${where} (?${quoteName(entry.key)})`);
    if (entry.disabled) {
      notes.add(NOTE.disabled, where);
      continue;
    }
    const name = decodeFormPart(entry.key);
    const value = decodeFormPart(entry.value);
    if (name === '' && value === '') continue;
    if (name.length > MAX_TEXT || value.length > MAX_TEXT) notes.add(NOTE.longRow, where);
    else if (findSecretInRow(name, value, []) !== null)
      notes.add(NOTE.secretRow, `${where} (?${quoteName(name)})`);
    else rows.push({ name, value });
  }
  return rows;
}

function headerEntries(header: unknown): QueryEntry[] {
  // v2.0 allows the headers as one text, "Name: value" a line.
  if (typeof header === 'string') {
    return header
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => {
        const colon = line.indexOf(':');
        return colon < 0
          ? { key: line.trim(), value: '', disabled: false, described: false }
          : {
              key: line.slice(0, colon).trim(),
              value: line.slice(colon + 1).trim(),
              disabled: false,
              described: false,
            };
      });
  }
  // A v2 header list has the same shape as a query list: key, value, disabled.
  return readQueryList(header);
}

function readHeaders(header: unknown, where: string, notes: ImportNotes): NameValue[] {
  const rows: NameValue[] = [];
  const entries = headerEntries(header);
  if (entries.length > MAX_ROWS_READ) notes.add(NOTE.manyRows, where);
  for (const entry of entries.slice(0, MAX_ROWS_READ)) {
    const name = entry.key.trim();
    if (entry.described) notes.add(ROW_DESCRIPTIONS, `${where} (${quoteName(name)})`);
    if (entry.disabled) {
      notes.add(NOTE.disabled, where);
      continue;
    }
    if (name === '' && entry.value === '') continue;
    const lower = name.toLowerCase();
    if (lower === 'content-type' && !/^application\/(?:[\w.+-]+\+)?json\b/i.test(entry.value)) {
      notes.add(NOTE.contentType, `${where} (${quoteName(entry.value)})`);
      continue;
    }
    if (CONTRACT_NAMES.has(lower)) {
      notes.add(NOTE.contract, quoteName(name));
      continue;
    }
    if (name.length > MAX_TEXT || entry.value.length > MAX_TEXT) {
      notes.add(NOTE.longRow, where);
      continue;
    }
    const checked = checkUserHeader({ name, value: entry.value });
    if (!checked.ok) notes.add(NOTE.badHeader, `${where} (${quoteName(name)})`);
    else if (findSecretInRow(name, entry.value, []) !== null)
      notes.add(NOTE.secretRow, `${where} (${quoteName(name)})`);
    else rows.push(checked.value);
  }
  return rows;
}

const SUPPORTED_AUTH = new Set(['apikey', 'bearer', 'oauth2']);

/** Auth on a request or a folder: the collection's authentication replaces it, said so. */
export function noteItemAuth(auth: unknown, where: string, notes: ImportNotes): void {
  if (!isObject(auth)) return;
  const type = textOf(auth.type) ?? '';
  if (type === 'inherit' || type === '') return;
  if (type === 'noauth') notes.add(NOTE.noAuth, where);
  else if (SUPPORTED_AUTH.has(type)) notes.add(NOTE.ownAuth, where);
  else notes.add(NOTE.otherAuth, `${where} (${quoteName(type)})`);
}

export function noteDescription(description: unknown, where: string, notes: ImportNotes): void {
  if (isDescribed(description)) notes.add(NOTE.description, where);
}

/** Null when the request cannot be kept; the reason is in the notes. */
export function readRequest(
  source: unknown,
  name: string,
  context: RequestContext,
): SavedRequest | null {
  const { notes } = context;
  const where = quoteName(name);
  const request: JsonObject =
    typeof source === 'string' ? { url: source } : isObject(source) ? source : {};
  const method = (textOf(request.method) ?? 'GET').trim().toUpperCase();
  if (!METHODS.has(method)) {
    notes.add(NOTE.method, `${where} (${quoteName(method)})`);
    return null;
  }
  const url = readUrl(request.url, name, context.hostsUnderV1, notes);
  if (url.path.length > MAX_TEXT) {
    notes.add(NOTE.longPath, where);
    return null;
  }
  if (request.proxy !== undefined || request.certificate !== undefined)
    notes.add(NOTE.proxy, where);
  noteItemAuth(request.auth, where, notes);
  noteDescription(request.description, where, notes);
  const query = readQuery(url.query, where, notes);
  const headers = readHeaders(request.header, where, notes);
  if (query.length > MAX_ROWS || headers.length > MAX_ROWS) notes.add(NOTE.manyRows, where);
  return {
    kind: 'request',
    id: context.newId(),
    name,
    method: method as HttpMethod,
    path: url.path,
    query: query.slice(0, MAX_ROWS),
    headers: headers.slice(0, MAX_ROWS),
    body: readBody(request.body, method, where, notes),
  };
}
