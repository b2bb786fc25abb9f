/**
 * The worker's part of the capture: which Bearer tokens the inspected page sent are tokens this
 * extension obtained, and when they expire (the panel asks with fingerprints only and is answered
 * with profile names and expiry times, never a token: src/capture/token-fingerprint.ts); and the
 * masking of every secret the worker holds in the captured calls' texts, which the panel cannot
 * do itself (src/capture/held-secret-masking.ts).
 */
import { type KnownToken, matchFingerprints } from '../../../src/capture/token-fingerprint';
import type { Handlers } from '../../../src/protocol/router';
import { ok } from '../../../src/vocabulary/errors';
import { replyRedactor } from '../stores/known-secrets';
import { loadProfiles } from '../stores/storage';
import { rememberedTokens } from '../stores/token-fingerprints';

export const checkCapturedTokens: Handlers['capture/check-tokens'] = async ({ fingerprints }) => {
  const names = new Map((await loadProfiles()).map((profile) => [profile.id, profile.name]));
  const known: KnownToken[] = (await rememberedTokens()).map((token) => ({
    ...token,
    profileName: names.get(token.profileId) ?? 'a profile since deleted',
  }));
  return ok({ tokens: matchFingerprints(fingerprints, known) });
};

/** Every held secret masked, as in any reply; while locked, the tokens alone are known. */
export const maskCaptured: Handlers['capture/mask'] = async ({ texts }) => {
  const redactor = await replyRedactor();
  return ok({
    texts: texts.map((text) => redactor.text(text)),
    forms: [...new Set(texts.flatMap((text) => redactor.masksIn(text)))],
  });
};
