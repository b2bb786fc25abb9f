/**
 * The words every layer shares: the auth methods, the HTTP methods, name/value pairs and the call
 * a user composes. Invariant: this folder imports nothing of ours, so the service rules, the
 * collection model and the message contract can all stand on it without a circle (the dependency
 * rules in .dependency-cruiser.cjs keep it so). No schema library here either, so the panel can
 * use these words without carrying one; the runtime schemas are in schemas.ts.
 */

export const AUTH_METHODS = ['apiKey', 'oauthBasic', 'oauthBody'] as const;
export type AuthMethod = (typeof AUTH_METHODS)[number];

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface NameValue {
  name: string;
  value: string;
}

/**
 * A call as the user composes it for the active profile: method, path under /v1/, query, extra
 * headers and body, `{{variables}}` kept. No credential is ever part of it: the profile adds them.
 */
export interface ComposedCall {
  method: HttpMethod;
  path: string;
  query: NameValue[];
  headers: NameValue[];
  body: string;
}

/** The longest name, value or setting a message may carry. */
export const MAX_TEXT = 2_048;
/** The largest request body a call may carry. */
export const MAX_BODY = 10 * 1024 * 1024;
/** The most query parameters, and the most headers, a call may carry. */
export const MAX_ROWS = 200;

/**
 * Which part of a call is beyond what a message may carry (the bounds the contract's schema
 * holds it to), in words for the composer, or null when it fits.
 */
export function oversizedPart(call: ComposedCall): string | null {
  const limit = MAX_TEXT.toLocaleString('en');
  if (call.path.length > MAX_TEXT)
    return `The path is longer than the ${limit} characters a call may have.`;
  for (const [rows, what] of [
    [call.query, 'query parameters'],
    [call.headers, 'headers'],
  ] as const) {
    if (rows.length > MAX_ROWS) return `A call may have at most ${MAX_ROWS} ${what}.`;
    if (rows.some((row) => row.name.length > MAX_TEXT || row.value.length > MAX_TEXT)) {
      return `A name or value in the ${what} is longer than the ${limit} characters a call may have.`;
    }
  }
  if (call.body.length > MAX_BODY) {
    return `The body is larger than the ${MAX_BODY / 1024 / 1024} MB a call may have.`;
  }
  return null;
}

/** The languages of "Copy as": curl (Copy as cURL), fetch, Python requests, HTTPie, PowerShell. */
export const CODE_LANGUAGES = ['curl', 'fetch', 'python', 'httpie', 'powershell'] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];
