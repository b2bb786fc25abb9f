/**
 * One OpenCollection request file (already parsed and checked for unsafe shapes) into a saved
 * request: the URL's part after `/v1/` as the path, `:name` path parameters as `{{name}}`, query
 * parameters, the user's headers, a JSON body, assertions and answer variables. What does not
 * come along (scripts, other auth, form bodies, settings, contract headers, secret-looking rows)
 * is added to the notes by kind, never a value that could be a secret. Never throws.
 */
import { MAX_BODY, MAX_NAME, MAX_ROWS, MAX_TEXT } from '../../collections/collection-schema';
import type { SavedRequest } from '../../collections/model';
import { findSecretInRow } from '../../redaction/secret-patterns';
import { CONTRACT_HEADERS, checkUserHeader } from '../../service/wire/headers';
import { HTTP_METHODS, type HttpMethod, type NameValue } from '../../vocabulary/terms';
import { type ImportNotes, quoteName } from '../importing/import-notes';
import { isObject, type JsonObject, textOf } from '../importing/untrusted-json';
import {
  type AnswerVariable,
  type Assertion,
  type AssertionOperator,
  BINARY_OPERATORS,
  UNARY_OPERATORS,
} from './opencollection-format';

export const NOTE = {
  otherType: 'Requests that are not HTTP (GraphQL, gRPC, WebSocket) were not imported',
  method: 'Requests with a method the service does not take were not imported',
  outsideV1: 'URL paths outside /v1/ were read as paths under /v1/',
  host: 'Hosts written into URLs were replaced by the profile’s Base URL',
  pathParams: 'Path parameters (:name) became {{name}} variables of the collection',
  disabled: 'Disabled headers and query parameters were not imported',
  contract:
    'Headers that the profile sets were removed (Content-Type, companyId, x-apikey, Authorization)',
  secretRow: 'Headers and query parameters that look like secrets were not imported',
  badHeader: 'Headers that HTTP cannot carry as written were not imported',
  longRow: `Headers and query parameters longer than ${MAX_TEXT} characters, or beyond ${MAX_ROWS}, were not imported`,
  otherBody: 'Bodies other than JSON (form, multipart, file, XML, text) were not imported',
  longBody: `Bodies larger than ${MAX_BODY.toLocaleString('en')} characters were not imported`,
  ownAuth: 'Requests with their own authentication now use the collection’s',
  scripts: 'Scripts and tests were not imported',
  requestVariables: 'Pre-request variables of requests were not imported',
  operator: 'Assertions with an operator this extension does not know were not imported',
  actions: 'Actions other than setting a variable after the response were not imported',
  settings: 'Request settings (timeout, redirects, URL encoding) were not imported',
  docs: 'Documentation and saved examples were not imported',
  longName: `Names longer than ${MAX_NAME} characters were shortened`,
} as const;

