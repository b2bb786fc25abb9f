/**
 * The fingerprints (SHA-256, src/capture/token-fingerprint.ts) of the access tokens this worker
 * obtained, with their profile and expiry, in `storage.session`: so that the capture can tell a
 * page that sends one of them, even after the cache moved on to a newer token, whether it had
 * expired. A fingerprint is not a token: it cannot be sent, and it cannot be turned back into one.
 * Kept for the browser session and dropped with the token cache when the secrets are locked.
 */
import * as v from 'valibot';
import { fingerprintToken } from '../../../src/capture/token-fingerprint';
import type { CachedToken } from '../../../src/service/token/token-broker';
import { createSerialQueue } from '../../../src/vocabulary/serial-queue';
import { readSession, writeSession } from './session-store';

/** Tokens remembered, newest kept: many hours of tokens that live an hour each. */
const MAX_REMEMBERED = 100;

const RememberedSchema = v.array(
  v.object({
    fingerprint: v.string(),
    profileId: v.string(),
    expiresAtMs: v.nullable(v.number()),
  }),
);
export type RememberedToken = v.InferOutput<typeof RememberedSchema>[number];

export async function rememberedTokens(): Promise<RememberedToken[]> {
  const parsed = v.safeParse(RememberedSchema, (await readSession('tokenFingerprints')) ?? []);
  // A damaged list only costs the capture its expired-token finding: start it afresh.
  return parsed.success ? parsed.output : [];
}

/** One write at a time: two tokens stored together must not drop each other. */
const oneAtATime = createSerialQueue();

export function rememberToken(token: CachedToken): Promise<void> {
  return oneAtATime(async () => {
    const fingerprint = await fingerprintToken(token.accessToken);
    const others = (await rememberedTokens()).filter((item) => item.fingerprint !== fingerprint);
    const next = [
      ...others,
      { fingerprint, profileId: token.profileId, expiresAtMs: token.expiresAtMs },
    ];
    await writeSession({ tokenFingerprints: next.slice(-MAX_REMEMBERED) });
  });
}
