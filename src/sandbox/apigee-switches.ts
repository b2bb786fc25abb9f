/**
 * The switches that make the sandbox answer the way Apigee's policies do: API products with
 * resource paths (and one added at run time, so that a token minted before it reproduces the
 * stale-token case), a spike arrest (with a weight read from a header) and a quota, the
 * developer's, company's and app's status, an API key that expired or was revoked, an IP deny and
 * where the access control reads the client's address, a required scope, faults said only in
 * `WWW-Authenticate`, and the status token faults come with. Part of the one validator table of
 * switches.ts, so a value is refused with the same words from createSandbox, a flag or the
 * control API.
 */

import { isHeaderName } from '../vocabulary/header-name';

export type AppStatus = 'approved' | 'developer-inactive' | 'company-inactive' | 'app-not-approved';
export type ApiKeyStatus = 'approved' | 'expired' | 'revoked';

export interface ApigeeSwitches {
  /** Resource paths of the demo app's API products (e.g. `/v1/products/**`); null: every path. */
  productPaths: string[] | null;
  /**
   * Resource paths of a product ("Partner Extras") added to the demo app; null: not added. Tokens
   * keep the products they were minted with, so one minted before it was added lacks it.
   */
  addedProductPaths: string[] | null;
  /** A spike arrest, in calls a minute, smoothed to one call per interval; null: off. */
  spikeArrestPerMinute: number | null;
  /**
   * A request header (lower case) whose value weighs each call in the spike arrest, as Apigee's
   * <MessageWeight ref="request.header.…"> does: a call of weight n holds the next one back n
   * intervals; a value that is not a whole number is refused with InvalidMessageWeight. Null:
   * every call weighs 1.
   */
  spikeArrestWeightHeader: string | null;
  /** A quota, in calls a minute for the demo app; null: off. */
  quotaPerMinute: number | null;
  /** The status of spike arrest and quota faults: Apigee's default 500, or 429. */
  rateLimitStatus: 500 | 429;
  appStatus: AppStatus;
  apiKeyStatus: ApiKeyStatus;
  /** Refuse every /v1 call with AccessControl's IPDeniedAccess, naming the caller's address. */
  denyClientIp: boolean;
  /**
   * Where AccessControl takes the caller's address: the connection, or the first address of an
   * X-Forwarded-For the call carries (an Apigee X proxy whose <ClientIPVariable> reads it), which
   * is refused with InvalidIPAddressInVariable (500) when it is not an IP address.
   */
  clientIpFrom: 'connection' | 'x-forwarded-for';
  /** A scope every Bearer call's token must carry (asked for with scope=… in the token request). */
  requiredScope: string | null;
  /** Where /v1 authentication faults are said: the body, or only WWW-Authenticate (body empty). */
  faultsIn: 'body' | 'www-authenticate';
  /** The status of token faults: 401 (VerifyAccessToken), 500 (GetOAuthV2Info) or 400. */
  tokenFaultStatus: 400 | 401 | 500;
}

export const APIGEE_DEFAULTS: ApigeeSwitches = Object.freeze({
  productPaths: null,
  addedProductPaths: null,
  spikeArrestPerMinute: null,
  spikeArrestWeightHeader: null,
  quotaPerMinute: null,
  rateLimitStatus: 500,
  appStatus: 'approved',
  apiKeyStatus: 'approved',
  denyClientIp: false,
  clientIpFrom: 'connection',
  requiredScope: null,
  faultsIn: 'body',
  tokenFaultStatus: 401,
});

type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

const shown = (value: unknown) => String(JSON.stringify(value)).slice(0, 60);

function oneOf<T extends string | number>(choices: readonly T[]) {
  return (value: unknown): Checked<T> =>
    (choices as readonly unknown[]).includes(value)
      ? { ok: true, value: value as T }
      : {
          ok: false,
          message: `must be one of ${choices.map((choice) => JSON.stringify(choice)).join(', ')}, not ${shown(value)}`,
        };
}

const MAX_PATHS = 20;
const PATH_RULE = `a list of up to ${MAX_PATHS} resource paths starting with "/" (e.g. ["/v1/products/**", "/v1/orders/**"]), or null`;

/** A list of resource paths; a comma-separated string (from a flag) is read as one too. */
function resourcePaths(value: unknown): Checked<string[] | null> {
  if (value === null) return { ok: true, value: null };
  const list =
    typeof value === 'string' ? value.split(',').map((path) => path.trim()) : (value as unknown);
  const valid =
    Array.isArray(list) &&
    list.length > 0 &&
    list.length <= MAX_PATHS &&
    list.every(
      (path) => typeof path === 'string' && /^\/[^\s]{0,200}$/.test(path) && !path.includes('..'),
    );
  return valid
    ? { ok: true, value: [...(list as string[])] }
    : { ok: false, message: `must be ${PATH_RULE}, not ${shown(value)}` };
}

function perMinute(value: unknown): Checked<number | null> {
  if (value === null) return { ok: true, value: null };
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 100_000
    ? { ok: true, value }
    : {
        ok: false,
        message: `must be a whole number of calls a minute from 1 to 100000, or null to turn it off, not ${shown(value)}`,
      };
}

function scope(value: unknown): Checked<string | null> {
  if (value === null) return { ok: true, value: null };
  return typeof value === 'string' && /^[\x21\x23-\x5b\x5d-\x7e]{1,100}$/.test(value)
    ? { ok: true, value }
    : { ok: false, message: `must be one scope name (no spaces), or null, not ${shown(value)}` };
}

/** An HTTP header name (RFC 9110's token), kept in lower case, or null. */
function headerName(value: unknown): Checked<string | null> {
  if (value === null) return { ok: true, value: null };
  return typeof value === 'string' && value.length <= 100 && isHeaderName(value)
    ? { ok: true, value: value.toLowerCase() }
    : {
        ok: false,
        message: `must be one header name (e.g. "x-batch-size"), or null, not ${shown(value)}`,
      };
}

function flag(value: unknown): Checked<boolean> {
  return typeof value === 'boolean'
    ? { ok: true, value }
    : { ok: false, message: `must be true or false, not ${shown(value)}` };
}

export const APIGEE_VALIDATORS: {
  [K in keyof ApigeeSwitches]: (value: unknown) => Checked<ApigeeSwitches[K]>;
} = {
  productPaths: resourcePaths,
  addedProductPaths: resourcePaths,
  spikeArrestPerMinute: perMinute,
  spikeArrestWeightHeader: headerName,
  quotaPerMinute: perMinute,
  rateLimitStatus: oneOf([500, 429] as const),
  appStatus: oneOf([
    'approved',
    'developer-inactive',
    'company-inactive',
    'app-not-approved',
  ] as const),
  apiKeyStatus: oneOf(['approved', 'expired', 'revoked'] as const),
  denyClientIp: flag,
  clientIpFrom: oneOf(['connection', 'x-forwarded-for'] as const),
  requiredScope: scope,
  faultsIn: oneOf(['body', 'www-authenticate'] as const),
  tokenFaultStatus: oneOf([400, 401, 500] as const),
};
