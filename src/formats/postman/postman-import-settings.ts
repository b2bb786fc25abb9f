/**
 * The collection-level settings of a Postman file: its authentication (and the token script an
 * export wrote, recognised by its marker line), the scripts of any level, and the variables. Secret
 * variables and variables the profile supplies stay out, reported by name.
 */

import { MAX_ROWS, MAX_TEXT } from '../../collections/collection-schema';
import { AUTH_VARIABLES, type CollectionAuth } from '../../collections/model';
import { findSecretInRow, findSecretInText } from '../../redaction/secret-patterns';
import type { NameValue } from '../../vocabulary/terms';
import { type ImportNotes, quoteName, ROW_DESCRIPTIONS } from '../importing/import-notes';
import {
  authParameter,
  isDescribed,
  isObject,
  type JsonObject,
  scriptLines,
  textOf,
} from '../importing/untrusted-json';
import { isSecretName, readTokenScriptMarker } from './postman-names';
import { readTestEntry } from './postman-test-import';
import { tokenScriptLines } from './postman-token-script';

const NOTE = {
  noAuth:
    'The collection has no authentication in Postman: API key is assumed, change it if needed',
  apiKeyPlace: 'The collection’s API key was not sent as the x-apikey header; it now is',
  grant: 'OAuth 2.0 grant types other than client credentials were replaced by client credentials',
  noGrant:
    'OAuth 2.0 settings that name no grant type (Postman then uses authorization code) were read as client credentials, the only grant this extension uses',
  tokenUrl: 'OAuth 2.0 token URLs were not imported: set the profile’s Auth URL',
  bearer: 'Bearer token authentication became OAuth client credentials (Basic header)',
  otherAuth: 'Authentication types this extension does not support were not imported',
  prerequest: 'Pre-request scripts were not imported',
  test: 'Test scripts were not imported',
  otherScript: 'Scripts were not imported',
  tokenScript: 'The exported token script had been changed; the changes were not imported',
  fromProfile: 'Variables that the profile supplies were not imported: set them in the profile',
  secretVariable: 'Variables named like secrets were not imported',
  secretValue: 'Variables whose value looks like a secret were not imported',
  disabledVariable: 'Disabled variables were not imported',
  badVariable: `Variables without a name, with a value that is not text, or longer than ${MAX_TEXT} characters were not imported`,
  manyVariables: `Only the first ${MAX_ROWS} variables were imported`,
} as const;

/** What in an oauth2 block belongs to an authorization-code login, as the summary names it. */
const AUTHORIZATION_CODE_SIGNS: readonly [string, string][] = [
  ['authUrl', 'an authorization URL'],
  ['redirect_uri', 'a callback URL'],
  ['useBrowser', 'a browser login'],
  ['code_verifier', 'a PKCE code verifier'],
  ['challengeAlgorithm', 'a PKCE challenge'],
  ['state', 'a state value'],
];

/** The grant an oauth2 block names; without one, what was assumed is said. */
function noteGrant(auth: JsonObject, where: string, notes: ImportNotes): void {
  const grant = authParameter(auth, 'oauth2', 'grant_type');
  if (grant !== null && grant.trim() !== '') {
    if (grant !== 'client_credentials') notes.add(NOTE.grant, quoteName(grant));
    return;
  }
  const signs = AUTHORIZATION_CODE_SIGNS.filter(([name]) => {
    const value = authParameter(auth, 'oauth2', name);
    return value !== null && value.trim() !== '' && value !== 'false';
  }).map(([, label]) => label);
  notes.add(
    NOTE.noGrant,
    signs.length === 0
      ? where
      : `${where} (it has ${signs.join(', ')}, as an authorization-code login does)`,
  );
}

