/**
 * The document's security schemes, mapped to what the panel knows: an `apiKey` scheme sent in the
 * `x-apikey` header suggests the API key method; an `oauth2` scheme with a client-credentials flow
 * (`clientCredentials` in OpenAPI 3, `application` in Swagger 2.0) suggests OAuth, with its token
 * URL's origin as the Auth URL (the panel adds `/o/oauth/accesstoken`). The schemes the document
 * requires at its top level are preferred, in their order. Everything else is reported. A
 * document never carries credentials here, only their names and places.
 */

import type { CollectionAuth } from '../../collections/model';
import { TOKEN_PATH } from '../../service/token/token-request';
import type { AuthMethod } from '../../vocabulary/terms';
import { type ImportNotes, quoteName } from '../importing/import-notes';
import { isObject, type JsonObject } from '../importing/untrusted-json';
import { locateServer, type ServerLocation } from './openapi-servers';

export interface SuggestedAuth {
  method: AuthMethod;
  /** OAuth only: the token URL's origin, to offer as the profile's Auth URL; null if unknown. */
  authUrl: string | null;
}

export interface SecurityReading {
  auth: CollectionAuth;
  suggestedAuth: SuggestedAuth | null;
  /** The scheme the collection's authentication came from, for the operations' own requirements. */
  chosenScheme: string | null;
}

const NOTE = {
  none: 'The document declares no security scheme: API key is assumed, change it if needed',
  noneFits:
    'None of the document’s security schemes fits the panel: API key is assumed, change it if needed',
  unsupported: 'Security schemes this extension does not support were not used',
  alternative: 'Other supported security schemes of the document were not used',
  tokenPath: `The token URL’s path is not ${TOKEN_PATH}, which the panel calls at the Auth URL: check the profile`,
  relativeTokenUrl:
    'The token URL is relative and the server URL is not absolute: set the profile’s Auth URL',
} as const;

type Candidate =
  | { kind: 'apiKey'; name: string }
  | { kind: 'oauth'; name: string; tokenUrl: string }
  | { kind: 'other'; name: string; label: string };

function describeScheme(scheme: JsonObject): string {
  const type = typeof scheme.type === 'string' ? scheme.type : 'unknown type';
  if (type === 'apiKey') {
    const place = typeof scheme.in === 'string' ? scheme.in : '?';
    const name = typeof scheme.name === 'string' ? scheme.name : '?';
    return `API key in ${place} ${quoteName(name)}`;
  }
  if (type === 'http' && typeof scheme.scheme === 'string') return `HTTP ${scheme.scheme}`;
  if (type === 'oauth2') {
    const flows = isObject(scheme.flows) ? Object.keys(scheme.flows) : [];
    const flow = typeof scheme.flow === 'string' ? [scheme.flow] : flows;
    return `OAuth 2.0 ${flow.join(', ') || 'without flows'}`;
  }
  return type;
}

function readCandidate(name: string, scheme: unknown): Candidate {
  if (!isObject(scheme)) return { kind: 'other', name, label: 'not an object' };
  if (
    scheme.type === 'apiKey' &&
    scheme.in === 'header' &&
    typeof scheme.name === 'string' &&
    scheme.name.toLowerCase() === 'x-apikey'
  ) {
    return { kind: 'apiKey', name };
  }
  if (scheme.type === 'oauth2') {
    // OpenAPI 3: flows.clientCredentials.tokenUrl; Swagger 2.0: flow "application" + tokenUrl.
    const flow = isObject(scheme.flows) ? scheme.flows.clientCredentials : undefined;
    const tokenUrl = isObject(flow)
      ? flow.tokenUrl
      : scheme.flow === 'application'
        ? scheme.tokenUrl
        : undefined;
    if (typeof tokenUrl === 'string') return { kind: 'oauth', name, tokenUrl };
  }
  return { kind: 'other', name, label: describeScheme(scheme) };
}

/** Scheme names in the order the document's top-level `security` requirements list them. */
function requiredNames(security: unknown): string[] {
  if (!Array.isArray(security)) return [];
  const names: string[] = [];
  for (const requirement of security) {
    if (!isObject(requirement)) continue;
    for (const name of Object.keys(requirement)) if (!names.includes(name)) names.push(name);
  }
  return names;
}

/** The Auth URL for a token URL: its origin; a relative one is taken against the server's. */
function authUrlOf(tokenUrl: string, server: ServerLocation, notes: ImportNotes): string | null {
  const location = locateServer(tokenUrl);
  const origin = location.origin ?? server.origin;
  if (origin === null) {
    notes.add(NOTE.relativeTokenUrl, quoteName(tokenUrl));
    return null;
  }
  const path = `/${location.segments.join('/')}`;
  if (path !== TOKEN_PATH) notes.add(NOTE.tokenPath, quoteName(path));
  return origin;
}

/**
 * `schemes`: OpenAPI 3's `components.securitySchemes` or Swagger 2.0's `securityDefinitions`.
 * `security`: the document's top-level requirements. `where`: the document, for the summary.
 */
export function readSecurity(
  schemes: unknown,
  security: unknown,
  server: ServerLocation,
  where: string,
  notes: ImportNotes,
): SecurityReading {
  const declared = isObject(schemes) ? Object.keys(schemes) : [];
  const required = requiredNames(security).filter((name) => declared.includes(name));
  const order = [...required, ...declared.filter((name) => !required.includes(name))];
  const candidates = order.map((name) => readCandidate(name, (schemes as JsonObject)[name]));
  const chosen = candidates.find((candidate) => candidate.kind !== 'other');
  for (const candidate of candidates) {
    if (candidate.kind === 'other') {
      notes.add(NOTE.unsupported, `${quoteName(candidate.name)} (${candidate.label})`);
    } else if (candidate !== chosen) {
      notes.add(NOTE.alternative, quoteName(candidate.name));
    }
  }
  if (chosen === undefined) {
    notes.add(declared.length === 0 ? NOTE.none : NOTE.noneFits, where);
    return {
      auth: { method: 'apiKey', formEncodeCredentials: false },
      suggestedAuth: null,
      chosenScheme: null,
    };
  }
  if (chosen.kind === 'apiKey') {
    return {
      auth: { method: 'apiKey', formEncodeCredentials: false },
      suggestedAuth: { method: 'apiKey', authUrl: null },
      chosenScheme: chosen.name,
    };
  }
  // Variant A (Basic header) is the spec's first; the profile can switch to the form body.
  return {
    auth: { method: 'oauthBasic', formEncodeCredentials: false },
    suggestedAuth: { method: 'oauthBasic', authUrl: authUrlOf(chosen.tokenUrl, server, notes) },
    chosenScheme: chosen.name,
  };
}
