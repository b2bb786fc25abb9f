/**
 * The access tokens the sandbox has issued, kept in memory with their expiry. An expired token is
 * remembered (not forgotten) so that a call with it gets Apigee's "Access Token expired" rather
 * than "Invalid Access Token": clients are expected to tell the two apart.
 */
import { randomBytes } from 'node:crypto';

export interface IssuedToken {
  accessToken: string;
  clientId: string;
  /** ms since the epoch */
  issuedAt: number;
  /** ms since the epoch; the token is expired from this instant on */
  expiresAt: number;
  /** The app's API products when the token was minted: a token keeps them, as Apigee's do. */
  products: readonly string[];
  /** Space-separated scopes granted (the token request's `scope`), or ''. */
  scope: string;
}

export type TokenLookup =
  | { state: 'valid'; token: IssuedToken }
  | { state: 'expired' }
  | { state: 'unknown' };

/** Bounds memory for a sandbox left running for days; the oldest tokens are dropped first. */
const MAX_REMEMBERED_TOKENS = 10_000;

export class TokenStore {
  readonly #tokens = new Map<string, IssuedToken>();

  issue(
    clientId: string,
    lifetimeSeconds: number,
    now: number,
    grant: { products: readonly string[]; scope: string },
  ): IssuedToken {
    // 21 random bytes -> 28 base64url characters, about the length of an Apigee access token.
    const token: IssuedToken = {
      accessToken: randomBytes(21).toString('base64url'),
      clientId,
      issuedAt: now,
      expiresAt: now + lifetimeSeconds * 1000,
      products: [...grant.products],
      scope: grant.scope,
    };
    this.#tokens.set(token.accessToken, token);
    if (this.#tokens.size > MAX_REMEMBERED_TOKENS) {
      const oldest = this.#tokens.keys().next();
      if (!oldest.done) this.#tokens.delete(oldest.value);
    }
    return token;
  }

  lookup(accessToken: string, now: number): TokenLookup {
    const token = this.#tokens.get(accessToken);
    if (token === undefined) return { state: 'unknown' };
    return now >= token.expiresAt ? { state: 'expired' } : { state: 'valid', token };
  }

  expireAll(now: number): void {
    for (const token of this.#tokens.values()) token.expiresAt = Math.min(token.expiresAt, now);
  }
}
