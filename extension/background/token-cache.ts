/**
 * The token cache in `storage.session`: it survives the worker being stopped (MV3 stops idle
 * workers after ~30 s) but not the browser, and is never synced or written to disk by Chrome.
 */
import * as v from 'valibot';
import type { CachedToken, TokenCache } from '../../src/service/token/token-broker';
import type { TokenSuccessView } from '../../src/service/token/token-grant';
import { tell } from './events';
import { readSession, removeSession, writeSession } from './session-store';
import { rememberToken } from './token-fingerprints';

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
    const others = (await readAll()).filter((item) => item.profileId !== token.profileId);
    await writeSession({ tokens: [...others, token] });
    await rememberToken(token); // for the capture's expired-token check
  },
  async delete(profileId) {
    const all = await readAll();
    const rest = all.filter((item) => item.profileId !== profileId);
    if (rest.length !== all.length) await writeSession({ tokens: rest });
  },
};

/** Drops every profile's token (locking the secrets locks out the tokens got with them). */
export async function clearTokenCache(): Promise<void> {
  await removeSession(['tokens', 'tokenFingerprints', 'tokenFailures']);
  tell({ kind: 'tokens-forgotten', why: 'lock', atMs: Date.now() });
}
