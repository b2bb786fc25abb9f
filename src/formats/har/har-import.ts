/**
 * Import of a HAR file (HTTP Archive 1.2, as Chrome's Network panel saves it with "Save all as
 * HAR", `_`-prefixed fields and all): the `/v1` calls the page made become the requests of a new
 * collection, one folder per API address when there are several; everything else is counted in
 * the summary instead of being lost in silence (har-import-request.ts says what is kept).
 *
 * Invariant: no credential of the file reaches the collection. Credential headers, cookies,
 * credential query parameters and body fields are dropped and named in the summary, never quoted.
 * The file is untrusted: size-capped, checked by `findUnsafeShape` before anything reads it, read
 * with checks that cannot throw, walked once. `importHar` never throws; it needs no Node API, so
 * it runs in the panel or the worker.
 */

import { MAX_ITEMS, MAX_NAME } from '../../collections/collection-schema';
import type {
  Collection,
  CollectionAuth,
  CollectionItem,
  SavedRequest,
} from '../../collections/model';
import { readJsonFile } from '../../json-text/json-file';
import { findSecretInText } from '../../redaction/secret-patterns';
import { fail, ok, type Result } from '../../vocabulary/errors';
import { ImportNotes, quoteName } from '../importing/import-notes';
import { isObject, type JsonObject } from '../importing/untrusted-json';
import { readHarEntry } from './har-entry';
import { type AuthEvidence, NOTE as ENTRY_NOTE, readHarRequest } from './har-import-request';

export interface HarImport {
  collection: Collection;
  /** One line a kind of entry or part that was not imported or was changed. */
  summary: string[];
}

/** Characters (UTF-16 code units) of file text; larger files are refused before parsing. */
export const MAX_HAR_CHARS = 32 * 1024 * 1024;
/** Entries read from one file: a bound on the work a hostile file can cause. */
const MAX_HAR_ENTRIES = 100_000;

const HINT =
  'Open DevTools > Network on the page that calls the API, make the calls, then right-click the list and choose "Save all as HAR" (Chrome) or "Save All As HAR" (Firefox); import that file.';

const NOTE = {
  repeated: 'Repeated calls were imported once',
  folders: 'Calls to more than one API address were put in one folder per address',
  manyEntries: `Only the first ${MAX_HAR_ENTRIES} entries of the file were read`,
  manyItems: `Only the first ${MAX_ITEMS - 100} calls were imported`,
  noAuth: 'The calls carried no credentials: API key is assumed, change it if needed',
  bearer:
    'The calls sent Bearer tokens: OAuth (Basic header) is assumed; choose OAuth (form body) if your token requests send the credentials in the body',
  mixed:
    'The calls used both API keys and Bearer tokens; the collection uses the one most calls used',
} as const;

interface HarFile {
  entries: unknown[];
  title: string | null;
}

/**
 * Chrome writes the call stack that made a request into `_initiator.stack`, with one nested
 * `parent` per async step: legitimately deeper than the safety check allows. The import never
 * reads it, so it is removed before the check.
 */
function dropInitiatorStacks(entries: readonly unknown[]): void {
  for (const entry of entries) {
    if (isObject(entry) && isObject(entry._initiator)) delete entry._initiator.stack;
  }
}

function parseHarFile(text: string): Result<HarFile> {
  const read = readJsonFile(text, {
    maxChars: MAX_HAR_CHARS,
    tooLarge: {
      message: `The file is larger than the ${MAX_HAR_CHARS / 1024 / 1024} MB a HAR import may have.`,
      hint: 'Filter the Network panel to the API calls (e.g. type /v1/ in its filter) before saving the HAR.',
    },
    hints: { empty: HINT, invalid: HINT, unsafe: HINT },
    prune: (data) => {
      if (isObject(data) && isObject(data.log) && Array.isArray(data.log.entries))
        dropInitiatorStacks(data.log.entries);
    },
  });
  if (!read.ok) return read;
  const data = read.value;
  const log = isObject(data) && isObject(data.log) ? data.log : null;
  if (log === null || !Array.isArray(log.entries)) {
    return fail('bad_message', 'This is not a HAR file: it has no log.entries list.', HINT);
  }
  return ok({ entries: log.entries, title: pageTitle(log) });
}

function pageTitle(log: JsonObject): string | null {
  const first = Array.isArray(log.pages) ? log.pages[0] : undefined;
  return isObject(first) && typeof first.title === 'string' ? first.title : null;
}

