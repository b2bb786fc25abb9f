/**
 * The token broker: one cached token per profile, obtained at most once at a time (any number of
 * concurrent callers share one grant), renewed shortly before it expires, and, when a call is
 * refused because of the token, dropped and renewed before the call is retried once. The grant is
 * client credentials, so "renewing" means running the grant again: there is no refresh token.
 *
 * The cache is injected: the worker keeps it in `storage.session`, so a worker that is stopped and
 * started again finds its token; tests keep it in memory.
 */
import { EXPIRING_WITHIN_MS } from './token-finding';
import type { GrantResult, TokenSuccessView, TokenView } from './token-grant';

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

/**
 * Why a token was requested: the user asked (Get token), none was cached, the cached one was about
 * to expire, the cached one had expired already, or the API refused the one a call carried.
 */
export type GrantReason = 'asked' | 'none-cached' | 'expiring' | 'expired' | 'refused';

/** One step of a call's token story, for its timeline. Holds masked views only, never a token. */
export type TokenStep =
  | {
      step: 'token-cached';
      atMs: number;
      /** The masked token (`••••3f9a`). */
      tail: string | null;
      receivedAtMs: number;
      expiresAtMs: number | null;
    }
  | { step: 'token-requested'; atMs: number; durationMs: number; why: GrantReason; view: TokenView }
  | {
      step: 'token-refused';
      atMs: number;
      tail: string | null;
      /** Why the refusal earned a new token (the gateway's code), when the caller said. */
      why?: string;
    };

export interface BrokerDeps {
  cache: TokenCache;
  grant: (profileId: string) => Promise<GrantResult>;
  now: () => number;
  /** Renew this long before the computed expiry. */
  refreshMarginMs: number;
  /** Told of every grant once it ends, whatever asked for it (the worker tells the panel). */
  onGrant?: (profileId: string, why: GrantReason, answer: TokenAnswer) => void;
}

export type TokenAnswer =
  | { ok: true; token: CachedToken; fromCache: boolean; step: TokenStep }
  | {
      ok: false;
      result: Extract<GrantResult, { view: { outcome: 'failure' } }>;
      step: TokenStep;
      /**
       * The cached token that stays in use although this grant failed (a Get token that failed
       * while a good token was cached), or null: the next call carries it, so the panel shows it.
       */
      held: CachedToken | null;
    };

/**
 * The worker renews a token this long before it expires, so no call leaves with one about to die:
 * the same minute in which the panel calls a token "expiring", so what it shows as in use is.
 */
export const TOKEN_REFRESH_MARGIN_MS = EXPIRING_WITHIN_MS;

/** Whether a cached token may still be sent: good for longer than the margin, or never expiring. */
export function isTokenUsable(
  token: Pick<CachedToken, 'expiresAtMs'>,
  nowMs: number,
  refreshMarginMs: number,
): boolean {
  return token.expiresAtMs === null || token.expiresAtMs - refreshMarginMs > nowMs;
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
  function fresh(profileId: string, why: GrantReason = 'asked'): Promise<TokenAnswer> {
    return shared(grants, profileId, async () => {
      const atMs = deps.now();
      const result = await deps.grant(profileId);
      const step: TokenStep = {
        step: 'token-requested',
        atMs,
        durationMs: deps.now() - atMs,
        why,
        view: result.view,
      };
      let answer: TokenAnswer;
      if (!('accessToken' in result)) {
        const cached = await deps.cache.get(profileId);
        const held = cached !== undefined && isUsable(cached) ? cached : null;
        answer = { ok: false, result, step, held };
      } else {
        const token: CachedToken = {
          profileId,
          accessToken: result.accessToken,
          expiresAtMs: result.expiresAtMs,
          view: result.view,
        };
        await deps.cache.set(token);
        answer = { ok: true, token, fromCache: false, step };
      }
      deps.onGrant?.(profileId, why, answer);
      return answer;
    });
  }

  const isUsable = (token: CachedToken) => isTokenUsable(token, deps.now(), deps.refreshMarginMs);

  function fromCache(cached: CachedToken): TokenAnswer {
    const step: TokenStep = {
      step: 'token-cached',
      atMs: deps.now(),
      tail: cached.view.token.accessTokenMasked,
      receivedAtMs: cached.view.receivedAtMs,
      expiresAtMs: cached.expiresAtMs,
    };
    return { ok: true, token: cached, fromCache: true, step };
  }

  /**
   * The cached token while it is good for longer than the margin, else a new one, requested for
   * `missing` when none is cached (after a refusal the cache was emptied on purpose).
   */
  function current(profileId: string, missing: GrantReason = 'none-cached'): Promise<TokenAnswer> {
    return shared(lookups, profileId, async () => {
      const running = grants.get(profileId);
      if (running !== undefined) {
        // A Get token that fails leaves a good cached token in use: a call waiting on it takes that.
        const joined = await running;
        return !joined.ok && joined.held !== null ? fromCache(joined.held) : joined;
      }
      const cached = await deps.cache.get(profileId);
      if (cached !== undefined && isUsable(cached)) return fromCache(cached);
      return fresh(profileId, cached === undefined ? missing : staleness(cached));
    });
  }

  /** Why a cached token that may not be sent is replaced: it had expired, or was about to. */
  function staleness(cached: CachedToken): GrantReason {
    return cached.expiresAtMs !== null && cached.expiresAtMs <= deps.now() ? 'expired' : 'expiring';
  }

  /** Drops the cached token only if it is still the one that was refused (not a newer one). */
  async function invalidate(profileId: string, accessToken: string): Promise<void> {
    const cached = await deps.cache.get(profileId);
    if (cached?.accessToken === accessToken) await deps.cache.delete(profileId);
  }

  /**
   * Runs `call` with a token; if the answer says the token was refused, renews the token and runs
   * the call once more. Never more than one retry, whatever the second answer. `onStep` hears each
   * token step as it happens, and `call` is told which attempt it is (0, or 1 for the retry) and
   * which token it carries (its metadata, and whether it came from the cache). A call may say why
   * the token was refused (`refusedBecause`): the Timeline shows it.
   */
  async function withToken<T>(
    profileId: string,
    call: (
      accessToken: string,
      attempt: number,
      token: { view: TokenSuccessView; fromCache: boolean },
    ) => Promise<{ value: T; tokenRefused: boolean; refusedBecause?: string }>,
    onStep: (step: TokenStep) => void = () => {},
  ): Promise<{ ok: true; value: T; renewed: boolean } | Extract<TokenAnswer, { ok: false }>> {
    const first = await current(profileId);
    onStep(first.step);
    if (!first.ok) return first;
    const attempt = await call(first.token.accessToken, 0, {
      view: first.token.view,
      fromCache: first.fromCache,
    });
    if (!attempt.tokenRefused) return { ok: true, value: attempt.value, renewed: false };
    onStep({
      step: 'token-refused',
      atMs: deps.now(),
      tail: first.token.view.token.accessTokenMasked,
      ...(attempt.refusedBecause === undefined ? {} : { why: attempt.refusedBecause }),
    });
    await invalidate(profileId, first.token.accessToken);
    const second = await current(profileId, 'refused');
    onStep(second.step);
    if (!second.ok) return second;
    const retry = await call(second.token.accessToken, 1, {
      view: second.token.view,
      fromCache: second.fromCache,
    });
    return { ok: true, value: retry.value, renewed: true };
  }

  return { current, fresh, invalidate, withToken };
}

export type TokenBroker = ReturnType<typeof createTokenBroker>;
