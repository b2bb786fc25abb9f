/**
 * "Import cURL": a pasted curl command becomes a request of the active profile. It reads what
 * Chrome's "Copy as cURL (bash)" and "Copy as cURL (cmd)" write, what our own "Copy as cURL"
 * writes (src/copy-as/curl.ts), and what people type by hand.
 *
 * Invariant: no credential in the command reaches the result. Authorization and API-key headers,
 * `-u`, `--oauth2-bearer`, `user:password@` in the URL and cookies are dropped, and the notes name
 * what was dropped, never its value: the active profile authenticates every call.
 *
 * The text is read as the shell it was written for would read it (curl-dialect.ts tells which):
 * POSIX words (`'…'`, `"…"`, `$'…'`, backslash-newline, `# comments`; `$VAR` and `${VAR}` kept as
 * `{{VAR}}`, `$(…)` as text, each reported) or, for Chrome's (cmd) forms and other Windows text,
 * cmd.exe then the MS C runtime (`^` escapes, `^`-newline, `\"`, `""`). Never throws: malformed or
 * hostile text gives a typed error, and every step is linear in the input, which is capped at 1 MB.
 *
 * This file keeps the entry point and the assembly of the request; the steps live beside it:
 * curl-dialect.ts with curl-shell-bash.ts / curl-shell-cmd.ts (words), curl-command.ts (which
 * command is curl), curl-options.ts (what the options say), curl-url.ts, curl-headers.ts and
 * curl-body.ts (what is kept); curl-here-document.ts puts a here-document body in place first.
 *
 * Try it by hand: DevTools > Network > right-click a /v1 call > Copy as cURL (bash), then paste.
 */

import type { SavedRequest } from '../../collections/model';
import { buildV1Request } from '../../service/call/v1-request';
import { parseServiceUrl } from '../../service/wire/url-rules';
import { type AppError, fail, ok, type Result } from '../../vocabulary/errors';
import { HTTP_METHODS, type HttpMethod } from '../../vocabulary/terms';
import { chooseBody } from './curl-body';
import { curlArguments, type FoundCurl, refuseOtherFormats } from './curl-command';
import { readShellText, withoutPrompts } from './curl-dialect';
import { declaredContentType, keptHeaders } from './curl-headers';
import { inlineHereDocuments } from './curl-here-document';
import { expansionNotes, listNote } from './curl-import-notes';
import { type DataPiece, type Draft, readOptions } from './curl-options';
import { posixCommands } from './curl-shell-bash';
import { queryRows, resolveTarget } from './curl-url';
import { MAX_ROWS, MAX_TEXT, NUL_REFUSED, shorten } from './curl-words';

export type ImportedRequest = Omit<SavedRequest, 'id' | 'name' | 'kind'>;

export interface CurlImport {
  request: ImportedRequest;
  /** What the import changed or could not carry over, in plain language; never a secret. */
  notes: string[];
}

export const MAX_CURL_INPUT = 1_000_000;

function chooseMethod(draft: Draft): Result<HttpMethod> {
  const hasData = draft.data.length > 0 || draft.dataFromFile;
  const wanted =
    draft.method?.trim().toUpperCase() ??
    (draft.head ? 'HEAD' : hasData && !draft.get ? 'POST' : 'GET');
  const method = HTTP_METHODS.find((known) => known === wanted);
  if (method === undefined) {
    return fail(
      'invalid_request',
      `The method ${JSON.stringify(shorten(wanted, 20))} is not one the panel can send.`,
      `Use one of ${HTTP_METHODS.join(', ')}.`,
    );
  }
  return ok(method);
}

/** curl joins data options with `&`, but appends --json data as it is. */
function joinData(pieces: readonly DataPiece[]): string {
  const parts: string[] = [];
  for (const [index, piece] of pieces.entries()) {
    parts.push(index > 0 && !piece.json ? `&${piece.text}` : piece.text);
  }
  return parts.join('');
}

function tooLong(what: string): { ok: false; error: AppError } {
  return fail(
    'invalid_request',
    `${what} is longer than ${MAX_TEXT.toLocaleString('en')} characters.`,
    'Shorten it in the command, or import without it and add it by hand.',
  );
}

function checkLimits(request: ImportedRequest): Result<void> {
  if (request.query.length > MAX_ROWS || request.headers.length > MAX_ROWS) {
    return fail(
      'invalid_request',
      `The command has more than ${MAX_ROWS} ${request.query.length > MAX_ROWS ? 'query parameters' : 'headers'}.`,
      'A saved request holds at most 200 of each: remove some from the command.',
    );
  }
  if (request.path.length > MAX_TEXT) return tooLong('The path');
  for (const { name, value } of request.query) {
    if (name.length > MAX_TEXT || value.length > MAX_TEXT) {
      return tooLong(`The query parameter ${shorten(name, 40)}`);
    }
  }
  for (const { name, value } of request.headers) {
    if (name.length > MAX_TEXT || value.length > MAX_TEXT)
      return tooLong(`The header ${shorten(name, 40)}`);
  }
  return ok(undefined);
}

