/**
 * What a token's view says at a given moment. A view is decoded once, when the token arrives, but
 * the panel keeps showing it: its badge and its diagnostics must follow the clock, turning to
 * "expiring" within the last minute and to "expired" at the moment it expires.
 */
import { EXPIRING_WITHIN_MS, expiryDiagnostic, type TokenDiagnostic } from './token-finding';
import type { TokenSuccessView } from './token-grant';

export type TokenClockState = 'good' | 'expiring' | 'expired';

export function tokenStateAt(view: TokenSuccessView, nowMs: number): TokenClockState {
  const { expiresAtMs } = view.token;
  if (expiresAtMs === null) return 'good';
  if (expiresAtMs <= nowMs) return 'expired';
  return expiresAtMs - nowMs < EXPIRING_WITHIN_MS ? 'expiring' : 'good';
}

/** Findings that stand whatever the time: about the answer, not about how old the token is. */
const TIMELESS_FIRST = new Set(['no_access_token', 'client_id_mismatch', 'status_not_approved']);

/** The view's diagnostics with the expiry finding as it is at `nowMs`, in the order they are made. */
export function diagnosticsAt(view: TokenSuccessView, nowMs: number): TokenDiagnostic[] {
  const rest = view.diagnostics.filter(
    (item) => item.id !== 'expired' && item.id !== 'expires_soon',
  );
  const expiry = expiryDiagnostic(view.token, view.receivedAtMs, nowMs);
  if (expiry === null) return rest;
  const at = rest.findIndex((item) => !TIMELESS_FIRST.has(item.id));
  return at === -1 ? [...rest, expiry] : [...rest.slice(0, at), expiry, ...rest.slice(at)];
}

/** When the view's state next changes (expiring, then expired), or null if it never will. */
export function nextChangeAt(view: TokenSuccessView, nowMs: number): number | null {
  const { expiresAtMs } = view.token;
  if (expiresAtMs === null || expiresAtMs <= nowMs) return null;
  const expiring = expiresAtMs - EXPIRING_WITHIN_MS;
  return expiring > nowMs ? expiring : expiresAtMs;
}
