/**
 * One HAR entry into a saved request, or into a line of the import summary saying why not. Kept:
 * the `/v1` calls the page's scripts made (method, path after `/v1/`, query, the page's own
 * headers, a text body). Dropped and reported, never quoted: credential headers, cookies,
 * credential query parameters and body fields (the active profile authenticates every call), the
 * contract headers the profile sets, what the browser adds by itself, token requests, page
 * resources, CORS preflights and calls outside `/v1/`.
 */

import { MAX_BODY, MAX_ROWS, MAX_TEXT } from '../../collections/collection-schema';
import type { SavedRequest } from '../../collections/model';
import { replaceBodyCredentials } from '../../redaction/body-credentials';
import {
  credentialHeaderLabel,
  isBrowserHeader,
  isJsonContentType,
} from '../../redaction/header-kinds';
import {
  findSecretInRow,
  findSecretInText,
  isCredentialName,
} from '../../redaction/secret-patterns';
import { TOKEN_PATH } from '../../service/token/token-request';
import { checkUserHeader } from '../../service/wire/headers';
import { HTTP_METHODS, type HttpMethod, type NameValue } from '../../vocabulary/terms';
import { type ImportNotes, quoteName } from '../importing/import-notes';
import { type HarEntryView, isPageResource } from './har-entry';

export const NOTE = {
  noRequest: 'Entries without a request method and URL were skipped',
  resource: 'Page resources that are not API calls were skipped (documents, scripts, images, …)',
  preflight: 'CORS preflight requests, which the browser sends by itself, were skipped',
  badUrl: 'Entries whose URL cannot be read were skipped',
  outsideV1: 'Calls outside /v1/ were not imported',
  token: 'Token requests were not imported: the profile gets its own tokens',
  method: 'Calls with a method this extension cannot send were skipped',
  longPath: `Calls with a path longer than ${MAX_TEXT} characters were skipped`,
  secretPath: 'Calls with what looks like a credential in their path were skipped',
  credential: 'Credential headers were dropped: the profile authenticates every call',
  cookies: 'Cookies were dropped: calls from the panel carry no cookies',
  companyId: 'companyId headers were dropped: the profile sends its own Company ID',
  contentType: 'A Content-Type other than JSON was dropped: the service always receives JSON',
  browser: 'Headers the browser adds by itself were dropped',
  badHeader: 'Headers that HTTP cannot carry as written were not imported',
  secretRow: 'Headers and query parameters that carry credentials were not imported',
  longRow: `Headers and query parameters longer than ${MAX_TEXT} characters were not imported`,
  manyRows: `Only the first ${MAX_ROWS} headers and query parameters of a call were imported`,
  bodyOnGet: 'Bodies of GET and HEAD calls were not imported',
  bodyLong: `Bodies longer than ${MAX_BODY} characters were not imported`,
  bodyNotText: 'Bodies that are not text (files, uploads) were not imported',
  bodyCredentials: 'Credentials in bodies were removed, their values left empty',
} as const;

const METHODS: ReadonlySet<string> = new Set(HTTP_METHODS);
const NO_BODY: ReadonlySet<string> = new Set(['GET', 'HEAD']);

/** How the calls authenticated: the collection's auth method is chosen from it. */
export interface AuthEvidence {
  apiKey: number;
  bearer: number;
  basicTokenRequest: number;
  bodyTokenRequest: number;
}

export interface HarRequest {
  /** The API address the call went to: origin and the path before `/v1`. */
  address: string;
  request: Omit<SavedRequest, 'kind' | 'id' | 'name'>;
}

/** Where a call went, for the summary: no query (it may hold a credential), shortened. */
function shownUrl(url: URL): string {
  return quoteSafely(`${url.origin}${url.pathname}`);
}

function noteAuth(view: HarEntryView, evidence: AuthEvidence): void {
  for (const { name, value } of view.requestHeaders) {
    const lower = name.toLowerCase();
    if (lower === 'x-apikey') evidence.apiKey++;
    else if (lower === 'authorization' && /^bearer\s/i.test(value)) evidence.bearer++;
  }
}

function noteTokenRequest(view: HarEntryView, evidence: AuthEvidence): void {
  const basic = view.requestHeaders.some(
    ({ name, value }) => name.toLowerCase() === 'authorization' && /^basic\s/i.test(value),
  );
  if (basic) evidence.basicTokenRequest++;
  else if (/(?:^|&)client_secret=/.test(view.postData?.text ?? '')) evidence.bodyTokenRequest++;
}

/** A name or value of the file, quoted for the summary, unless it looks like a secret itself. */
function quoteSafely(text: string): string {
  return findSecretInText(text, []) === null
    ? quoteName(text)
    : '(a name that looks like a secret)';
}

/** A row whose value, or even whose name, looks like a credential. */
function carriesSecret(name: string, value: string): boolean {
  return findSecretInRow(name, value, []) !== null || findSecretInText(name, []) !== null;
}

