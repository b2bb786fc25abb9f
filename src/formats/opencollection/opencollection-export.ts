/**
 * Export of a collection as an OpenCollection YAML folder (Bruno 3) that `bru run` executes as it
 * is: `bru run --env <profile> --env-var apiKey=…` (or `clientSecret=…` for OAuth).
 *
 * - `opencollection.yml`: the name, the contract headers every request sends (Content-Type,
 *   `companyId: {{companyId}}`), the collection's variables and its authentication: an API key in
 *   `x-apikey`, or OAuth 2.0 client credentials at `{{authUrl}}/o/oauth/accesstoken` with the
 *   credentials in a Basic header (variant A) or in the body (variant B), the token sent as
 *   `Authorization: Bearer`. Every placement is written out: Bruno's defaults differ from the spec.
 * - a folder per folder (`folder.yml` with its name and place), one file per request, `seq` for
 *   the order, names safe on every OS (opencollection-file-names.ts).
 * - `environments/<profile>.yml` per profile: its non-secret settings as values, the secret by
 *   name only (`secret: true`, no value).
 *
 * Invariant: no secret is written. The collection passes the export linter first (a refusal names
 * the field); a profile's settings must not hold a stored secret in any form; a profile variable
 * named like a credential, holding a stored secret in any form or looking like a secret is written
 * as a secret variable without its value; and every file written is searched once more for every
 * form of every stored secret. Same input, same bytes.
 */
import {
  type CredentialPair,
  createSecretCheck,
  lintForSecrets,
  type SecretCheck,
} from '../../collections/export-lint';
import {
  AUTH_VARIABLES,
  type Collection,
  type CollectionItem,
  type SavedRequest,
} from '../../collections/model';
import { isCredentialName } from '../../redaction/secret-patterns';
import { fail, ok, type Result } from '../../vocabulary/errors';
import type { AuthMethod, NameValue } from '../../vocabulary/terms';
import { FolderNames } from './opencollection-file-names';
import {
  COLLECTION_FILE,
  type CollectionFile,
  ENVIRONMENTS_DIR,
  FOLDER_FILE,
  OPENCOLLECTION_VERSION,
  TOKEN_PATH,
  toYaml,
  YAML_EXTENSION,
  type YamlMap,
} from './opencollection-format';
import { buildRequestFile } from './opencollection-write-request';

/** A profile's non-secret settings, written as one environment. */
export interface ExportEnvironment {
  name: string;
  baseUrl: string;
  authUrl: string;
  companyId: string;
  clientId: string;
  /** The profile's own (non-secret) variables. */
  variables: NameValue[];
}

export interface OpenCollectionExportOptions {
  environments: readonly ExportEnvironment[];
  /** Every stored secret: none may appear in a written file. */
  storedSecrets: readonly string[];
  /** OAuth profiles' client ids with their secrets (base64 of the two is a form of the secret). */
  pairs?: readonly CredentialPair[];
}

const variable = (name: string) => `{{${name}}}`;

/** The collection's authentication as Bruno reads it; every placement explicit. */
export function buildAuth(method: AuthMethod): YamlMap {
  if (method === 'apiKey') {
    return {
      type: 'apikey',
      key: 'x-apikey',
      value: variable(AUTH_VARIABLES.apiKey),
      placement: 'header',
    };
  }
  return {
    type: 'oauth2',
    flow: 'client_credentials',
    accessTokenUrl: `${variable(AUTH_VARIABLES.authUrl)}${TOKEN_PATH}`,
    credentials: {
      clientId: variable(AUTH_VARIABLES.clientId),
      clientSecret: variable(AUTH_VARIABLES.clientSecret),
      placement: method === 'oauthBasic' ? 'basic_auth_header' : 'body',
    },
    // Without a placement Bruno sends no Authorization header at all; the header value is the
    // prefix only (`Authorization` here would send `Authorization: Authorization <token>`).
    tokenConfig: { placement: { header: 'Bearer' } },
  };
}

function docsFor(collection: Collection): string {
  const secret =
    collection.auth.method === 'apiKey' ? AUTH_VARIABLES.apiKey : AUTH_VARIABLES.clientSecret;
  const lines = [
    'Exported by Partner API DevTools. Secrets are not part of these files.',
    `Run: npx @usebruno/cli run --env <environment> --env-var ${secret}=… --reporter-junit results.xml`,
  ];
  if (collection.auth.method === 'oauthBasic' && collection.auth.formEncodeCredentials) {
    lines.push(
      'Bruno sends the client id and secret in the Basic header without form-encoding them; credentials with characters RFC 6749 encodes (such as spaces or +) need the body variant.',
    );
  }
  return lines.join('\n');
}

function buildCollectionFile(collection: Collection): YamlMap {
  // The profile's settings win over a collection variable of the same name, as in the panel:
  // they come from the environment, and a stale copy in the collection file is left out.
  const taken = new Set<string>(Object.values(AUTH_VARIABLES));
  const variables = collection.variables
    .map(({ name, value }) => ({ name: name.trim(), value }))
    .filter(({ name }) => name !== '' && !taken.has(name));
  return {
    opencollection: OPENCOLLECTION_VERSION,
    info: { name: collection.name },
    request: {
      headers: [
        { name: 'Content-Type', value: 'application/json' },
        { name: 'companyId', value: variable(AUTH_VARIABLES.companyId) },
      ],
      auth: buildAuth(collection.auth.method),
      variables: variables.length === 0 ? undefined : variables,
    },
    docs: docsFor(collection),
  };
}

