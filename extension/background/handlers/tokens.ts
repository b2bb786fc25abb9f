/**
 * Handlers for the token messages, and the worker's token broker. The broker keeps its tokens in
 * `storage.session`; the panel sees them masked unless the user presses Reveal or Copy.
 */

import { tokenChange } from '../../../src/protocol/events';
import type { TokenAttempt } from '../../../src/protocol/messages';
import type { Handlers } from '../../../src/protocol/router';
import { type StoredProfile, usesOAuth } from '../../../src/service/profile/profile';
import { credentialTraits } from '../../../src/service/token/credential-advice';
import {
  createTokenBroker,
  TOKEN_REFRESH_MARGIN_MS,
} from '../../../src/service/token/token-broker';
import { type GrantResult, runTokenGrant } from '../../../src/service/token/token-grant';
import type { TokenRequestInput } from '../../../src/service/token/token-request';
import { fail, ok, type Result } from '../../../src/vocabulary/errors';
import { tell } from '../events';
import { checkHostPermission } from '../host-permission';
import { loadSecrets } from '../stores/secret-store';
import { findProfile } from '../stores/storage';
import { sessionTokenCache } from '../stores/token-cache';
import { rememberTokenFailure } from '../stores/workspace-store';
import { wireObserver, wireReady } from '../wire';

const TOKEN_TIMEOUT_MS = 20_000;

type OAuthSetup = { profile: StoredProfile; input: TokenRequestInput };

async function oauthSetup(profileId: string): Promise<Result<OAuthSetup>> {
  const found = await findProfile(profileId);
  if (!found.ok) return found;
  const profile = found.value;
  if (!usesOAuth(profile.authMethod)) {
    return fail(
      'invalid_request',
      `“${profile.name}” uses an API key, which needs no token.`,
      'Choose an OAuth profile to get a token.',
    );
  }
  const { clientSecret } = await loadSecrets(profile.id);
  if (clientSecret === undefined) {
    return fail(
      'missing_secret',
      'This profile has no client secret stored.',
      'Edit the profile and enter its client secret.',
    );
  }
  const allowed = await checkHostPermission(profile.authUrl);
  if (!allowed.ok) return allowed;
  const ready = await wireReady();
  if (!ready.ok) return ready;
  return ok({
    profile,
    input: {
      authUrl: profile.authUrl,
      clientId: profile.clientId,
      clientSecret,
      variant: profile.authMethod === 'oauthBasic' ? 'basic' : 'body',
      formEncodeCredentials: profile.formEncodeCredentials,
    },
  });
}

function grantWith(input: TokenRequestInput): Promise<GrantResult> {
  return runTokenGrant(input, {
    fetch: (url, init) => fetch(url, init),
    timeoutMs: TOKEN_TIMEOUT_MS,
    now: () => Date.now(),
    traits: credentialTraits(input.clientId, input.clientSecret),
    wire: wireObserver,
  });
}

export const tokenBroker = createTokenBroker({
  cache: sessionTokenCache,
  refreshMarginMs: TOKEN_REFRESH_MARGIN_MS,
  now: () => Date.now(),
  async grant(profileId) {
    const setup = await oauthSetup(profileId);
    if (!setup.ok) throw new Error(setup.error.code); // checked by every caller before it asks
    return grantWith(setup.value.input);
  },
  onGrant(profileId, why, answer) {
    const view = answer.ok ? answer.token.view : answer.result.view;
    tell({
      kind: 'token',
      profileId,
      change: tokenChange(why, answer.ok),
      why,
      atMs: Date.now(),
      view,
      held: answer.ok || answer.held === null ? null : answer.held.view,
    });
    // Kept so that a reopened panel shows why the last attempt failed; a success forgets it.
    void rememberTokenFailure(profileId, answer.ok ? null : answer.result.view);
  },
});

export const getToken: Handlers['token/get'] = async ({ profileId, fresh }) => {
  const setup = await oauthSetup(profileId);
  if (!setup.ok) return setup;
  const answer = fresh ? await tokenBroker.fresh(profileId) : await tokenBroker.current(profileId);
  if (answer.ok)
    return ok({ view: answer.token.view, fromCache: answer.fromCache, refreshFailure: null });
  // A failed grant with a good token cached: the toolbar shows the token still in use, and why a
  // new one could not be had beside it (the next call carries the cached one).
  if (answer.held !== null) {
    return ok({ view: answer.held.view, fromCache: true, refreshFailure: answer.result.view });
  }
  return ok({ view: answer.result.view, fromCache: false, refreshFailure: null });
};

export const revealToken: Handlers['token/reveal'] = async ({ profileId }) => {
  const cached = await sessionTokenCache.get(profileId);
  if (cached === undefined) {
    return fail(
      'not_found',
      'There is no token for this profile yet (or it was dropped).',
      'Press Get token first.',
    );
  }
  return ok({ accessToken: cached.accessToken });
};

export const compareVariants: Handlers['token/compare'] = async ({ profileId }) => {
  const setup = await oauthSetup(profileId);
  if (!setup.ok) return setup;
  const base = setup.value.input;
  const runs: { label: string; input: TokenRequestInput }[] = [
    {
      label: 'A: Basic header',
      input: { ...base, variant: 'basic', formEncodeCredentials: false },
    },
    { label: 'B: form body', input: { ...base, variant: 'body', formEncodeCredentials: false } },
  ];
  if (credentialTraits(base.clientId, base.clientSecret).encodingChangesBasic) {
    runs.push({
      label: 'A: Basic header, RFC 6749 form-encoded',
      input: { ...base, variant: 'basic', formEncodeCredentials: true },
    });
  }
  // One after the other: some servers rate-limit the token endpoint per client.
  const attempts: TokenAttempt[] = [];
  for (const run of runs)
    attempts.push({ label: run.label, view: (await grantWith(run.input)).view });
  return ok({ attempts });
};
