/**
 * What the Postman export and import agree on: the schema addresses, which variable names count as
 * secret, and the marker line that lets an import recognise the token script an export wrote.
 * Invariant: a name for which `isSecretName` is true never carries a value out of, or into, a
 * collection.
 */

import { SECRET_VARIABLES } from '../../collections/model';
import { isCredentialName } from '../../redaction/secret-patterns';
import type { AuthMethod } from '../../vocabulary/terms';

export const POSTMAN_SCHEMA_V21 =
  'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

/** Matches the v2.0 and v2.1 schema addresses on either of Postman's schema hosts. */
export const POSTMAN_SCHEMA_PATTERN =
  /^https?:\/\/schema\.(?:getpostman|postman)\.com\/(?:json\/)?collection\/v2\.([01])\.0\//;

const SECRET_NAMES = new Set(SECRET_VARIABLES.map((name) => name.toLowerCase()));

/** The collection's secret variables, and any name people give to a credential. */
export function isSecretName(name: string): boolean {
  return SECRET_NAMES.has(name.trim().toLowerCase()) || isCredentialName(name);
}

/**
 * First line of the exported token script. The import reads the variant back from it, so a
 * collection that went out to Postman and comes back keeps its authentication settings.
 */
export const TOKEN_SCRIPT_MARKER = '// partner-api-devtools token script v1:';
const MARKER_PATTERN =
  /^\/\/ partner-api-devtools token script v1: variant=(basic|body) formEncodeCredentials=(true|false)$/;

export function tokenScriptMarker(method: AuthMethod, formEncodeCredentials: boolean): string {
  const variant = method === 'oauthBody' ? 'body' : 'basic';
  return `${TOKEN_SCRIPT_MARKER} variant=${variant} formEncodeCredentials=${formEncodeCredentials}`;
}

export function readTokenScriptMarker(
  line: string,
): { method: AuthMethod; formEncodeCredentials: boolean } | null {
  const match = MARKER_PATTERN.exec(line.trim());
  if (match === null) return null;
  return {
    method: match[1] === 'body' ? 'oauthBody' : 'oauthBasic',
    formEncodeCredentials: match[2] === 'true',
  };
}
