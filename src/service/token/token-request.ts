/**
 * Builds the client-credentials token request of spec section 4.1, variant A (Basic header) or B
 * (form body). Base64 is taken over the UTF-8 bytes (not `btoa` of a JS string, which throws on
 * non-Latin-1 text and mangles Latin-1 text). RFC 6749 section 2.3.1 form-encoding of id and secret
 * before joining is optional: the spec (and Apigee) join them raw; standards-strict servers decode.
 */

import { maskSecret } from '../../redaction/mask';
import type { NameValue } from '../../vocabulary/terms';
import { redactHeaders } from '../wire/headers';

export type TokenVariant = 'basic' | 'body';

export interface TokenRequestInput {
  authUrl: string;
  clientId: string;
  clientSecret: string;
  variant: TokenVariant;
  /** Variant A only: form-encode id and secret before joining them (RFC 6749 section 2.3.1). */
  formEncodeCredentials: boolean;
}

export interface PreparedTokenRequest {
  method: 'POST';
  url: string;
  headers: NameValue[];
  body: string;
}

export const TOKEN_PATH = '/o/oauth/accesstoken';
const FORM = 'application/x-www-form-urlencoded';

export function tokenEndpoint(authUrl: string): string {
  return `${authUrl.replace(/\/+$/, '')}${TOKEN_PATH}`;
}

export function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** application/x-www-form-urlencoded, as URLSearchParams writes it (space as +). */
export function formEncode(text: string): string {
  return new URLSearchParams([['', text]]).toString().slice(1);
}

export function basicCredentials(
  clientId: string,
  clientSecret: string,
  formEncoded: boolean,
): string {
  const id = formEncoded ? formEncode(clientId) : clientId;
  const secret = formEncoded ? formEncode(clientSecret) : clientSecret;
  return base64Utf8(`${id}:${secret}`);
}

export function buildTokenRequest(input: TokenRequestInput): PreparedTokenRequest {
  const url = tokenEndpoint(input.authUrl);
  if (input.variant === 'basic') {
    return {
      method: 'POST',
      url,
      headers: [
        { name: 'Content-Type', value: FORM },
        {
          name: 'Authorization',
          value: `Basic ${basicCredentials(input.clientId, input.clientSecret, input.formEncodeCredentials)}`,
        },
      ],
      body: 'grant_type=client_credentials',
    };
  }
  const body = new URLSearchParams([
    ['grant_type', 'client_credentials'],
    ['client_id', input.clientId],
    ['client_secret', input.clientSecret],
  ]).toString();
  return { method: 'POST', url, headers: [{ name: 'Content-Type', value: FORM }], body };
}

/** The request as it may be shown: the Basic credentials hidden, the client_secret parameter masked. */
export function redactTokenRequest(request: PreparedTokenRequest): PreparedTokenRequest {
  const secret = new URLSearchParams(request.body).get('client_secret');
  const body =
    secret === null
      ? request.body
      : // A replacer function: a replacement string would expand `$&` and the like in the secret.
        request.body.replace(
          /(^|&)client_secret=[^&]*/,
          (_match, lead: string) => `${lead}client_secret=${maskSecret(secret)}`,
        );
  return { ...request, headers: redactHeaders(request.headers), body };
}
