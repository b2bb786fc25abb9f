/**
 * Copy as cURL: the composed call as a runnable command. The default names secrets as shell
 * variables (and the command is shown); "with secrets" first asks in the panel, then copies the
 * real API key or access token and does not show it.
 */
import { useState } from 'preact/hooks';
import type { ProfileView } from '../../../src/service/profile-input';
import type { AppError } from '../../../src/vocabulary/errors';
import { copyText } from '../ui/copy-text';
import { ask } from '../worker-client';
import type { Draft } from './use-request';

export type CopyMode = 'variables' | 'values';

export function useCopyAs(profile: ProfileView, draft: Draft) {
  const [command, setCommand] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<AppError | null>(null);
  const [confirming, setConfirming] = useState(false);
  const secret = profile.authMethod === 'apiKey' ? 'API key' : 'access token';

  async function copy(mode: CopyMode) {
    setConfirming(false);
    const reply = await ask('code/build', {
      profileId: profile.id,
      language: 'curl',
      mode,
      ...draft,
    });
    if (!reply.ok) {
      setError(reply.error);
      return;
    }
    setError(null);
    setCommand(mode === 'variables' ? reply.value.code : null);
    const copied = await copyText(reply.value.code);
    setStatus(
      copied
        ? mode === 'variables'
          ? 'Copied. Export the variables named in its first lines, then run it.'
          : `Copied, with the ${secret} in clear text.`
        : 'Copying failed: select the command below and copy it by hand.',
    );
  }

  return {
    secret,
    command,
    status,
    error,
    confirming,
    copy,
    askForSecrets: () => setConfirming(true),
    cancelSecrets: () => setConfirming(false),
    hide: () => {
      setCommand(null);
      setStatus('');
    },
  };
}

export type CopyAs = ReturnType<typeof useCopyAs>;
