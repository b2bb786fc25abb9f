/**
 * Apigee's policies around `/v1`, in the order a proxy runs them, with Apigee's codes and texts:
 * AccessControl (IPDeniedAccess, InvalidIPAddressInVariable) and SpikeArrest
 * (SpikeArrestViolation, InvalidMessageWeight) before authentication; the developer's,
 * company's, app's and key's status, the API products' resource paths, the required scope and the
 * Quota after it. `shapeAuthFault` gives token faults the status the `tokenFaultStatus` switch
 * asks (GetOAuthV2Info answers 500) and moves faults into `WWW-Authenticate` when asked.
 * Every policy is off by default (apigee-switches.ts).
 */
import { isIP } from 'node:net';
import { appProducts, productsCover } from './api-products';
import type { ApigeeSwitches } from './apigee-switches';
import { apigeeFault } from './faults';
import type { Reply } from './reply';
import type { IssuedToken } from './token-store';

/** What the rate policies remember between calls. */
export interface PolicyState {
  /** When the spike arrest last let a call through (ms), or null. */
  spikeLastAt: number | null;
  /** That call's weight: how many intervals the next one waits. */
  spikeLastWeight: number;
  quotaWindowStart: number;
  quotaCount: number;
}

export const newPolicyState = (): PolicyState => ({
  spikeLastAt: null,
  spikeLastWeight: 1,
  quotaWindowStart: 0,
  quotaCount: 0,
});

const MINUTE_MS = 60_000;

/** The address as the gateway reports it (an IPv4-mapped IPv6 address as IPv4). */
const shownAddress = (address: string) => address.replace(/^::ffff:/, '') || 'unknown';

/** What the policies before authentication read of a call: its connection's address and headers. */
export interface IncomingCall {
  remoteAddress: string;
  /** Lower-case names. */
  headers: Readonly<Record<string, string | undefined>>;
}

/**
 * AccessControl: the caller's address, from the connection or (clientIpFrom) the first address of
 * X-Forwarded-For when the call carries one; one that is not an IP address is refused as Apigee
 * X refuses what its <ClientIPVariable> holds (its fault string is not documented: ours names
 * what was read), and a deny names the address read.
 */
function accessControl(call: IncomingCall, switches: ApigeeSwitches): Reply | null {
  const forwarded = call.headers['x-forwarded-for']?.split(',')[0]?.trim();
  const fromHeader = switches.clientIpFrom === 'x-forwarded-for' && forwarded !== undefined;
  if (fromHeader && isIP(forwarded) === 0) {
    return apigeeFault(
      500,
      `Invalid IP address in variable : ${forwarded.slice(0, 100)}`,
      'accesscontrol.InvalidIPAddressInVariable',
    );
  }
  if (!switches.denyClientIp) return null;
  const address = fromHeader ? forwarded : shownAddress(call.remoteAddress);
  return apigeeFault(
    403,
    `Access Denied for client ip : ${address}`,
    'accesscontrol.IPDeniedAccess',
  );
}

/**
 * SpikeArrest, smoothed: a call is let through once the last one's weight in intervals has
 * passed. A weight header's value that is not a whole number is refused as Apigee refuses its
 * <MessageWeight> variable (its status is not documented: 500, as the policy's runtime errors).
 */
function spikeArrest(
  call: IncomingCall,
  switches: ApigeeSwitches,
  state: PolicyState,
  now: number,
): Reply | null {
  const rate = switches.spikeArrestPerMinute;
  if (rate === null) return null;
  const header = switches.spikeArrestWeightHeader;
  const weightText = header === null ? undefined : call.headers[header]?.trim();
  if (weightText !== undefined && !/^\d{1,6}$/.test(weightText)) {
    return apigeeFault(
      500,
      `Invalid message weight value ${weightText.slice(0, 100)}`,
      'policies.ratelimit.InvalidMessageWeight',
    );
  }
  const paceMs = MINUTE_MS / rate;
  if (state.spikeLastAt !== null && now - state.spikeLastAt < paceMs * state.spikeLastWeight) {
    return apigeeFault(
      switches.rateLimitStatus,
      `Spike arrest violation. Allowed rate : MessageRate{messagesPerPeriod=${rate}, periodInMicroseconds=60000000, maxBurstMessageCount=1.0}`,
      'policies.ratelimit.SpikeArrestViolation',
    );
  }
  state.spikeLastAt = now;
  state.spikeLastWeight = weightText === undefined ? 1 : Number(weightText);
  return null;
}

/** AccessControl and SpikeArrest: they run before the key or token is verified. */
export function beforeAuthentication(
  call: IncomingCall,
  switches: ApigeeSwitches,
  state: PolicyState,
  now: number,
): Reply | null {
  return accessControl(call, switches) ?? spikeArrest(call, switches, state, now);
}