const METHODS: ReadonlySet<string> = new Set(HTTP_METHODS);
const CONTRACT: ReadonlySet<string> = new Set(CONTRACT_HEADERS);
const OPERATORS: ReadonlySet<string> = new Set([...UNARY_OPERATORS, ...BINARY_OPERATORS]);
const BASE = /^(?:\{\{[^{}]*\}\}|[a-z][a-z0-9+.-]*:\/\/[^/?#]*)/i;

/** Text of a field, '' when absent or not text. */
export const textAt = (value: unknown): string => textOf(value) ?? '';
const listAt = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export function itemName(value: unknown, fallback: string, notes: ImportNotes): string {
  const name = textAt(value).trim();
  if (name === '') return fallback;
  if (name.length <= MAX_NAME) return name;
  notes.add(NOTE.longName, quoteName(name));
  return name.slice(0, MAX_NAME);
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text; // not percent-encoding after all (a lone %): kept as written
  }
}

/** The path after `/v1/`, with `:name` parameters as `{{name}}` (their values become variables). */
function readPath(url: string, params: JsonObject[], where: string, context: ReadContext): string {
  const withoutQuery = url.split(/[?#]/, 1)[0] ?? '';
  const host = BASE.exec(withoutQuery)?.[0] ?? '';
  if (host !== '{{baseUrl}}') context.notes.add(NOTE.host, `${where} (${quoteName(host)})`);
  const rest = withoutQuery.slice(host.length);
  const underV1 = /^\/?v1(?:\/|$)/.test(rest);
  if (!underV1) context.notes.add(NOTE.outsideV1, where);
  const path = (underV1 ? rest.replace(/^\/?v1\/?/, '') : rest.replace(/^\/+/, '')).replace(
    /(^|\/):([A-Za-z_][\w-]*)/g,
    (_whole, slash: string, name: string) => {
      const param = params.find((entry) => entry.type === 'path' && entry.name === name);
      if (!context.variables.has(name)) context.variables.set(name, textAt(param?.value));
      context.notes.add(NOTE.pathParams, `${where} (${quoteName(name)})`);
      return `${slash}{{${name}}}`;
    },
  );
  return path;
}

/** Query rows from `params` (type query), or from the URL when the file lists none. */
function readQuery(
  url: string,
  params: JsonObject[],
  where: string,
  notes: ImportNotes,
): NameValue[] {
  const listed = params.filter((entry) => entry.type === 'query');
  const mark = url.indexOf('?');
  const entries: JsonObject[] =
    listed.length > 0 || mark < 0
      ? listed
      : (url
          .slice(mark + 1)
          .split('#', 1)[0]
          ?.split('&')
          .filter((pair) => pair !== '')
          .map((pair) => {
            const equals = pair.indexOf('=');
            return equals < 0
              ? { name: pair, value: '' }
              : { name: pair.slice(0, equals), value: pair.slice(equals + 1) };
          }) ?? []);
  const rows: NameValue[] = [];
  for (const entry of entries) {
    if (entry.disabled === true) {
      notes.add(NOTE.disabled, where);
      continue;
    }
    const name = decode(textAt(entry.name));
    const value = decode(textAt(entry.value));
    if (name.length > MAX_TEXT || value.length > MAX_TEXT || rows.length >= MAX_ROWS)
      notes.add(NOTE.longRow, where);
    else if (findSecretInRow(name, value, []) !== null)
      notes.add(NOTE.secretRow, `${where} (?${quoteName(name)})`);
    else rows.push({ name, value });
  }
  return rows;
}

export function readHeaders(headers: unknown, where: string, notes: ImportNotes): NameValue[] {
  const rows: NameValue[] = [];
  for (const entry of listAt(headers).filter(isObject)) {
    const name = textAt(entry.name).trim();
    const value = textAt(entry.value);
    if (name === '' && value === '') continue;
    if (entry.disabled === true) notes.add(NOTE.disabled, where);
    else if (CONTRACT.has(name.toLowerCase())) notes.add(NOTE.contract, quoteName(name));
    else if (name.length > MAX_TEXT || value.length > MAX_TEXT || rows.length >= MAX_ROWS)
      notes.add(NOTE.longRow, where);
    else if (!checkUserHeader({ name, value }).ok)
      notes.add(NOTE.badHeader, `${where} (${quoteName(name)})`);
    else if (findSecretInRow(name, value, []) !== null)
      notes.add(NOTE.secretRow, `${where} (${quoteName(name)})`);
    else rows.push({ name, value });
  }
  return rows;
}

function readBody(body: unknown, where: string, notes: ImportNotes): string {
  if (!isObject(body)) return '';
  const data = textAt(body.data);
  if (body.type !== 'json') {
    if (body.type !== undefined && body.type !== 'none') notes.add(NOTE.otherBody, where);
    return '';
  }
  if (data.length > MAX_BODY) {
    notes.add(NOTE.longBody, where);
    return '';
  }
  return data;
}

function readAssertions(runtime: JsonObject, where: string, notes: ImportNotes): Assertion[] {
  const assertions: Assertion[] = [];
  for (const entry of listAt(runtime.assertions).filter(isObject)) {
    const operator = textAt(entry.operator);
    if (!OPERATORS.has(operator)) {
      notes.add(NOTE.operator, `${where} (${quoteName(operator)})`);
      continue;
    }
    const unary = UNARY_OPERATORS.has(operator as AssertionOperator);
    assertions.push({
      expression: textAt(entry.expression),
      operator: operator as AssertionOperator,
      value: unary ? '' : textAt(entry.value),
      enabled: entry.disabled !== true,
    });
  }
  return assertions;
}

function readAnswerVariables(
  runtime: JsonObject,
  where: string,
  notes: ImportNotes,
): AnswerVariable[] {
  const answers: AnswerVariable[] = [];
  for (const entry of listAt(runtime.actions)) {
    const selector = isObject(entry) && isObject(entry.selector) ? entry.selector : null;
    const variable = isObject(entry) && isObject(entry.variable) ? entry.variable : null;
    if (
      !isObject(entry) ||
      entry.type !== 'set-variable' ||
      entry.phase !== 'after-response' ||
      selector === null ||
      variable === null
    ) {
      notes.add(NOTE.actions, where);
      continue;
    }
    answers.push({
      name: textAt(variable.name),
      expression: textAt(selector.expression),
      enabled: entry.disabled !== true,
    });
  }
  return answers;
}

/** Settings Bruno writes for every request it saves; other values are the user's own. */
const BRUNO_DEFAULTS: Readonly<Record<string, unknown>> = {
  timeout: 0,
  followRedirects: true,
  maxRedirects: 5,
  forwardAuthorizationHeader: true,
};

/** Settings other than Bruno's defaults (URL encoding aside: the panel encodes as it sends). */
function hasOwnSettings(settings: unknown): boolean {
  if (!isObject(settings)) return false;
  return Object.entries(settings).some(
    ([key, value]) => key !== 'encodeUrl' && BRUNO_DEFAULTS[key] !== value,
  );
}

/** Where collection-wide findings go while the files are read. */
export interface ReadContext {
  notes: ImportNotes;
  /** Variables the collection gains (path parameters), first value wins. */
  variables: Map<string, string>;
  /** Headers of the collection and its folders, added to every request below them. */
  inheritedHeaders: NameValue[];
}

/** The saved request in `file`, or null (noted) when it is no HTTP request the service takes. */
export function readRequestFile(
  file: JsonObject,
  fallbackName: string,
  id: string,
  context: ReadContext,
): SavedRequest | null {
  const { notes } = context;
  const info = isObject(file.info) ? file.info : {};
  const http = isObject(file.http) ? file.http : null;
  const name = itemName(info.name, fallbackName, notes);
  const where = quoteName(name);
  const type = textAt(info.type) || 'http';
  if (type !== 'http' || http === null) {
    notes.add(NOTE.otherType, where);
    return null;
  }
  const method = textAt(http.method).toUpperCase() || 'GET';
  if (!METHODS.has(method)) {
    notes.add(NOTE.method, `${where} (${quoteName(method)})`);
    return null;
  }
  const url = textAt(http.url).trim();
  const params = listAt(http.params).filter(isObject);
  if (http.auth !== undefined && http.auth !== 'inherit') notes.add(NOTE.ownAuth, where);
  const runtime = isObject(file.runtime) ? file.runtime : {};
  if (listAt(runtime.scripts).length > 0 || isObject(runtime.scripts))
    notes.add(NOTE.scripts, where);
  if (listAt(runtime.variables).length > 0) notes.add(NOTE.requestVariables, where);
  if (hasOwnSettings(file.settings)) notes.add(NOTE.settings, where);
  if (file.docs !== undefined || listAt(file.examples).length > 0) notes.add(NOTE.docs, where);
  const request: SavedRequest = {
    kind: 'request',
    id,
    name,
    method: method as HttpMethod,
    path: readPath(url, params, where, context),
    query: readQuery(url, params, where, notes),
    headers: [...context.inheritedHeaders, ...readHeaders(http.headers, where, notes)],
    body: readBody(http.body, where, notes),
  };
  const assertions = readAssertions(runtime, where, notes);
  if (assertions.length > 0) request.assertions = assertions;
  const answers = readAnswerVariables(runtime, where, notes);
  if (answers.length > 0) request.answerVariables = answers;
  return request;
}
