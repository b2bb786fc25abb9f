/**
 * "Copy as code", once for every language: what the copied code must send, described neutrally.
 * The cURL, fetch, Python, HTTPie and PowerShell generators each render this plan and nothing else,
 * so they all send what the panel sends: the URL, headers and body of buildV1Request, and for an
 * OAuth profile the client-credentials grant as buildTokenRequest runs it (variant, RFC 6749
 * encoding).
 *
 * Invariant: a secret is in the plan only in values mode, which the UI offers only after the user
 * confirmed, and then only the API key or the access token, never the client secret. In variables
 * mode the auth header holds a reference (`secret`) that each language renders as a read of an
 * environment variable (API_KEY) or of the token its grant got (from CLIENT_ID and CLIENT_SECRET).
 */

import { buildV1Request, type CallAuth, type V1Call } from '../service/call/v1-request';
import { usesOAuth } from '../service/profile/profile';
import type { StoredProfile } from '../service/storage/stored-shapes';
import { type TokenVariant, tokenEndpoint } from '../service/token/token-request';
import { fail, ok, type Result } from '../vocabulary/errors';
import type { HttpMethod } from '../vocabulary/terms';

/** The environment (or shell) variables that variables-mode code reads. */
export const CODE_VARIABLES = {
  apiKey: 'API_KEY',
  accessToken: 'ACCESS_TOKEN',
  clientId: 'CLIENT_ID',
  clientSecret: 'CLIENT_SECRET',
} as const;

export type CodeSecrets =
  /** The default: the code reads secrets from environment variables. */
  | { mode: 'variables' }
  /**
   * Only after the user confirmed: the given value is written into the code. An API-key profile
   * needs `apiKey`, an OAuth profile `accessToken`; a value the profile does not use is left out.
   */
  | { mode: 'values'; apiKey?: string; accessToken?: string };

/** The client-credentials grant of spec 4.1 as the profile runs it. */
export interface GrantPlan {
  /** The token endpoint, parsed: its text holds no line break or control character. */
  url: string;
  variant: TokenVariant;
  /** Variant A only (as in buildTokenRequest): form-encode id and secret before joining them. */
  formEncode: boolean;
  /** For comments: `variant A, Basic header` or `variant B, form body`. */
  label: string;
}

/** A header whose value is read when the code runs: the API key, or the grant's access token. */
export interface SecretHeader {
  name: string;
  /** Text before the secret: `Bearer ` for the access token, empty for the API key. */
  prefix: string;
  secret: 'apiKey' | 'accessToken';
}
export type PlanHeader = { name: string; value: string } | SecretHeader;

export interface CallPlan {
  mode: CodeSecrets['mode'];
  /** Present for an OAuth profile; variables-mode code runs it before the call. */
  grant: GrantPlan | null;
  method: HttpMethod;
  url: string;
  /** In buildV1Request's order: Content-Type, companyId, the auth header, then the user's. */
  headers: PlanHeader[];
  body: string | null;
}

export function isSecretHeader(header: PlanHeader): header is SecretHeader {
  return 'secret' in header;
}

/** A stand-in for buildV1Request in variables mode; the plan replaces its header by a reference. */
const STAND_IN = 'secret-read-at-run-time';

function callAuth(oauth: boolean, secrets: CodeSecrets): Result<CallAuth> {
  if (secrets.mode === 'variables') {
    return ok(
      oauth ? { kind: 'bearer', accessToken: STAND_IN } : { kind: 'apiKey', apiKey: STAND_IN },
    );
  }
  if (oauth) {
    return secrets.accessToken
      ? ok({ kind: 'bearer', accessToken: secrets.accessToken })
      : fail(
          'missing_secret',
          'There is no access token to write into the copied code.',
          'Get a token first, or copy without secrets.',
        );
  }
  return secrets.apiKey
    ? ok({ kind: 'apiKey', apiKey: secrets.apiKey })
    : fail(
        'missing_secret',
        'There is no API key to write into the copied code.',
        'Save the API key in the profile, or copy without secrets.',
      );
}

function planGrant(profile: StoredProfile): Result<GrantPlan> {
  let url: string;
  try {
    url = new URL(tokenEndpoint(profile.authUrl)).href;
  } catch {
    return fail(
      'invalid_profile',
      'The profile has no valid Auth URL.',
      'Edit the profile and enter the address of the authentication host.',
    );
  }
  const basic = profile.authMethod === 'oauthBasic';
  return ok({
    url,
    variant: basic ? 'basic' : 'body',
    formEncode: basic && profile.formEncodeCredentials,
    label: basic ? 'variant A, Basic header' : 'variant B, form body',
  });
}

/**
 * The plan for `call` on `profile`. `call` is what buildV1Request takes, `{{variables}}` already
 * resolved (resolveCall), exactly as `request/send` resolves them; its refusals come back unchanged.
 */
export function planCall(
  profile: StoredProfile,
  call: V1Call,
  secrets: CodeSecrets,
): Result<CallPlan> {
  const oauth = usesOAuth(profile.authMethod);
  const auth = callAuth(oauth, secrets);
  if (!auth.ok) return auth;
  const target = { baseUrl: profile.baseUrl, companyId: profile.companyId };
  const request = buildV1Request(target, auth.value, call);
  if (!request.ok) return request;
  const grant = oauth ? planGrant(profile) : null;
  if (grant !== null && !grant.ok) return grant;

  const headers: PlanHeader[] = request.value.headers.map((header, index) => {
    // buildV1Request puts the auth header third; in variables mode it carries the stand-in.
    if (index !== 2 || secrets.mode === 'values') return header;
    return oauth
      ? { name: header.name, prefix: 'Bearer ', secret: 'accessToken' }
      : { name: header.name, prefix: '', secret: 'apiKey' };
  });
  const { method, url, body } = request.value;
  return ok({ mode: secrets.mode, grant: grant?.value ?? null, method, url, headers, body });
}

/**
 * The headers as fetch puts them on the wire, for clients that take a map of headers: values
 * trimmed of spaces and tabs, and a name given twice (in any case) sent once, its values joined
 * with ", " under the first spelling. The panel sends through fetch, so this is what it sends.
 */
export function headersAsSent(headers: readonly PlanHeader[]): PlanHeader[] {
  const merged: PlanHeader[] = [];
  for (const header of headers) {
    if (isSecretHeader(header)) {
      merged.push(header);
      continue;
    }
    const value = header.value.replace(/^[ \t]+|[ \t]+$/g, '');
    const index = merged.findIndex(
      (seen) => !isSecretHeader(seen) && seen.name.toLowerCase() === header.name.toLowerCase(),
    );
    const earlier = merged[index];
    if (earlier === undefined || isSecretHeader(earlier)) merged.push({ name: header.name, value });
    else merged[index] = { name: earlier.name, value: `${earlier.value}, ${value}` };
  }
  return merged;
}

/** Comment lines every language shares, without the comment marker. */
export const CODE_NOTES = {
  clearText: 'Contains secrets in clear text: share it only as you would share the secrets.',
  tokenExpires: 'The access token expires: copy the code again to get a new one.',
  noRedirects: 'Not followed, as in the panel: a redirect could carry a credential elsewhere.',
  grant: (grant: GrantPlan) => `Get an access token (${grant.label}), as the profile does.`,
} as const;
