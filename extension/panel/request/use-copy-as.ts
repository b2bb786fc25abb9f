/**
 * Copy as code: the composed call as a runnable cURL command, or as JavaScript fetch, Python
 * requests, HTTPie or PowerShell. By default secrets are environment variables (and the code is
 * shown); "with secrets" first asks in the panel, then copies the real API key or access token
 * (never the client secret) and does not show it.
 */
import { useState } from 'preact/hooks';
import type { ProfileView } from '../../../src/service/profile/profile-input';
import type { AppError } from '../../../src/vocabulary/errors';
import type { CodeLanguage, NameValue } from '../../../src/vocabulary/terms';
import { ask } from '../state/worker-client';
import { copyText } from '../ui/copy-text';
import type { Draft } from './use-request';

export type CopyMode = 'variables' | 'values';

/** How each language is named on its buttons: "Copy as cURL", "Copy as Python", … */
export const LANGUAGE_NAMES: Record<CodeLanguage, string> = {
  curl: 'cURL',
  fetch: 'fetch',
  python: 'Python',
  httpie: 'HTTPie',
  powershell: 'PowerShell',
};

export function useCopyAs(profile: ProfileView, draft: Draft, shared: readonly NameValue[]) {
  const [shown, setShown] = useState<{ language: CodeLanguage; code: string } | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<AppError | null>(null);
  const [confirming, setConfirming] = useState<CodeLanguage | null>(null);
  const secret = profile.authMethod === 'apiKey' ? 'API key' : 'access token';

  async function copy(language: CodeLanguage, mode: CopyMode) {
    setConfirming(null);
    const variables = [...shared];
    const reply = await ask('code/build', {
      profileId: profile.id,
      language,
      mode,
      ...draft,
      ...(variables.length > 0 ? { variables } : {}),
    });
    if (!reply.ok) {
      setError(reply.error);
      return;
    }
    setError(null);
    setShown(mode === 'variables' ? { language, code: reply.value.code } : null);
    const copied = await copyText(reply.value.code);
    setStatus(
      copied
        ? mode === 'variables'
          ? 'Copied. Set the variables it names first, then run it.'
          : `Copied, with the ${secret} in clear text.`
        : 'Copying failed: select the code below and copy it by hand.',
    );
  }

  return {
    secret,
    shown,
    status,
    error,
    confirming,
    copy,
    askForSecrets: (language: CodeLanguage) => setConfirming(language),
    cancelSecrets: () => setConfirming(null),
    hide: () => {
      setShown(null);
      setStatus('');
    },
  };
}

export type CopyAs = ReturnType<typeof useCopyAs>;
