/**
 * Decodes (never verifies) an access token that is a JWT: header and claims from base64url JSON,
 * with `exp`, `iat` and `nbf` as dates. Apigee's opaque tokens simply decode to null.
 */

export interface DecodedJwt {
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
  times: { claim: 'exp' | 'iat' | 'nbf'; epochSeconds: number; iso: string }[];
}

function base64UrlJson(segment: string): Record<string, unknown> | null {
  if (!/^[A-Za-z0-9_-]+$/.test(segment)) return null;
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  try {
    const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null; // not base64url JSON: the token is opaque, which is fine
  }
}

export function decodeJwt(token: string): DecodedJwt | null {
  const parts = token.split('.');
  if (parts.length !== 3 || token.length > 16_384) return null;
  const header = base64UrlJson(parts[0] ?? '');
  const claims = base64UrlJson(parts[1] ?? '');
  if (header === null || claims === null || typeof header.alg !== 'string') return null;
  const times: DecodedJwt['times'] = [];
  for (const claim of ['exp', 'iat', 'nbf'] as const) {
    const value = claims[claim];
    if (typeof value === 'number' && Number.isFinite(value) && Math.abs(value) < 1e11) {
      times.push({ claim, epochSeconds: value, iso: new Date(value * 1000).toISOString() });
    }
  }
  return { header, claims, times };
}
