/**
 * The header contract of spec 4.2 for every `/v1` call: exactly one of `x-apikey` or
 * `Authorization: Bearer`, and a UUID-shaped `companyId`. Authentication is checked first because a
 * gateway verifies the key or token before anything behind it looks at the request.
 */
import { type SandboxCredentials, UUID_SHAPE } from './credentials';
import { AUTH_FAULTS, apigeeFault } from './faults';
import type { Reply } from './reply';
import type { IssuedToken, TokenStore } from './token-store';

export type CallerAuth = { method: 'apikey' } | { method: 'bearer'; clientId: string };

export interface Caller {
  auth: CallerAuth;
  companyId: string;
}

export interface AuthContext {
  credentials: SandboxCredentials;
  store: TokenStore;
  now: number;
}

/** A caller let through, with the token a Bearer call carried (its products and scope). */
type Checked =
  | { ok: true; caller: Caller; token: IssuedToken | null }
  | { ok: false; reply: Reply };
type Authenticated = { auth: CallerAuth; token: IssuedToken | null };

function authenticate(
  headers: Readonly<Record<string, string>>,
  context: AuthContext,
): Checked | Authenticated {
  const apiKey = headers['x-apikey'];
  const authorization = headers.authorization;
  if (apiKey !== undefined && authorization !== undefined) {
    const faultstring =
      'Send exactly one of the headers x-apikey or Authorization: Bearer, not both.';
    return { ok: false, reply: apigeeFault(400, faultstring, 'sandbox.auth.ambiguous') };
  }
  if (apiKey !== undefined) {
    return apiKey === context.credentials.apiKey
      ? { auth: { method: 'apikey' }, token: null }
      : { ok: false, reply: AUTH_FAULTS.invalidApiKey() };
  }
  if (authorization === undefined) return { ok: false, reply: AUTH_FAULTS.missingApiKey() };

  const bearer = /^Bearer +(\S+) *$/i.exec(authorization);
  if (bearer?.[1] === undefined) return { ok: false, reply: AUTH_FAULTS.malformedBearer() };
  const found = context.store.lookup(bearer[1], context.now);
  if (found.state === 'unknown') return { ok: false, reply: AUTH_FAULTS.invalidAccessToken() };
  if (found.state === 'expired') return { ok: false, reply: AUTH_FAULTS.accessTokenExpired() };
  return { auth: { method: 'bearer', clientId: found.token.clientId }, token: found.token };
}

export function checkV1Caller(
  headers: Readonly<Record<string, string>>,
  context: AuthContext,
): Checked {
  const authenticated = authenticate(headers, context);
  if ('ok' in authenticated) return authenticated;
  const { auth, token } = authenticated;

  const companyId = headers.companyid;
  if (companyId === undefined || companyId.trim() === '') {
    const faultstring =
      "Missing header companyId: send the calling company's identifier (a UUID) in a companyId header.";
    return { ok: false, reply: apigeeFault(400, faultstring, 'sandbox.companyId.missing') };
  }
  if (!UUID_SHAPE.test(companyId)) {
    const faultstring = `Header companyId must be UUID-shaped (8-4-4-4-12 hex digits, e.g. c0a80101-7e57-4d2a-9b1e-5a4db0c0ffee), not "${companyId.slice(0, 60)}".`;
    return { ok: false, reply: apigeeFault(400, faultstring, 'sandbox.companyId.invalid') };
  }
  return { ok: true, caller: { auth, companyId }, token };
}
