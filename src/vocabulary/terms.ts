/**
 * The words every layer shares: the auth methods, the HTTP methods, name/value pairs and the
 * text limit of the message contract. Invariant: this folder imports nothing of ours, so the
 * service rules, the collection model and the message contract can all stand on it without a
 * circle (the dependency rules in .dependency-cruiser.cjs keep it so).
 */
import * as v from 'valibot';

/** The longest name, value or setting a message may carry. */
export const MAX_TEXT = 2_048;
export const ShortTextSchema = v.pipe(v.string(), v.maxLength(MAX_TEXT));

export const AUTH_METHODS = ['apiKey', 'oauthBasic', 'oauthBody'] as const;
export type AuthMethod = (typeof AUTH_METHODS)[number];

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** The languages of "Copy as": curl (Copy as cURL), fetch, Python requests, HTTPie, PowerShell. */
export const CODE_LANGUAGES = ['curl', 'fetch', 'python', 'httpie', 'powershell'] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

export const NameValueSchema = v.strictObject({ name: ShortTextSchema, value: ShortTextSchema });
export type NameValue = v.InferOutput<typeof NameValueSchema>;
