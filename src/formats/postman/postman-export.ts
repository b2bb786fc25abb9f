/**
 * Export of a collection as a Postman Collection v2.1 file that runs as it is, in Postman and in
 * `newman run exported.json --env-var baseUrl=… --env-var companyId=… --env-var apiKey=…` (or
 * `authUrl`, `clientId`, `clientSecret` for OAuth). Every request goes to `{{baseUrl}}/v1/<path>`
 * with the contract headers of spec 4.2; authentication is collection-level: Postman's `apikey`
 * auth on `x-apikey`, or for OAuth the token script of `postman-token-script.ts`.
 *
 * A request's assertions and answer variables become its test script (postman-test-script.ts).
 *
 * Invariant: no secret leaves through an export. Secret variables are written with empty values
 * (a variable named like a credential, and a profile variable that holds a stored secret in any
 * form or looks like a secret), and user headers that would carry credentials (the contract
 * headers) are left out. The collection itself passes the export linter before this runs.
 * The output is deterministic: the same collection gives the same text, byte for byte.
 */

import { type CredentialPair, createSecretCheck } from '../../collections/export-lint';
import {
  AUTH_VARIABLES,
  type Collection,
  type CollectionItem,
  type SavedRequest,
} from '../../collections/model';
import { sentQuery } from '../../collections/path-query';
import { CONTRACT_HEADERS } from '../../service/wire/headers';
import type { AuthMethod, NameValue } from '../../vocabulary/terms';
import type {
  PostmanAuth,
  PostmanCollectionJson,
  PostmanItem,
  PostmanKeyValue,
  PostmanRequest,
  PostmanUrl,
} from './postman-format';
import { isSecretName, POSTMAN_SCHEMA_V21 } from './postman-names';
import { testScriptLines } from './postman-test-script';
import { tokenScriptLines } from './postman-token-script';

/** Non-secret profile settings that may be written into the collection's variables. */
export interface PostmanExportOptions {
  values?: { baseUrl?: string; authUrl?: string; companyId?: string; clientId?: string };
  /**
   * The profile's own Variables, written after its settings (they win over the collection's, as
   * in the panel); one that holds or looks like a secret is written with an empty value.
   */
  profileVariables?: readonly NameValue[];
  /** Every stored secret, and OAuth client id and secret pairs, for the check of those variables. */
  storedSecrets?: readonly string[];
  pairs?: readonly CredentialPair[];
}

