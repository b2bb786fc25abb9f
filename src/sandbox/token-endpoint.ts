/**
 * `POST /o/oauth/accesstoken` (spec 4.1), checked in the order an Apigee OAuthV2 policy checks:
 * method, content type, grant_type, then the client. Credentials come from a Basic header
 * (variant A) or from the form body (variant B); when a Basic header is present it wins.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { appProducts } from './api-products';
import type { SandboxCredentials } from './credentials';
import { methodNotAllowed, oauthError } from './faults';
import { jsonReply, type Reply } from './reply';
import type { SandboxSwitches } from './switches';
import { buildTokenResponse } from './token-response';
import type { TokenStore } from './token-store';

export const TOKEN_PATH = '/o/oauth/accesstoken';
const FORM_TYPE = 'application/x-www-form-urlencoded';

export interface TokenRequest {
  method: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface TokenContext {
  credentials: SandboxCredentials;
  switches: SandboxSwitches;
  store: TokenStore;
  now: number;
}

interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

/**
 * Variant A. The header is decoded as Apigee decodes it: base64 to UTF-8, split at the first colon,
 * and no form-decoding of the parts (RFC 6749 2.3.1 asks for it, Apigee does not do it), so a
 * secret containing `%` or `+` is compared as sent.
 */
export function decodeBasicCredentials(authorization: string): ClientCredentials | null {
  const match = /^Basic\s+(\S*)\s*$/i.exec(authorization);
  if (match?.[1] === undefined) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return { clientId: decoded, clientSecret: '' };
  return { clientId: decoded.slice(0, colon), clientSecret: decoded.slice(colon + 1) };
}

function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

function clientFrom(headers: IncomingHttpHeaders, form: URLSearchParams): ClientCredentials {
  const authorization = headers.authorization;
  const basic = authorization === undefined ? null : decodeBasicCredentials(authorization);
  if (basic !== null) return basic;
  return { clientId: form.get('client_id') ?? '', clientSecret: form.get('client_secret') ?? '' };
}

export function handleTokenRequest(request: TokenRequest, context: TokenContext): Reply {
  if (request.method !== 'POST') return methodNotAllowed(request.method, TOKEN_PATH, ['POST']);

  const type = mediaType(request.headers['content-type']);
  if (type !== FORM_TYPE) {
    return oauthError(
      400,
      'invalid_request',
      `Unsupported Content-Type : ${type === '' ? '(none)' : type.slice(0, 80)}. Send ${FORM_TYPE}`,
    );
  }

  const form = new URLSearchParams(request.body);
  const grantType = form.get('grant_type');
  if (grantType === null || grantType === '')
    return oauthError(400, 'invalid_request', 'Required param : grant_type');
  if (grantType !== 'client_credentials') {
    return oauthError(400, 'invalid_request', `Unsupported grant type : ${grantType.slice(0, 80)}`);
  }

  const client = clientFrom(request.headers, form);
  if (client.clientId !== context.credentials.clientId) {
    return oauthError(401, 'invalid_client', 'ClientId is Invalid');
  }
  if (client.clientSecret !== context.credentials.clientSecret) {
    return oauthError(401, 'invalid_client', 'Client credentials are invalid');
  }

  const issued = context.store.issue(
    client.clientId,
    context.switches.tokenLifetimeSeconds,
    context.now,
    {
      products: appProducts(context.switches).map((product) => product.name),
      scope: (form.get('scope') ?? '').trim().slice(0, 200),
    },
  );
  // RFC 6749 5.1: token responses must not be cached.
  return jsonReply(200, buildTokenResponse(issued, context.credentials, context.switches), {
    'cache-control': 'no-store',
    pragma: 'no-cache',
  });
}
