/**
 * The token broker: one cached token per profile, obtained at most once at a time (any number of
 * concurrent callers share one grant), renewed shortly before it expires, and, when a call is
 * refused because of the token, dropped and renewed before the call is retried once. The grant is
 * client credentials, so "renewing" means running the grant again: there is no refresh token.
 *
 * The cache is injected: the worker keeps it in `storage.session`, so a worker that is stopped and
 * started again finds its token; tests keep it in memory.
 */
import type { GrantResult, TokenSuccessView } from './token-grant';

export interface CachedToken {
  profileId: string;
  accessToken: string;
  expiresAtMs: number | null;
  view: TokenSuccessView;
}

export interface TokenCache {
  get(profileId: string): Promise<CachedToken | undefined>;
  set(token: CachedToken): Promise<void>;
  delete(profileId: string): Promise<void>;
}

export interface BrokerDeps {
  cache: TokenCache;
  grant: (profileId: string) => Promise<GrantResult>;
  now: () => number;
  /** Renew this long before the computed expiry. */
  refreshMarginMs: number;
}

export type TokenAnswer =
  | { ok: true; token: CachedToken; fromCache: boolean }
  | { ok: false; result: Extract<GrantResult, { view: { outcome: 'failure' } }> };

/** Apigee fault codes that mean "this access token is not (or no longer) good". */
const TOKEN_FAULT_CODES = [
  'keymanagement.service.access_token_expired',
  'keymanagement.service.invalid_access_token',
  'oauth.v2.InvalidAccessToken',
  'oauth.v2.AccessTokenExpired',
  'steps.oauth.v2.invalid_access_token',
  'steps.oauth.v2.access_token_expired',
];

export function isTokenRejection(status: number, bodyText: string): boolean {
  if (status === 401) return true;
  return (
    (status === 400 || status === 403) && TOKEN_FAULT_CODES.some((code) => bodyText.includes(code))
  );
}

export function createTokenBroker(deps: BrokerDeps) {
  // Both maps hold work in flight per profile. Sharing the cache lookup too (not only the grant)
  // closes the gap where a caller reads a stale cache entry just after a grant finished.
  const grants = new Map<string, Promise<TokenAnswer>>();
  const lookups = new Map<string, Promise<TokenAnswer>>();

  function shared(
    map: Map<string, Promise<TokenAnswer>>,
    profileId: string,
    work: () => Promise<TokenAnswer>,
  ) {
    const running = map.get(profileId);
    if (running !== undefined) return running;
    const started = work().finally(() => map.delete(profileId));
    map.set(profileId, started);
    return started;
  }

  /** A new token, whatever the cache holds (joins a grant already running). */
  function fresh(profileId: string): Promise<TokenAnswer> {
    return shared(grants, profileId, async () => {
      const result = await deps.grant(profileId);
      if (!('accessToken' in result)) return { ok: false, result };
      const token: CachedToken = {
        profileId,
        accessToken: result.accessToken,
        expiresAtMs: result.expiresAtMs,
        view: result.view,
      };
      await deps.cache.set(token);
      return { ok: true, token, fromCache: false };
    });
  }

  function isUsable(token: CachedToken): boolean {
    return token.expiresAtMs === null || token.expiresAtMs - deps.refreshMarginMs > deps.now();
  }

  /** The cached token while it is good for longer than the margin, else a new one. */
  function current(profileId: string): Promise<TokenAnswer> {
    return shared(lookups, profileId, async () => {
      const running = grants.get(profileId);
      if (running !== undefined) return running;
      const cached = await deps.cache.get(profileId);
      if (cached !== undefined && isUsable(cached))
        return { ok: true, token: cached, fromCache: true };
      return fresh(profileId);
    });
  }

  /** Drops the cached token only if it is still the one that was refused (not a newer one). */
  async function invalidate(profileId: string, accessToken: string): Promise<void> {
    const cached = await deps.cache.get(profileId);
    if (cached?.accessToken === accessToken) await deps.cache.delete(profileId);
  }

  /**
   * Runs `call` with a token; if the answer says the token was refused, renews the token and runs
   * the call once more. Never more than one retry, whatever the second answer.
   */
  async function withToken<T>(
    profileId: string,
    call: (accessToken: string) => Promise<{ value: T; tokenRefused: boolean }>,
  ): Promise<{ ok: true; value: T; renewed: boolean } | Extract<TokenAnswer, { ok: false }>> {
    const first = await current(profileId);
    if (!first.ok) return first;
    const attempt = await call(first.token.accessToken);
    if (!attempt.tokenRefused) return { ok: true, value: attempt.value, renewed: false };
    await invalidate(profileId, first.token.accessToken);
    const second = await current(profileId);
    if (!second.ok) return second;
    const retry = await call(second.token.accessToken);
    return { ok: true, value: retry.value, renewed: true };
  }

  return { current, fresh, invalidate, withToken };
}

export type TokenBroker = ReturnType<typeof createTokenBroker>;
