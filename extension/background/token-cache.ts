/**
 * The token cache in `storage.session`: it survives the worker being stopped (MV3 stops idle
 * workers after ~30 s) but not the browser, and is never synced or written to disk by Chrome.
 */
import * as v from 'valibot';
import browser from 'webextension-polyfill';
import type { CachedToken, TokenCache } from '../../src/service/token-broker';
import type { TokenSuccessView } from '../../src/service/token-grant';
import { FINGERPRINTS_KEY, rememberToken } from './token-fingerprints';

const KEY = 'tokens';

const CachedTokenSchema = v.object({
  profileId: v.string(),
  accessToken: v.string(),
  expiresAtMs: v.nullable(v.number()),
  view: v.looseObject({ outcome: v.literal('token') }),
});

async function readAll(): Promise<CachedToken[]> {
  const stored = await browser.storage.session.get(KEY);
  const parsed = v.safeParse(v.array(CachedTokenSchema), stored[KEY] ?? []);
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
    await browser.storage.session.set({ [KEY]: [...others, token] });
    await rememberToken(token); // for the capture's expired-token check
  },
  async delete(profileId) {
    const all = await readAll();
    const rest = all.filter((item) => item.profileId !== profileId);
    if (rest.length !== all.length) await browser.storage.session.set({ [KEY]: rest });
  },
};

/** Drops every profile's token (locking the secrets locks out the tokens got with them). */
export async function clearTokenCache(): Promise<void> {
  await browser.storage.session.remove([KEY, FINGERPRINTS_KEY]);
}
