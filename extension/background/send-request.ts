/**
 * Handler for `request/send`: the one place where a stored credential is put on the wire for a
 * `/v1` call. The panel names a profile; the worker looks up its secret, builds the call, checks
 * the host permission and sends it.
 */
import browser from 'webextension-polyfill';
import { fail, type Result } from '../../src/protocol/errors';
import type { HttpExchange } from '../../src/protocol/messages';
import type { Handlers } from '../../src/protocol/router';
import { executeRequest } from '../../src/service/execute';
import { usesOAuth } from '../../src/service/profile';
import { buildV1Request } from '../../src/service/v1-request';
import { loadProfiles, loadSecrets } from './storage';

const TIMEOUT_MS = 30_000;
/** Bodies above this are cut; the panel says so and shows the full size when it is known. */
export const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

async function hasHostPermission(url: string): Promise<boolean> {
  const { origin } = new URL(url);
  return browser.permissions.contains({ origins: [`${origin}/*`] });
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
  if (usesOAuth(profile.authMethod)) {
    return fail(
      'invalid_request',
      'OAuth profiles cannot send calls in this build: it has no token broker yet.',
      'Use an API-key profile for now.',
    );
  }
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
  if (!(await hasHostPermission(prepared.value.url))) {
    const { origin } = new URL(prepared.value.url);
    return fail(
      'permission_missing',
      `The extension has no permission to reach ${origin}.`,
      'Save the profile again and accept the browser’s prompt to allow this site, or grant it on chrome://extensions (Details, Site access).',
    );
  }
  return executeRequest(prepared.value, {
    fetch: (input, init) => fetch(input, init),
    timeoutMs: TIMEOUT_MS,
    maxBodyBytes: MAX_RESPONSE_BYTES,
  });
};
