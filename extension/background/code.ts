/**
 * Handler for `curl/build`: Copy as cURL. By default the command names secrets as shell variables;
 * with mode 'values' (only after the user confirmed in the panel) it carries the API key or the
 * profile's current access token, never the client secret.
 */

import type { Handlers } from '../../src/protocol/router';
import { buildCurlCommand, type CurlSecrets } from '../../src/service/curl';
import { usesOAuth } from '../../src/service/profile';
import { resolveCall, unresolvedError, variablesOf } from '../../src/service/variables';
import { fail, ok } from '../../src/vocabulary/errors';
import { loadSecrets } from './secret-store';
import { findProfile } from './storage';
import { tokenBroker } from './tokens';

export const buildCurl: Handlers['curl/build'] = async ({ profileId, mode, ...call }) => {
  const found = await findProfile(profileId);
  if (!found.ok) return found;
  const profile = found.value;
  const resolved = resolveCall(call, variablesOf(profile));
  if (resolved.unresolved.length > 0) return unresolvedError(resolved.unresolved);
  let secrets: CurlSecrets = { mode: 'variables' };
  if (mode === 'values') {
    if (usesOAuth(profile.authMethod)) {
      const answer = await tokenBroker.current(profile.id);
      if (!answer.ok) {
        return fail(
          'token_refused',
          'No token to put in the command.',
          'Press Get token to see why the token request fails.',
        );
      }
      secrets = { mode: 'values', accessToken: answer.token.accessToken };
    } else {
      const { apiKey } = await loadSecrets(profile.id);
      secrets = apiKey === undefined ? { mode: 'values' } : { mode: 'values', apiKey };
    }
  }
  const command = buildCurlCommand(profile, resolved.call, secrets);
  return command.ok ? ok({ command: command.value }) : command;
};
