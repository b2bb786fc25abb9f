/**
 * Reads one HAR 1.2 entry (http://www.softwareishard.com/blog/har-12-spec/#entries) as Chrome
 * writes it, in "Save all as HAR" files and in what the DevTools network API hands an extension,
 * including Chrome's own `_`-prefixed fields (`_resourceType`, `_initiator`, `_fromCache`,
 * `response._transferSize`, `response._error`).
 *
 * The entry is untrusted (a file, or a page that chose its own URLs and headers): every field is
 * read with a check that cannot throw, a field of the wrong type reads as absent, and the work is
 * bounded (at most MAX_HAR_ROWS rows of each list are read). Nothing here masks anything: the
 * callers (the HAR import, the capture model) decide what a credential is and drop or mask it.
 */
import type { NameValue } from '../../vocabulary/terms';
import { isObject, type JsonObject } from '../importing/untrusted-json';

/** Rows read from one list of an entry (headers, query, cookies, form fields). */
export const MAX_HAR_ROWS = 1_000;
/** `_initiator.stack.parent` links followed when looking for the script that made a call. */
const MAX_STACK_PARENTS = 16;

export interface HarBody {
  mimeType: string;
  /** Null when the entry carries no text (Chrome leaves response content out of live entries). */
  text: string | null;
  /** `base64` for binary response content; null for text. */
  encoding: string | null;
  /** `postData.params`: the form fields, when Chrome parsed them. */
  params: NameValue[];
}

export interface HarInitiator {
  /** `parser`, `script`, `preload`, `preflight`, `other`, … */
  type: string;
  /** The script or document that made the call, when Chrome knows it. */
  url: string | null;
  /** 1-based, for people (Chrome's stack frames count from 0). */
  lineNumber: number | null;
}