export function readAuth(
  auth: unknown,
  marker: CollectionAuth | null,
  where: string,
  notes: ImportNotes,
): CollectionAuth {
  const type = isObject(auth) ? textOf(auth.type) : null;
  if (type === 'apikey' && isObject(auth)) {
    const key = authParameter(auth, 'apikey', 'key') ?? 'x-apikey';
    const place = authParameter(auth, 'apikey', 'in') ?? 'header';
    if (key.toLowerCase() !== 'x-apikey' || place !== 'header') {
      notes.add(NOTE.apiKeyPlace, `${quoteName(key)} in ${place}`);
    }
    return { method: 'apiKey', formEncodeCredentials: false };
  }
  if (type === 'oauth2' && isObject(auth)) {
    noteGrant(auth, where, notes);
    const tokenUrl = authParameter(auth, 'oauth2', 'accessTokenUrl');
    if (tokenUrl !== null && tokenUrl !== '') {
      const shown = findSecretInText(tokenUrl, []) === null ? quoteName(tokenUrl) : where;
      notes.add(NOTE.tokenUrl, shown);
    }
    const inBody = authParameter(auth, 'oauth2', 'client_authentication') === 'body';
    return { method: inBody ? 'oauthBody' : 'oauthBasic', formEncodeCredentials: false };
  }
  if (type === 'bearer') {
    notes.add(NOTE.bearer, where);
    return { method: 'oauthBasic', formEncodeCredentials: false };
  }
  if (type !== null && type !== 'noauth' && type !== 'inherit') {
    notes.add(NOTE.otherAuth, `${where} (${quoteName(type)})`);
  } else if (marker !== null) {
    return marker;
  } else {
    notes.add(NOTE.noAuth, where);
  }
  return { method: 'apiKey', formEncodeCredentials: false };
}

function sameLines(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((line, index) => line === b[index]);
}

/**
 * Notes the scripts of one level. At the collection level, the token script an export wrote is
 * recognised by its first line and its variant returned.
 */
export function readEvents(
  event: unknown,
  where: string,
  notes: ImportNotes,
  collectionLevel: boolean,
): CollectionAuth | null {
  if (!Array.isArray(event)) return null;
  let marker: CollectionAuth | null = null;
  for (const entry of event) {
    if (!isObject(entry)) continue;
    const lines = scriptLines(entry);
    if (lines.every((line) => line.trim() === '')) continue;
    const listen = textOf(entry.listen);
    const found =
      collectionLevel && listen === 'prerequest' ? readTokenScriptMarker(lines[0] ?? '') : null;
    if (found !== null && marker === null) {
      marker = found;
      if (!sameLines(lines, tokenScriptLines(found))) notes.add(NOTE.tokenScript, where);
    } else if (listen === 'prerequest') notes.add(NOTE.prerequest, where);
    else if (listen === 'test') {
      // A script that maps to assertions whole (one an export wrote) loses nothing.
      if (!readTestEntry(entry).complete) notes.add(NOTE.test, where);
    } else notes.add(NOTE.otherScript, `${where} (${quoteName(listen ?? '?')})`);
  }
  return marker;
}

const FROM_PROFILE: ReadonlySet<string> = new Set([
  AUTH_VARIABLES.baseUrl,
  AUTH_VARIABLES.authUrl,
  AUTH_VARIABLES.companyId,
  AUTH_VARIABLES.clientId,
]);

/** Variables, and the names of those that end in /v1 (a host `{{name}}` that is already /v1). */
export function readVariables(list: unknown, notes: ImportNotes) {
  const rows: NameValue[] = [];
  const hostsUnderV1 = new Set<string>();
  if (!Array.isArray(list)) return { rows, hostsUnderV1 };
  for (const entry of list) {
    if (!isObject(entry)) continue;
    const name = (textOf(entry.key) ?? textOf(entry.id) ?? '').trim();
    const value = entry.value === undefined || entry.value === null ? '' : textOf(entry.value);
    const shown = quoteName(name);
    if (isDescribed(entry.description)) notes.add(ROW_DESCRIPTIONS, `variable ${shown}`);
    if (value !== null && /\/v1\/?$/.test(value.trim())) hostsUnderV1.add(name);
    if (name === '' || value === null || name.length > MAX_TEXT || value.length > MAX_TEXT) {
      notes.add(NOTE.badVariable, name === '' ? '(unnamed)' : shown);
    } else if (isSecretName(name) || entry.type === 'secret') {
      // An empty one (as an export writes it) loses nothing: no note.
      if (value !== '') notes.add(NOTE.secretVariable, shown);
    } else if (FROM_PROFILE.has(name)) {
      const quiet = findSecretInRow(name, value, []) !== null;
      if (value !== '')
        notes.add(NOTE.fromProfile, quiet ? shown : `${shown} = ${quoteName(value)}`);
    } else if (findSecretInRow(name, value, []) !== null) {
      notes.add(NOTE.secretValue, shown);
    } else if (entry.disabled === true) {
      notes.add(NOTE.disabledVariable, shown);
    } else if (rows.length >= MAX_ROWS) {
      notes.add(NOTE.manyVariables, shown);
    } else {
      rows.push({ name, value });
    }
  }
  return { rows, hostsUnderV1 };
}
