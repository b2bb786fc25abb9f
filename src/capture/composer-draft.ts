/**
 * "Open in composer": a captured `/v1` call becomes a composer draft (method, path after `/v1/`,
 * query, the page's own headers, body), in the same `{ request, notes }` shape as "Import cURL"
 * (src/formats/curl/curl-import.ts), with the same header rules. The page's credentials (auth
 * headers, cookies, credential query parameters) are dropped and the notes say so: the active
 * profile authenticates the call. The contract headers the profile sets and what the browser adds
 * by itself are dropped too.
 */
import { MAX_BODY, MAX_ROWS, MAX_TEXT } from '../collections/collection-schema';
import type { CurlImport } from '../formats/curl/curl-import';
import { DROPPED_FOR_PROFILE } from '../formats/curl/curl-options';
import { splitV1Path } from '../formats/har/har-import-request';
import {
  credentialHeaderLabel,
  isBrowserHeader,
  isJsonContentType,
} from '../redaction/header-kinds';
import { checkUserHeader } from '../service/wire/headers';
import { fail, ok, type Result } from '../vocabulary/errors';
import { HTTP_METHODS, type HttpMethod, type NameValue } from '../vocabulary/terms';
import type { CallMatch } from './call-matching';
import type { CapturedCall } from './captured-call';

/** The draft and what was dropped or changed on the way, in plain words; never a secret. */
export type ComposerDraft = CurlImport;

const NO_BODY: ReadonlySet<string> = new Set(['GET', 'HEAD']);

function listNote(label: string, items: readonly string[]): string[] {
  const unique = [...new Set(items)];
  if (unique.length === 0) return [];
  const shown = unique.slice(0, 12).join(', ');
  return [`${label}: ${shown}${unique.length > 12 ? `, and ${unique.length - 12} more` : ''}.`];
}

function draftPath(call: CapturedCall, match: CallMatch, notes: string[]): Result<string> {
  if (match.kind === 'token') {
    return fail(
      'invalid_request',
      'A token request cannot be opened in the composer: the profile gets its own tokens.',
      'Open one of the page’s /v1 calls instead; the composer authenticates it with the active profile.',
    );
  }
  if (match.kind === 'api' && match.path !== null) return ok(match.path);
  const split = splitV1Path(call.pathname);
  if (split === null) {
    return fail(
      'path_outside_v1',
      `The call to ${call.origin}${call.pathname.slice(0, 80)} is not under /v1/.`,
      'Open one of the page’s /v1 calls: the composer sends calls under the profile’s Base URL /v1/.',
    );
  }
  notes.push(
    `The call went to ${call.origin}${split.before}; the composer sends it to the active profile’s Base URL.`,
  );
  return ok(split.path);
}

function draftQuery(call: CapturedCall, notes: string[]): NameValue[] {
  const kept: NameValue[] = [];
  const dropped: string[] = [];
  for (const row of call.query) {
    if (row.masked) dropped.push(row.name);
    else if (row.name.length > MAX_TEXT || row.value.length > MAX_TEXT || kept.length >= MAX_ROWS) {
      notes.push(
        `The query parameter ${row.name.slice(0, 40)} was too long or one too many, and was dropped.`,
      );
    } else kept.push({ name: row.name, value: row.value });
  }
  notes.push(...listNote('Query parameters that carried credentials were dropped', dropped));
  return kept;
}

function draftHeaders(call: CapturedCall, notes: string[]): NameValue[] {
  const kept: NameValue[] = [];
  const browser: string[] = [];
  for (const header of call.requestHeaders) {
    const lower = header.name.trim().toLowerCase();
    const credential = credentialHeaderLabel(lower);
    if (credential !== undefined) notes.push(`${credential} header ${DROPPED_FOR_PROFILE}`);
    else if (lower === 'cookie')
      notes.push('Cookies dropped: calls from the panel carry no cookies.');
    else if (lower === 'companyid') {
      notes.push('companyId header dropped: the active profile sends its own Company ID.');
    } else if (lower === 'content-type') {
      if (!isJsonContentType(header.value)) {
        notes.push(
          `Content-Type ${header.value.slice(0, 60)} dropped: calls always send Content-Type: application/json.`,
        );
      }
    } else if (isBrowserHeader(lower)) browser.push(lower);
    else if (header.masked) notes.push(`${header.name} header dropped: it carried a credential.`);
    else {
      const checked = checkUserHeader(header);
      if (!checked.ok) notes.push(`${checked.error.message} That header was not taken.`);
      else if (kept.length >= MAX_ROWS || header.value.length > MAX_TEXT) {
        notes.push(
          `The header ${header.name.slice(0, 40)} was too long or one too many, and was dropped.`,
        );
      } else kept.push(checked.value);
    }
  }
  notes.push(...listNote('Browser headers dropped', browser));
  return kept;
}

function draftBody(call: CapturedCall, method: HttpMethod, notes: string[]): string {
  const body = call.requestBody;
  if (body === null) return '';
  if (body.text === null) {
    notes.push(
      `The body (${body.size ?? 'unknown'} characters) was too large to capture: add it by hand.`,
    );
    return '';
  }
  if (body.text.length > MAX_BODY) {
    notes.push('The body is longer than a composed request may be, and was dropped.');
    return '';
  }
  if (NO_BODY.has(method)) {
    notes.push(
      `The page sent a body with ${method}, which the panel refuses: choose POST, PUT or PATCH, or clear the body.`,
    );
  }
  if (body.maskedFields.length > 0) {
    notes.push(
      `The body held credentials (${body.maskedFields.slice(0, 6).join(', ')}); they are masked (••••) in the body: replace them before sending.`,
    );
  }
  if (body.mimeType !== '' && !isJsonContentType(body.mimeType)) {
    notes.push(
      `The body was sent as ${body.mimeType.slice(0, 60)}; the composer sends it as JSON.`,
    );
  }
  return body.text;
}

/** The composer draft of a captured call, or why it cannot be one. */
export function draftFromCapture(call: CapturedCall, match: CallMatch): Result<ComposerDraft> {
  const notes: string[] = [];
  const path = draftPath(call, match, notes);
  if (!path.ok) return path;
  const method = HTTP_METHODS.find((known) => known === call.method.toUpperCase());
  if (method === undefined) {
    return fail(
      'invalid_request',
      `The method ${call.method.slice(0, 20)} is not one the panel can send.`,
      `The composer sends ${HTTP_METHODS.join(', ')}.`,
    );
  }
  if (path.value.length > MAX_TEXT) {
    return fail(
      'invalid_request',
      `The path is longer than ${MAX_TEXT.toLocaleString('en')} characters.`,
      'Compose the call by hand with a shorter path.',
    );
  }
  const query = draftQuery(call, notes);
  const headers = draftHeaders(call, notes);
  const body = draftBody(call, method, notes);
  return ok({
    request: { method, path: path.value, query, headers, body },
    notes: [...new Set(notes)],
  });
}
