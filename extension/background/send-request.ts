/**
 * Handler for `request/send`: the one place where a stored credential is put on the wire for a
 * `/v1` call. The panel names a profile; the worker looks up its secret, builds the call, checks
 * the host permission and sends it.
 */
import { fail, ok, type Result } from '../../src/protocol/errors';
import type { HttpExchange, SendRequest } from '../../src/protocol/messages';
import type { Handlers } from '../../src/protocol/router';
import { executeRequest } from '../../src/service/execute';
import { type StoredProfile, usesOAuth } from '../../src/service/profile';
import { isTokenRejection } from '../../src/service/token-broker';
import { buildV1Request, type PreparedRequest } from '../../src/service/v1-request';
import { checkHostPermission } from './host-permission';
import { loadProfiles, loadSecrets } from './storage';
import { tokenBroker } from './tokens';

const TIMEOUT_MS = 30_000;
/** Bodies above this are cut; the panel says so and shows the full size when it is known. */
export const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

const send = (prepared: PreparedRequest) =>
  executeRequest(prepared, {
    fetch: (input, init) => fetch(input, init),
    timeoutMs: TIMEOUT_MS,
    maxBodyBytes: MAX_RESPONSE_BYTES,
  });

async function sendWithApiKey(
  profile: StoredProfile,
  call: SendRequest,
): Promise<Result<HttpExchange>> {
  const secrets = await loadSecrets(profile.id);
  if (secrets.apiKey === undefined) {
    return fail(
      'missing_secret',
      'This profile has no API key stored.',
      'Edit the profile and enter its API key.',
    );
  }
  const prepared = buildV1Request(profile, { kind: 'apiKey', apiKey: secrets.apiKey }, call);
  if (!prepared.ok) return prepared;
  const allowed = await checkHostPermission(prepared.value.url);
  return allowed.ok ? send(prepared.value) : allowed;
}

async function sendWithBearer(
  profile: StoredProfile,
  call: SendRequest,
): Promise<Result<HttpExchange>> {
  // Check the call before asking for a token: a bad path should not cost a token request.
  const dryRun = buildV1Request(profile, { kind: 'bearer', accessToken: 'x' }, call);
  if (!dryRun.ok) return dryRun;
  for (const url of [dryRun.value.url, profile.authUrl]) {
    const allowed = await checkHostPermission(url);
    if (!allowed.ok) return allowed;
  }
  const outcome = await tokenBroker.withToken(profile.id, async (accessToken) => {
    const prepared = buildV1Request(profile, { kind: 'bearer', accessToken }, call);
    if (!prepared.ok) return { value: prepared, tokenRefused: false };
    const answer = await send(prepared.value);
    const tokenRefused = answer.ok && isTokenRejection(answer.value.status, answer.value.bodyText);
    return { value: answer, tokenRefused };
  });
  if (!outcome.ok) {
    const { explanation } = outcome.result.view;
    return fail(
      'token_refused',
      `No token for this call: ${explanation.summary}`,
      `${explanation.advice[0] ?? 'Press Get token to see the token request and its answer.'} Press Get token for the full story.`,
    );
  }
  const answer = outcome.value;
  return answer.ok && outcome.renewed ? ok({ ...answer.value, tokenRenewed: true }) : answer;
}

export const sendRequest: Handlers['request/send'] = async (
  call,
): Promise<Result<HttpExchange>> => {
  const profile = (await loadProfiles()).find((item) => item.id === call.profileId);
  if (profile === undefined) {
    return fail(
      'not_found',
      'The chosen profile no longer exists.',
      'Pick a profile from the list again.',
    );
  }
  return usesOAuth(profile.authMethod)
    ? sendWithBearer(profile, call)
    : sendWithApiKey(profile, call);
};