function assemble(draft: Draft, base: URL, found: FoundCurl): Result<CurlImport> {
  const [url, ...moreUrls] = draft.urls;
  if (url === undefined) {
    return fail(
      'invalid_request',
      'The command has no URL.',
      'Paste the whole command: it needs the address of the call, e.g. https://api.example.com/v1/orders.',
    );
  }
  if (moreUrls.length > 0) {
    return fail(
      'invalid_request',
      `The command has ${draft.urls.length} URLs; a request has one.`,
      'Remove the other URLs, or import them one at a time.',
    );
  }
  const target = resolveTarget(url, draft, base);
  if (!target.ok) return target;
  const method = chooseMethod(draft);
  if (!method.ok) return method;

  const data = joinData(draft.data);
  let body = data;
  let queryParts = [target.value.rawQuery];
  if (draft.get) {
    queryParts.push(data); // -G: the data goes into the query
    body = '';
  } else {
    const chosen = chooseBody({
      text: data,
      formData: !draft.json && draft.data.length > 0,
      encoded: draft.data.some((piece) => piece.encoded),
      contentType: declaredContentType(draft),
    });
    body = chosen.body;
    draft.notes.push(...chosen.notes);
  }
  queryParts = queryParts.concat(draft.urlQuery);
  const query = queryRows(queryParts, draft.notes);
  if ((method.value === 'GET' || method.value === 'HEAD') && body.trim() !== '') {
    draft.notes.push(
      `curl would send the data as the body of a ${method.value} request, which the panel refuses: choose POST, PUT or PATCH, add -G to send it as the query, or clear the body.`,
    );
  }
  const headers = keptHeaders(draft);
  const request: ImportedRequest = {
    method: method.value,
    path: target.value.path,
    query,
    headers,
    body,
  };
  const limits = checkLimits(request);
  if (!limits.ok) return limits;
  // The same path rule as sending: no `..` (plain or encoded) may leave /v1/.
  const check = buildV1Request(
    { baseUrl: base.href, companyId: 'import-check' },
    { kind: 'apiKey', apiKey: 'import-check' },
    { method: 'POST', path: request.path, query: [], headers: [], body: '' },
  );
  if (!check.ok) return check;

  const notes = [
    ...found.notes,
    ...draft.notes,
    ...listNote('Browser headers dropped', draft.browserHeaders),
    ...listNote(
      'Options ignored, as they do not change the request the panel sends',
      draft.ignored,
    ),
    ...listNote('Options the import does not know were ignored', draft.unknown),
    ...listNote('Other shell commands in the text were ignored', found.others),
    ...expansionNotes(draft.expansions),
  ];
  return ok({ request, notes: [...new Set(notes)] });
}

function importCommand(command: string, baseUrl: string): Result<CurlImport> {
  if (command.length > MAX_CURL_INPUT) {
    return fail(
      'invalid_request',
      'The pasted text is larger than 1 MB.',
      'Import the command with a shorter body, then paste the body into the request.',
    );
  }
  if (command.trim() === '') {
    return fail('invalid_request', 'There is no command to import.', 'Paste a curl command.');
  }
  if (command.includes('\u0000')) return NUL_REFUSED;
  const base = parseServiceUrl(baseUrl, "The active profile's Base URL");
  if (!base.ok) return base;
  const format = refuseOtherFormats(command);
  if (!format.ok) return format;
  const here = inlineHereDocuments(withoutPrompts(command));
  if (!here.ok) return here;
  const shell = readShellText(here.value.text);
  if (!shell.ok) return shell;
  // Only bash text has command substitutions ($(…), backticks) to look into.
  const reread = shell.value.dialect === 'bash' ? posixCommands : undefined;
  const found = curlArguments(shell.value.commands, reread);
  if (!found.ok) return found;
  const draft = readOptions(found.value.args);
  if (!draft.ok) return draft;
  return assemble(draft.value, base.value, {
    ...found.value,
    notes: [...here.value.notes, ...found.value.notes],
  });
}

/**
 * The request a pasted curl command makes, on the active profile (`context.baseUrl`), and notes on
 * what was dropped or could not be carried over. Credentials in the command are never kept.
 */
export function importCurl(command: string, context: { baseUrl: string }): Result<CurlImport> {
  try {
    return importCommand(command, context.baseUrl);
  } catch (error) {
    // A safety net, not a path: the tests feed random text and require that it is never taken.
    return fail(
      'internal',
      `The import failed unexpectedly (${error instanceof Error ? error.name : 'unknown error'}).`,
      'Build the request by hand, and report the command (without its secrets).',
    );
  }
}
