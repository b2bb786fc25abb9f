/**
 * A finding about a token (what the diagnostics list shows), and the one finding that changes with
 * the clock: its expiry. Kept apart from the other checks (token-diagnostics.ts) so that the
 * toolbar can follow a token's expiry without loading them.
 */
import { spanWords } from '../../vocabulary/span-words';
import type { DecodedToken } from './token-response';

export type Severity = 'error' | 'warning' | 'info';

export interface TokenDiagnostic {
  id:
    | 'client_id_mismatch'
    | 'status_not_approved'
    | 'expired'
    | 'expires_soon'
    | 'expires_in_milliseconds'
    | 'clock_skew'
    | 'local_clock_skew'
    | 'missing_fields'
    | 'no_products'
    | 'product_lists_disagree'
    | 'token_type'
    | 'no_access_token';
  severity: Severity;
  title: string;
  explanation: string;
  action: string;
}

/** Under this much time left a token is "expiring": calls soon after will be refused. */
export const EXPIRING_WITHIN_MS = 60_000;

/**
 * The finding about the token's expiry at `nowMs`, or null while it has more than a minute left.
 * A token that arrived expired points at the clocks; one that expired since is simply old.
 */
export function expiryDiagnostic(
  token: Pick<DecodedToken, 'expiresAtMs' | 'expiryExplanation'>,
  receivedAtMs: number,
  nowMs: number,
): TokenDiagnostic | null {
  if (token.expiresAtMs === null) return null;
  const left = token.expiresAtMs - nowMs;
  if (left <= 0 && token.expiresAtMs <= receivedAtMs) {
    return {
      id: 'expired',
      severity: 'error',
      title: 'The token is already expired',
      explanation: `By this computer’s clock it expired ${spanWords(left)} ago (${token.expiryExplanation})`,
      action: 'Check this computer’s clock and the server’s issued_at; get a new token.',
    };
  }
  if (left <= 0) {
    return {
      id: 'expired',
      severity: 'error',
      title: 'The token has expired',
      explanation: `It expired ${spanWords(left)} ago; the service refuses calls that carry it.`,
      action: 'Nothing to fix: the next call gets a new token by itself, or press Get token now.',
    };
  }
  if (left < EXPIRING_WITHIN_MS) {
    return {
      id: 'expires_soon',
      severity: 'warning',
      title: 'The token expires in under a minute',
      explanation: `It expires in ${spanWords(left)}; calls after that will be refused.`,
      action:
        'The panel gets a new token by itself before it expires; a very short lifetime is worth asking the provider about.',
    };
  }
  return null;
}
