/**
 * Copy as cURL: the composed call as a runnable command. The default names secrets as shell
 * variables (and is shown here); "with secrets" asks first, then copies the real API key or
 * access token and does not show it.
 */
import { useState } from 'preact/hooks';
import type { ProfileView } from '../../src/service/profile-input';
import type { AppError } from '../../src/vocabulary/errors';
import type { Draft } from './Composer';
import { copyText } from './copy-text';
import { ErrorNotice } from './ErrorNotice';
import { ask } from './worker-client';

export function CopyAsCurl({ profile, draft }: { profile: ProfileView; draft: Draft }) {
  const [shown, setShown] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<AppError | null>(null);

  async function copy(mode: 'variables' | 'values') {
    const secret = profile.authMethod === 'apiKey' ? 'API key' : 'access token';
    if (
      mode === 'values' &&
      !globalThis.confirm(`The command will contain the ${secret} in clear text. Copy it?`)
    )
      return;
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
    setShown(mode === 'variables' ? reply.value.code : null);
    const copied = await copyText(reply.value.code);
    setStatus(
      copied
        ? mode === 'variables'
          ? 'Copied. Export the variables named in its first lines, then run it.'
          : `Copied, with the ${secret} in clear text.`
        : 'Copying failed: select the command below and copy it by hand.',
    );
  }

  return (
    <div class="curl">
      <div class="toolbar">
        <button type="button" onClick={() => copy('variables')}>
          Copy as cURL
        </button>
        <button type="button" onClick={() => copy('values')}>
          Copy as cURL with secrets
        </button>
        <span role="status">{status}</span>
      </div>
      {error && <ErrorNotice error={error} />}
      {shown !== null && (
        <section aria-label="cURL command">
          <pre class="body">{shown}</pre>
        </section>
      )}
    </div>
  );
}