export interface HarEntryView {
  startedDateTime: string;
  /** Milliseconds since the epoch, or null when `startedDateTime` is not a date. */
  startedMs: number | null;
  /** Total time in milliseconds, or null when unknown. */
  time: number | null;
  method: string;
  url: string;
  httpVersion: string;
  requestHeaders: NameValue[];
  queryString: NameValue[];
  requestCookies: NameValue[];
  postData: HarBody | null;
  status: number;
  statusText: string;
  responseHeaders: NameValue[];
  responseCookies: NameValue[];
  content: HarBody & { size: number | null };
  redirectURL: string;
  /** Chrome's `_resourceType`: `fetch`, `xhr`, `document`, `script`, `preflight`, … */
  resourceType: string | null;
  initiator: HarInitiator | null;
  /** Chrome's `_fromCache`: `memory` or `disk`. */
  fromCache: string | null;
  transferSize: number | null;
  serverIPAddress: string;
  /** Chrome's `response._error`, e.g. `net::ERR_FAILED`. */
  error: string | null;
  /** True when a list had more than MAX_HAR_ROWS rows and was cut. */
  rowsCut: boolean;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function objectOf(value: unknown): JsonObject {
  return isObject(value) ? value : {};
}

interface RowsRead {
  rows: NameValue[];
  cut: boolean;
}

function readRows(value: unknown): RowsRead {
  if (!Array.isArray(value)) return { rows: [], cut: false };
  const rows: NameValue[] = [];
  for (const row of value.slice(0, MAX_HAR_ROWS)) {
    if (!isObject(row) || typeof row.name !== 'string') continue;
    rows.push({ name: row.name, value: text(row.value) });
  }
  return { rows, cut: value.length > MAX_HAR_ROWS };
}

function readBody(value: unknown, params: RowsRead | null): HarBody | null {
  if (!isObject(value)) return null;
  return {
    mimeType: text(value.mimeType),
    text: typeof value.text === 'string' ? value.text : null,
    encoding: textOrNull(value.encoding),
    params: params?.rows ?? [],
  };
}

/** The first script URL of a call stack (`stack.callFrames`, then its async `parent`s). */
function stackUrl(stack: unknown): { url: string; lineNumber: number | null } | null {
  let current = stack;
  for (let depth = 0; depth < MAX_STACK_PARENTS && isObject(current); depth++) {
    const frames = Array.isArray(current.callFrames) ? current.callFrames.slice(0, 64) : [];
    for (const frame of frames) {
      if (!isObject(frame)) continue;
      const url = textOrNull(frame.url);
      const line = numberOrNull(frame.lineNumber);
      if (url !== null) return { url, lineNumber: line === null ? null : line + 1 };
    }
    current = current.parent;
  }
  return null;
}

function readInitiator(value: unknown): HarInitiator | null {
  if (!isObject(value)) return null;
  const type = text(value.type) || 'other';
  const direct = textOrNull(value.url);
  if (direct !== null) {
    const line = numberOrNull(value.lineNumber);
    return { type, url: direct, lineNumber: line === null ? null : line + 1 };
  }
  const fromStack = stackUrl(value.stack);
  return { type, url: fromStack?.url ?? null, lineNumber: fromStack?.lineNumber ?? null };
}

function parseDate(value: string): number | null {
  if (value === '') return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** The entry as typed data, or null when it has no request method and URL to speak of. */
export function readHarEntry(value: unknown): HarEntryView | null {
  if (!isObject(value)) return null;
  const request = objectOf(value.request);
  const response = objectOf(value.response);
  const method = text(request.method).trim();
  const url = text(request.url).trim();
  if (method === '' || url === '') return null;

  const requestHeaders = readRows(request.headers);
  const queryString = readRows(request.queryString);
  const requestCookies = readRows(request.cookies);
  const responseHeaders = readRows(response.headers);
  const responseCookies = readRows(response.cookies);
  const postData = objectOf(request.postData);
  const params = readRows(postData.params);
  const content = objectOf(response.content);
  const startedDateTime = text(value.startedDateTime);
  const time = numberOrNull(value.time);
  return {
    startedDateTime,
    startedMs: parseDate(startedDateTime),
    time: time !== null && time >= 0 ? time : null,
    method,
    url,
    httpVersion: text(request.httpVersion),
    requestHeaders: requestHeaders.rows,
    queryString: queryString.rows,
    requestCookies: requestCookies.rows,
    postData: readBody(request.postData, params),
    status: numberOrNull(response.status) ?? 0,
    statusText: text(response.statusText),
    responseHeaders: responseHeaders.rows,
    responseCookies: responseCookies.rows,
    content: {
      ...(readBody(content, null) ?? { mimeType: '', text: null, encoding: null, params: [] }),
      size: numberOrNull(content.size),
    },
    redirectURL: text(response.redirectURL),
    resourceType: textOrNull(value._resourceType),
    initiator: readInitiator(value._initiator),
    fromCache: textOrNull(value._fromCache),
    transferSize: numberOrNull(response._transferSize),
    serverIPAddress: text(value.serverIPAddress),
    error: textOrNull(response._error),
    rowsCut: [
      requestHeaders,
      queryString,
      requestCookies,
      responseHeaders,
      responseCookies,
      params,
    ].some((rows) => rows.cut),
  };
}

/**
 * Chrome's resource types of what a page loads for itself (the document, its scripts, styles,
 * images, fonts, …) and what the browser sends by itself (CORS preflights, prefetches): not calls
 * the page's code makes to an API. `fetch`, `xhr`, `eventsource`, `ping` and `other` are.
 */
const PAGE_RESOURCES = new Set([
  'document',
  'stylesheet',
  'image',
  'media',
  'font',
  'script',
  'texttrack',
  'manifest',
  'preflight',
  'prefetch',
  'signed-exchange',
  'csp-violation-report',
]);

/** True for a `_resourceType` that is not an API call of the page (see PAGE_RESOURCES). */
export function isPageResource(resourceType: string | null): boolean {
  return resourceType !== null && PAGE_RESOURCES.has(resourceType.toLowerCase());
}

/** The value of the first header called `name` (any case), or null. */
export function headerValue(headers: readonly NameValue[], name: string): string | null {
  const lower = name.toLowerCase();
  return headers.find((header) => header.name.toLowerCase() === lower)?.value ?? null;
}

/** Every value of the headers called `name` (any case). */
export function headerValues(headers: readonly NameValue[], name: string): string[] {
  const lower = name.toLowerCase();
  return headers.filter((header) => header.name.toLowerCase() === lower).map(({ value }) => value);
}
