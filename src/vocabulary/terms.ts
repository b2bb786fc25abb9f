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

/** The languages of "Copy as": curl (Copy as cURL), fetch, Python requests, HTTPie, PowerShell. */
export const CODE_LANGUAGES = ['curl', 'fetch', 'python', 'httpie', 'powershell'] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];
