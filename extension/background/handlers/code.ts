/**
 * Handler for `code/build`: Copy as cURL, fetch, Python, HTTPie or PowerShell. By default the
 * code names secrets as environment variables; with mode 'values' (only after the user confirmed
 * in the panel) it carries the API key or the profile's current access token, never the client
 * secret. Every other secret the worker holds (another profile's key pasted into the body, say)
 * is masked in the code, whichever the mode.
 */

import { withCarried } from '../../../src/checks/with-carried';
import type { CodeSecrets } from '../../../src/copy-as/call-plan';
import type { Handlers } from '../../../src/protocol/router';
import {
  cycleError,
  resolveCall,
  unresolvedError,
  variablesOf,
} from '../../../src/service/call/variables';
import { usesOAuth } from '../../../src/service/profile/profile';
import { fail, ok } from '../../../src/vocabulary/errors';
import { workerFormats } from '../lazy-formats';
import { redactorExcept, replyRedactor } from '../stores/known-secrets';
import { loadSecrets } from '../stores/secret-store';
import { findProfile } from '../stores/storage';
import { loadCarried } from './carried';
import { tokenBroker } from './tokens';

export const buildCode: Handlers['code/build'] = async ({ profileId, language, mode, ...call }) => {
  const found = await findProfile(profileId);
  if (!found.ok) return found;
  const profile = found.value;
  const carried = await loadCarried(profile.id);
  const resolved = resolveCall(call, variablesOf(withCarried(profile, carried), call.variables));
  const loop = cycleError(resolved.cycles);
  if (loop !== null) return loop;
  if (resolved.unresolved.length > 0) return unresolvedError(resolved.unresolved);
  let secrets: CodeSecrets = { mode: 'variables' };
  if (mode === 'values') {
    if (usesOAuth(profile.authMethod)) {
      const answer = await tokenBroker.current(profile.id);
      if (!answer.ok) {
        return fail(
          'token_refused',
          'No token to put in the copied code.',
          'Press Get token to see why the token request fails.',
        );
      }
      secrets = { mode: 'values', accessToken: answer.token.accessToken };
    } else {
      const { apiKey } = await loadSecrets(profile.id);
      secrets = apiKey === undefined ? { mode: 'values' } : { mode: 'values', apiKey };
    }
  }
  const formats = workerFormats();
  if (!formats.ok) return formats;
  const code = formats.value.buildCodeSnippet(language, profile, resolved.call, secrets);
  if (!code.ok) return code;
  const redactor =
    secrets.mode === 'values'
      ? await redactorExcept(
          [secrets.apiKey, secrets.accessToken].filter((value) => value !== undefined),
        )
      : await replyRedactor();
  return ok({ code: redactor.text(code.value) });
};
