/**
 * The token cache in `storage.session`: it survives the worker being stopped (MV3 stops idle
 * workers after ~30 s) but not the browser, and is never synced or written to disk by Chrome.
 */
import * as v from 'valibot';
import type { CachedToken, TokenCache } from '../../../src/service/token/token-broker';
import type { TokenSuccessView } from '../../../src/service/token/token-grant';
import { readSession, removeSession, writeSession } from './session-store';
import { rememberToken } from './token-fingerprints';

/** Tokens replaced in the cache, kept (memory only) so that an echo of one is still masked. */
const MAX_RECENT_TOKENS = 20;

const CachedTokenSchema = v.object({
  profileId: v.string(),
  accessToken: v.string(),
  expiresAtMs: v.nullable(v.number()),
  view: v.looseObject({ outcome: v.literal('token') }),
});

async function readAll(): Promise<CachedToken[]> {
  const parsed = v.safeParse(v.array(CachedTokenSchema), (await readSession('tokens')) ?? []);
  // A damaged cache costs one token request, never a failure: start it afresh.
  if (!parsed.success) return [];
  return parsed.output.map((item) => ({ ...item, view: item.view as unknown as TokenSuccessView }));
}

export const sessionTokenCache: TokenCache = {
  async get(profileId) {
    return (await readAll()).find((item) => item.profileId === profileId);
  },
  async set(token) {
    const all = await readAll();
    const others = all.filter((item) => item.profileId !== token.profileId);
    const replaced = all.filter((item) => item.profileId === token.profileId);
    const recent = [...(await recentTokens()), ...replaced.map((item) => item.accessToken)];
    await writeSession({
      tokens: [...others, token],
      recentTokens: recent.slice(-MAX_RECENT_TOKENS),
    });
    await rememberToken(token); // for the capture's expired-token check
  },
  async delete(profileId) {
    const all = await readAll();
    const rest = all.filter((item) => item.profileId !== profileId);
    if (rest.length === all.length) return;
    const dropped = all.filter((item) => item.profileId === profileId);
    const recent = [...(await recentTokens()), ...dropped.map((item) => item.accessToken)];
    await writeSession({ tokens: rest, recentTokens: recent.slice(-MAX_RECENT_TOKENS) });
  },
};

async function recentTokens(): Promise<string[]> {
  const parsed = v.safeParse(v.array(v.string()), (await readSession('recentTokens')) ?? []);
  return parsed.success ? parsed.output : [];
}

/** Every access token the worker holds: the cached ones and those they recently replaced. */
export async function heldTokens(): Promise<string[]> {
  return [...(await readAll()).map((item) => item.accessToken), ...(await recentTokens())];
}

/**
 * Drops every profile's token (locking the secrets locks out the tokens got with them). Telling
 * the panel is the caller's (lock.ts): the events go through the redaction of held secrets, which
 * reads this cache, so this module tells nothing.
 */
export async function clearTokenCache(): Promise<void> {
  await removeSession(['tokens', 'recentTokens', 'tokenFingerprints', 'tokenFailures']);
}