const NO_BODY_METHODS = new Set(['GET', 'HEAD']);
const CONTRACT = new Set<string>(CONTRACT_HEADERS);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID-shaped id for Postman, derived from the collection id (RFC 9562 version 8 layout). */
export function postmanIdFor(collectionId: string): string {
  if (UUID.test(collectionId)) return collectionId.toLowerCase();
  // cyrb128: four 32-bit lanes of a non-cryptographic hash; stable across runs and platforms.
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let index = 0; index < collectionId.length; index++) {
    const code = collectionId.charCodeAt(index);
    h1 = h2 ^ Math.imul(h1 ^ code, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ code, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ code, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ code, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  const hex = [h1 ^ h2 ^ h3 ^ h4, h2 ^ h1, h3 ^ h1, h4 ^ h1]
    .map((lane) => (lane >>> 0).toString(16).padStart(8, '0'))
    .join('');
  const version = `8${hex.slice(13, 16)}`;
  const variant = `${((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}`;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${version}-${variant}-${hex.slice(20, 32)}`;
}

function buildUrl(request: SavedRequest): PostmanUrl {
  const { path: pathPart, pairs } = sentQuery(request);
  const query: PostmanKeyValue[] = pairs.map(({ name, value }) => ({ key: name, value }));
  const search = query
    .map(({ key, value }) => (value === null ? key : `${key}=${value}`))
    .join('&');
  const host = `{{${AUTH_VARIABLES.baseUrl}}}`;
  const url: PostmanUrl = {
    raw: `${host}/v1/${pathPart}${search === '' ? '' : `?${search}`}`,
    host: [host],
    path: ['v1', ...pathPart.split('/')],
  };
  if (query.length > 0) url.query = query;
  return url;
}

function buildRequest(request: SavedRequest): PostmanRequest {
  const header: PostmanKeyValue[] = [
    { key: 'Content-Type', value: 'application/json', type: 'text' },
    { key: 'companyId', value: `{{${AUTH_VARIABLES.companyId}}}`, type: 'text' },
  ];
  for (const { name, value } of request.headers) {
    const key = name.trim();
    // Contract headers come from the profile; a saved copy could only duplicate or leak them.
    if (key === '' || CONTRACT.has(key.toLowerCase())) continue;
    header.push({ key, value, type: 'text' });
  }
  const built: PostmanRequest = { method: request.method, header, url: buildUrl(request) };
  if (request.body !== '' && !NO_BODY_METHODS.has(request.method)) {
    built.body = { mode: 'raw', raw: request.body, options: { raw: { language: 'json' } } };
  }
  return built;
}

function buildItems(items: readonly CollectionItem[]): PostmanItem[] {
  return items.map((item) => {
    if (item.kind === 'folder')
      return { id: item.id, name: item.name, item: buildItems(item.items) };
    const tests = testScriptLines(item);
    return {
      id: item.id,
      name: item.name,
      request: buildRequest(item),
      ...(tests === null
        ? {}
        : { event: [{ listen: 'test', script: { type: 'text/javascript', exec: tests } }] }),
    };
  });
}

function buildVariables(collection: Collection, options: PostmanExportOptions): PostmanKeyValue[] {
  const values = options.values ?? {};
  const settings: [name: string, value: string][] = [
    [AUTH_VARIABLES.baseUrl, values.baseUrl ?? ''],
    [AUTH_VARIABLES.authUrl, values.authUrl ?? ''],
    [AUTH_VARIABLES.companyId, values.companyId ?? ''],
  ];
  if (collection.auth.method === 'apiKey') settings.push([AUTH_VARIABLES.apiKey, '']);
  else
    settings.push(
      [AUTH_VARIABLES.clientId, values.clientId ?? ''],
      [AUTH_VARIABLES.clientSecret, ''],
    );
  const taken = new Set<string>(Object.values(AUTH_VARIABLES));
  const variables = settings.map(([key, value]) => ({
    key,
    value: isSecretName(key) ? '' : value,
    type: 'string' as const,
  }));
  const check = createSecretCheck(options.storedSecrets ?? [], { pairs: options.pairs ?? [] });
  for (const { name, value } of options.profileVariables ?? []) {
    const key = name.trim();
    if (key === '' || taken.has(key)) continue;
    taken.add(key);
    const secret = isSecretName(key) || check.row({ name: key, value }) !== null;
    variables.push({ key, value: secret ? '' : value, type: 'string' });
  }
  for (const { name, value } of collection.variables) {
    const key = name.trim();
    // The profile's settings win over a collection variable of the same name, as in the panel.
    if (key === '' || taken.has(key)) continue;
    taken.add(key);
    variables.push({ key, value: isSecretName(key) ? '' : value, type: 'string' });
  }
  return variables;
}

function buildAuth(collection: Collection): PostmanAuth {
  if (collection.auth.method !== 'apiKey') return { type: 'noauth' };
  return {
    type: 'apikey',
    apikey: [
      { key: 'key', value: 'x-apikey', type: 'string' },
      { key: 'value', value: `{{${AUTH_VARIABLES.apiKey}}}`, type: 'string' },
      { key: 'in', value: 'header', type: 'string' },
    ],
  };
}

/** What `info.description` says: how to fill the variables in. */
export function exportDescription(method: AuthMethod): string {
  const secrets =
    method === 'apiKey'
      ? `${AUTH_VARIABLES.apiKey}`
      : `${AUTH_VARIABLES.authUrl}, ${AUTH_VARIABLES.clientId}, ${AUTH_VARIABLES.clientSecret}`;
  return [
    'Exported by Partner API DevTools. Secrets are not part of this file.',
    `Set ${AUTH_VARIABLES.baseUrl}, ${AUTH_VARIABLES.companyId} and ${secrets} in a Postman environment,`,
    `or run: newman run <file> --env-var ${AUTH_VARIABLES.baseUrl}=… --env-var ${AUTH_VARIABLES.companyId}=… (and the others).`,
  ].join('\n');
}

/** The v2.1 collection as data: what `exportPostman` writes, and what the v3 export is made from. */
export function buildPostmanCollection(
  collection: Collection,
  options: PostmanExportOptions = {},
): PostmanCollectionJson {
  return {
    info: {
      _postman_id: postmanIdFor(collection.id),
      name: collection.name,
      description: exportDescription(collection.auth.method),
      schema: POSTMAN_SCHEMA_V21,
    },
    item: buildItems(collection.items),
    auth: buildAuth(collection),
    ...(collection.auth.method === 'apiKey'
      ? {}
      : {
          event: [
            {
              listen: 'prerequest',
              script: { type: 'text/javascript', exec: tokenScriptLines(collection.auth) },
            },
          ],
        }),
    variable: buildVariables(collection, options),
  };
}

export function exportPostman(collection: Collection, options: PostmanExportOptions = {}): string {
  return `${JSON.stringify(buildPostmanCollection(collection, options), null, '\t')}\n`;
}