/** Named after the page the HAR was saved from (its host), when the title is a plain URL. */
function collectionName(title: string | null): string {
  let host = '';
  try {
    host = title === null ? '' : new URL(title).host;
  } catch {
    host = ''; // a title that is not a URL says nothing reliable about the page
  }
  return host === '' || findSecretInText(host, []) !== null
    ? 'Imported HAR'
    : `HAR of ${host}`.slice(0, MAX_NAME);
}

function chooseAuth(evidence: AuthEvidence, where: string, notes: ImportNotes): CollectionAuth {
  const oauth: CollectionAuth = {
    method: evidence.bodyTokenRequest > evidence.basicTokenRequest ? 'oauthBody' : 'oauthBasic',
    formEncodeCredentials: false,
  };
  const tokenRequests = evidence.basicTokenRequest + evidence.bodyTokenRequest;
  if (evidence.apiKey > 0 && evidence.bearer > 0) notes.add(NOTE.mixed, where);
  if (evidence.bearer > evidence.apiKey || (evidence.apiKey === 0 && tokenRequests > 0)) {
    if (tokenRequests === 0) notes.add(NOTE.bearer, where);
    return oauth;
  }
  if (evidence.apiKey === 0) notes.add(NOTE.noAuth, where);
  return { method: 'apiKey', formEncodeCredentials: false };
}

function requestName(request: HarRequestFields): string {
  const name = `${request.method} /v1/${request.path}`;
  return name.length > MAX_NAME ? `${name.slice(0, MAX_NAME - 1)}…` : name;
}

type HarRequestFields = Omit<SavedRequest, 'kind' | 'id' | 'name'>;

function importParsed(file: HarFile, newId: () => string): Result<HarImport> {
  const notes = new ImportNotes();
  const evidence: AuthEvidence = {
    apiKey: 0,
    bearer: 0,
    basicTokenRequest: 0,
    bodyTokenRequest: 0,
  };
  const byAddress = new Map<string, SavedRequest[]>();
  const seen = new Set<string>();
  let imported = 0;
  for (const [index, entry] of file.entries.entries()) {
    if (index >= MAX_HAR_ENTRIES) {
      notes.add(NOTE.manyEntries, `${file.entries.length} entries`);
      break;
    }
    const view = readHarEntry(entry);
    if (view === null) {
      notes.add(ENTRY_NOTE.noRequest, `#${index + 1}`);
      continue;
    }
    const found = readHarRequest(view, notes, evidence);
    if (found === null) continue;
    const name = requestName(found.request);
    const key = JSON.stringify([found.address, found.request]);
    if (seen.has(key)) {
      notes.add(NOTE.repeated, quoteName(name));
      continue;
    }
    // Leave room for one folder per address within the collection's item limit.
    if (imported >= MAX_ITEMS - 100) {
      notes.add(NOTE.manyItems, quoteName(name));
      break;
    }
    seen.add(key);
    imported++;
    const list = byAddress.get(found.address) ?? [];
    list.push({ kind: 'request', id: newId(), name, ...found.request });
    byAddress.set(found.address, list);
  }
  if (imported === 0) {
    return fail(
      'bad_message',
      `The HAR file holds no call under /v1/ that the page made (${file.entries.length} ${file.entries.length === 1 ? 'entry' : 'entries'} read).`,
      'Save the HAR from the Network panel of the page that calls the API, after it made its /v1 calls.',
    );
  }
  const name = collectionName(file.title);
  const where = quoteName(name);
  let items: CollectionItem[];
  if (byAddress.size === 1) items = [...byAddress.values()][0] ?? [];
  else {
    items = [...byAddress].map(([address, requests]) => {
      notes.add(NOTE.folders, quoteName(address));
      return { kind: 'folder', id: newId(), name: address.slice(0, MAX_NAME), items: requests };
    });
  }
  const auth = chooseAuth(evidence, where, notes);
  return ok({
    collection: { id: newId(), name, auth, variables: [], items },
    summary: notes.lines(),
  });
}

/** The `/v1` calls of a HAR file as a new collection, and what was left out, or a typed error. */
export function importHar(text: string, newId: () => string): Result<HarImport> {
  try {
    const parsed = parseHarFile(text);
    return parsed.ok ? importParsed(parsed.value, newId) : parsed;
  } catch (error) {
    // Every read above is checked; this is the promise that a bug still answers with a value.
    const detail = error instanceof Error ? error.name : 'unknown';
    return fail(
      'internal',
      `The HAR import stopped on an unexpected problem (${detail}).`,
      'Report this, with the file if you can share it: take the cookies and the Authorization and API key headers out of it first (in Chrome, "Save all as HAR (sanitized)" leaves out cookies and Authorization; in Firefox, edit the file).',
    );
  }
}