function environmentVariables(
  method: AuthMethod,
  environment: ExportEnvironment,
  check: SecretCheck,
): YamlMap[] {
  const settings: [string, string][] = [
    [AUTH_VARIABLES.baseUrl, environment.baseUrl],
    [AUTH_VARIABLES.companyId, environment.companyId],
  ];
  if (method !== 'apiKey') {
    settings.splice(1, 0, [AUTH_VARIABLES.authUrl, environment.authUrl]);
    settings.push([AUTH_VARIABLES.clientId, environment.clientId]);
  }
  const secret = method === 'apiKey' ? AUTH_VARIABLES.apiKey : AUTH_VARIABLES.clientSecret;
  const taken = new Set<string>(Object.values(AUTH_VARIABLES));
  const rows: YamlMap[] = settings.map(([name, value]) => ({ name, value }));
  rows.push({ name: secret, secret: true });
  for (const { name, value } of environment.variables) {
    const key = name.trim();
    if (key === '' || taken.has(key)) continue;
    taken.add(key);
    const secret = isCredentialName(key) || check.row({ name: key, value }) !== null;
    rows.push(secret ? { name: key, secret: true } : { name: key, value });
  }
  return rows;
}

/**
 * A refusal when a profile's setting holds a stored secret in any form (named by field, never
 * quoted). Its variables are not refused: one that holds a secret is written without its value.
 */
function checkEnvironment(environment: ExportEnvironment, check: SecretCheck): Result<true> {
  const fields: [string, string][] = [
    ['Base URL', environment.baseUrl],
    ['Auth URL', environment.authUrl],
    ['Company ID', environment.companyId],
    ['Client ID', environment.clientId],
  ];
  for (const [field, value] of fields) {
    if (check.stored(value) !== null) {
      return fail(
        'invalid_request',
        `Export refused: the ${field} of profile ${JSON.stringify(environment.name.slice(0, 60))} holds one of your stored secrets.`,
        'A secret belongs only in the profile’s API key or Client secret: edit the profile, then export again. Nothing was written.',
      );
    }
  }
  return ok(true);
}

/** A refusal when a written file holds a stored secret in any form that the checks above missed. */
function checkFiles(files: readonly CollectionFile[], check: SecretCheck): Result<true> {
  const held = files.find(({ text }) => check.stored(text) !== null);
  if (held === undefined) return ok(true);
  return fail(
    'invalid_request',
    `Export refused: ${held.path} would hold one of your stored secrets.`,
    'Replace the value with a {{variable}} and keep secrets only in the profile’s API key or Client secret, then export again. Nothing was written.',
  );
}

function writeItems(
  items: readonly CollectionItem[],
  directory: string,
  names: FolderNames,
  files: CollectionFile[],
): void {
  for (const [index, item] of items.entries()) {
    if (item.kind === 'folder') {
      const folder = `${directory}${names.claim(item.name, '', 'folder')}/`;
      files.push({
        path: `${folder}${FOLDER_FILE}`,
        text: toYaml({ info: { name: item.name, type: 'folder', seq: index + 1 } }),
      });
      writeItems(item.items, folder, new FolderNames([FOLDER_FILE]), files);
    } else {
      const file = names.claim(item.name, YAML_EXTENSION, 'request');
      files.push({
        path: `${directory}${file}`,
        text: toYaml(buildRequestFile(item as SavedRequest, index + 1)),
      });
    }
  }
}

/** The files of the collection folder, or a refusal naming where a secret was found. */
export function exportOpenCollection(
  collection: Collection,
  options: OpenCollectionExportOptions,
): Result<CollectionFile[]> {
  const pairs = options.pairs ?? [];
  const clean = lintForSecrets(collection, options.storedSecrets, pairs);
  if (!clean.ok) return clean;
  const check = createSecretCheck(options.storedSecrets, { pairs });
  for (const environment of options.environments) {
    const checked = checkEnvironment(environment, check);
    if (!checked.ok) return checked;
  }
  const files: CollectionFile[] = [
    { path: COLLECTION_FILE, text: toYaml(buildCollectionFile(collection)) },
  ];
  const environmentNames = new FolderNames();
  for (const environment of options.environments) {
    const file = environmentNames.claim(environment.name, YAML_EXTENSION, 'environment');
    const data: YamlMap = {
      name: file.slice(0, -YAML_EXTENSION.length),
      variables: environmentVariables(collection.auth.method, environment, check),
    };
    files.push({ path: `${ENVIRONMENTS_DIR}/${file}`, text: toYaml(data) });
  }
  writeItems(
    collection.items,
    '',
    new FolderNames([COLLECTION_FILE, FOLDER_FILE, ENVIRONMENTS_DIR]),
    files,
  );
  const written = checkFiles(files, check);
  return written.ok ? ok(files) : written;
}
