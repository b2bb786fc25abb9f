/**
 * Whether a refused call deserves one new token and one retry, decided by the gateway's code (read
 * from the body or WWW-Authenticate), never by its status alone: a token fault is renewed at 400,
 * 401 or 500 alike; a product mismatch is renewed when the token was minted before the call (a
 * product added to the app since is only in a new token); a quota, a spike arrest or a fault only
 * the provider can fix is never retried. A 401 without any known code is renewed, as before.
 */
import { faultFacts } from './apigee-faults';
import { decodeSpikeArrest } from './fault-evidence';
import { type GatewayAnswer, headerValue, readGatewayFault } from './gateway-fault';

/** Codes (last segment) for which a new token may make the call pass. */
const RENEWED = new Set([
  'access_token_expired',
  'invalid_access_token',
  'InvalidAccessToken',
  'AccessTokenExpired',
  'access_token_not_approved',
]);

const PRODUCT_MISMATCH = 'InvalidAPICallAsNoApiProductMatchFound';

/** Why the call gets a new token and a retry (for its Timeline), or null when it must not. */
export function renewalReason(
  answer: Omit<GatewayAnswer, 'contentType'>,
  token: { fromCache: boolean },
): string | null {
  if (answer.status < 400) return null;
  const contentType = headerValue(answer.headers, 'content-type') ?? '';
  const fault = readGatewayFault({ ...answer, contentType });
  const code = fault?.code ?? null;
  const last = code === null ? null : code.slice(code.lastIndexOf('.') + 1);
  if (last !== null && RENEWED.has(last)) {
    return `the gateway refused the token (${code}, HTTP ${answer.status})`;
  }
  if (last === PRODUCT_MISMATCH) {
    return token.fromCache
      ? `no API product matched (${code}) and the token was minted before this call: a product added to the app since is only in a new token`
      : null;
  }
  if (faultFacts(code) !== undefined) return null;
  return answer.status === 401 ? 'HTTP 401 without a gateway code the panel knows' : null;
}

/** A rate limit an answer reports: a spike arrest's pace, or a quota used up; null for neither. */
export type RateLimit = { kind: 'spike-arrest'; paceMs: number } | { kind: 'quota' };

export function rateLimitOf(answer: Omit<GatewayAnswer, 'contentType'>): RateLimit | null {
  const contentType = headerValue(answer.headers, 'content-type') ?? '';
  const fault = readGatewayFault({ ...answer, contentType });
  const code = faultFacts(fault?.code ?? null)?.code;
  if (code === 'QuotaViolation') return { kind: 'quota' };
  if (code !== 'SpikeArrestViolation') return null;
  // A spike arrest whose text carries no rate still asks for a pause: a second, to be safe.
  return { kind: 'spike-arrest', paceMs: decodeSpikeArrest(fault?.text ?? '')?.paceMs ?? 1000 };
}