function readQuery(url: URL, where: string, notes: ImportNotes): NameValue[] {
  const rows: NameValue[] = [];
  for (const [name, value] of url.searchParams) {
    if (name === '' && value === '') continue;
    if (rows.length >= MAX_ROWS) {
      notes.add(NOTE.manyRows, where);
      break;
    }
    if (name.length > MAX_TEXT || value.length > MAX_TEXT) notes.add(NOTE.longRow, where);
    else if (isCredentialName(name) || carriesSecret(name, value))
      notes.add(NOTE.secretRow, `${where} (?${quoteSafely(name)})`);
    else rows.push({ name, value });
  }
  return rows;
}

function readHeaders(view: HarEntryView, where: string, notes: ImportNotes): NameValue[] {
  const rows: NameValue[] = [];
  const browser: string[] = [];
  let cookies = view.requestCookies.length > 0;
  for (const { name, value } of view.requestHeaders) {
    const lower = name.trim().toLowerCase();
    const credential = credentialHeaderLabel(lower);
    if (credential !== undefined) notes.add(NOTE.credential, credential);
    else if (lower === 'cookie') cookies = true;
    else if (lower === 'companyid') notes.add(NOTE.companyId, where);
    else if (lower === 'content-type') {
      if (!isJsonContentType(value)) notes.add(NOTE.contentType, quoteSafely(value));
    } else if (isBrowserHeader(lower)) browser.push(lower);
    else if (name.length > MAX_TEXT || value.length > MAX_TEXT) notes.add(NOTE.longRow, where);
    else {
      const checked = checkUserHeader({ name, value });
      if (!checked.ok) notes.add(NOTE.badHeader, `${where} (${quoteSafely(name)})`);
      else if (carriesSecret(name, value))
        notes.add(NOTE.secretRow, `${where} (${quoteSafely(name)})`);
      else if (rows.length < MAX_ROWS) rows.push(checked.value);
      else notes.add(NOTE.manyRows, where);
    }
  }
  for (const name of new Set(browser)) {
    notes.add(
      NOTE.browser,
      findSecretInText(name, []) === null ? name : '(a name that looks like a secret)',
    );
  }
  if (cookies) notes.add(NOTE.cookies, where);
  return rows;
}

function readBody(view: HarEntryView, where: string, notes: ImportNotes): string {
  const postData = view.postData;
  if (postData === null) return '';
  if (postData.text === null) {
    if (postData.params.length > 0) notes.add(NOTE.bodyNotText, where);
    return '';
  }
  if (postData.text === '') return '';
  if (NO_BODY.has(view.method.toUpperCase())) {
    notes.add(NOTE.bodyOnGet, where);
    return '';
  }
  if (postData.text.length > MAX_BODY) {
    notes.add(NOTE.bodyLong, where);
    return '';
  }
  const cleaned = replaceBodyCredentials(postData.text, postData.mimeType, () => '');
  for (const field of cleaned.fields) notes.add(NOTE.bodyCredentials, quoteSafely(field));
  return cleaned.text;
}

/** The part of the path before `/v1` and the part after `/v1/`, or null outside /v1. */
export function splitV1Path(pathname: string): { before: string; path: string } | null {
  const at = pathname.indexOf('/v1/');
  if (at >= 0) return { before: pathname.slice(0, at), path: pathname.slice(at + 4) };
  if (pathname.endsWith('/v1')) return { before: pathname.slice(0, -3), path: '' };
  return null;
}

function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** The saved request an entry becomes, or null (the reason is in the notes). */
export function readHarRequest(
  view: HarEntryView,
  notes: ImportNotes,
  evidence: AuthEvidence,
): HarRequest | null {
  const resourceType = view.resourceType;
  if (resourceType?.toLowerCase() === 'preflight') {
    notes.add(NOTE.preflight, quoteSafely(view.url.split('?')[0] ?? ''));
    return null;
  }
  if (isPageResource(resourceType)) {
    notes.add(NOTE.resource, quoteSafely(resourceType ?? ''));
    return null;
  }
  const url = parseUrl(view.url);
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    notes.add(NOTE.badUrl, quoteSafely(view.url.split('?')[0] ?? ''));
    return null;
  }
  const where = shownUrl(url);
  if (url.pathname.endsWith(TOKEN_PATH)) {
    noteTokenRequest(view, evidence);
    notes.add(NOTE.token, where);
    return null;
  }
  const split = splitV1Path(url.pathname);
  if (split === null) {
    notes.add(NOTE.outsideV1, where);
    return null;
  }
  const method = view.method.toUpperCase();
  if (!METHODS.has(method)) {
    notes.add(NOTE.method, `${where} (${quoteSafely(method)})`);
    return null;
  }
  if (split.path.length > MAX_TEXT) {
    notes.add(NOTE.longPath, where);
    return null;
  }
  if (findSecretInText(split.path, []) !== null) {
    notes.add(NOTE.secretPath, where);
    return null;
  }
  noteAuth(view, evidence);
  return {
    address: `${url.origin}${split.before}`,
    request: {
      method: method as HttpMethod,
      path: split.path,
      query: readQuery(url, where, notes),
      headers: readHeaders(view, where, notes),
      body: readBody(view, where, notes),
    },
  };
}