const STATUS_FAULTS: Record<Exclude<ApigeeSwitches['appStatus'], 'approved'>, () => Reply> = {
  'developer-inactive': () =>
    apigeeFault(
      401,
      'Developer Status is not Active',
      'keymanagement.service.DeveloperStatusNotActive',
    ),
  // Apigee's texts for these two are not documented; the sandbox words them like the one above.
  'company-inactive': () =>
    apigeeFault(
      401,
      'Company Status is not Active',
      'keymanagement.service.CompanyStatusNotActive',
    ),
  'app-not-approved': () =>
    apigeeFault(
      401,
      'App is not approved',
      'keymanagement.service.invalid_client-app_not_approved',
    ),
};

export interface VerifiedCall {
  path: string;
  /** The token a Bearer call carried; null for an API-key call. */
  token: IssuedToken | null;
  /** What the quota counts (the app's client ID). */
  identifier: string;
}

function quota(
  call: VerifiedCall,
  switches: ApigeeSwitches,
  state: PolicyState,
  now: number,
): Reply | null {
  const limit = switches.quotaPerMinute;
  if (limit === null) return null;
  if (now - state.quotaWindowStart >= MINUTE_MS) {
    state.quotaWindowStart = now;
    state.quotaCount = 0;
  }
  state.quotaCount++;
  if (state.quotaCount <= limit) return null;
  const reply = apigeeFault(
    switches.rateLimitStatus,
    `Rate limit quota violation. Quota limit  exceeded. Identifier : ${call.identifier}`,
    'policies.ratelimit.QuotaViolation',
  );
  const resetSeconds = Math.ceil((state.quotaWindowStart + MINUTE_MS - now) / 1000);
  // A gateway configured for 429 usually says when to come back; Apigee's default 500 does not.
  return switches.rateLimitStatus === 429
    ? { ...reply, headers: { 'retry-after': String(resetSeconds) } }
    : reply;
}

/** The policies that run once the key or token is verified; null lets the call through. */
export function afterAuthentication(
  call: VerifiedCall,
  switches: ApigeeSwitches,
  state: PolicyState,
  now: number,
): Reply | null {
  if (switches.apiKeyStatus !== 'approved') {
    return apigeeFault(
      401,
      `Consumer key is ${switches.apiKeyStatus}`,
      'keymanagement.service.consumer_key_expired_or_revoked',
    );
  }
  if (switches.appStatus !== 'approved') return STATUS_FAULTS[switches.appStatus]();
  if (call.token === null) {
    // An API key is checked against the app's products as they are now: keys carry no snapshot.
    const names = appProducts(switches).map((product) => product.name);
    if (!productsCover(names, call.path, switches)) {
      return apigeeFault(
        401,
        'Invalid ApiKey for given resource',
        'oauth.v2.InvalidApiKeyForGivenResource',
      );
    }
  } else if (!productsCover(call.token.products, call.path, switches)) {
    return apigeeFault(
      401,
      'Invalid API call as no apiproduct match found',
      'keymanagement.service.InvalidAPICallAsNoApiProductMatchFound',
    );
  }
  const required = switches.requiredScope;
  if (required !== null && call.token !== null && !call.token.scope.split(' ').includes(required)) {
    return apigeeFault(403, `Required scope(s): ${required}`, 'steps.oauth.v2.InsufficientScope');
  }
  return quota(call, switches, state, now);
}

const TOKEN_FAULTS = new Set([
  'keymanagement.service.access_token_expired',
  'keymanagement.service.invalid_access_token',
  'oauth.v2.InvalidAccessToken',
]);

/**
 * A policy fault as the switches want it said: token faults at `tokenFaultStatus`, and, with
 * `faultsIn: 'www-authenticate'`, a 401 or 403 said only in `WWW-Authenticate` with an empty body.
 */
export function shapeAuthFault(reply: Reply, switches: ApigeeSwitches): Reply {
  if (reply.status < 400 || typeof reply.body !== 'string' || reply.body === '') return reply;
  let fault: { faultstring?: unknown; detail?: { errorcode?: unknown } } | undefined;
  try {
    fault = (JSON.parse(reply.body) as { fault?: typeof fault }).fault;
  } catch {
    // Not a policy fault (the sandbox's own answers are JSON, but a body may be anything).
    return reply;
  }
  const code = fault?.detail?.errorcode;
  const text = fault?.faultstring;
  if (typeof code !== 'string' || typeof text !== 'string' || code.startsWith('sandbox.')) {
    return reply;
  }
  const status = TOKEN_FAULTS.has(code) ? switches.tokenFaultStatus : reply.status;
  if (
    switches.faultsIn === 'www-authenticate' &&
    (status === 401 || status === 403 || TOKEN_FAULTS.has(code))
  ) {
    const challenge = `Bearer realm="null", error="invalid_token", error_description="${code}: ${text.replace(/["\\]/g, '')}"`;
    return {
      ...reply,
      status,
      body: '',
      headers: { ...reply.headers, 'www-authenticate': challenge },
    };
  }
  return { ...reply, status };
}
