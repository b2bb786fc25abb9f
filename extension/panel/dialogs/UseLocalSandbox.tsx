/**
 * "Use local sandbox": asks the worker for the demo values of a sandbox on 127.0.0.1:8787 (or
 * why it cannot have them) and hands them to the profile editor, which the user still checks and
 * saves. Offered wherever a new profile is made: the first-run page and the New profile dialog.
 */
import { useState } from 'preact/hooks';
import type { DemoProfile } from '../../../src/service/profile/sandbox-demo';
import type { AppError } from '../../../src/vocabulary/errors';
import { ask } from '../state/worker-client';
import { ErrorNotice } from '../ui/ErrorNotice';

export function UseLocalSandbox({ onFilled }: { onFilled: (values: DemoProfile) => void }) {
  const [asking, setAsking] = useState(false);
  const [filled, setFilled] = useState(false);
  const [error, setError] = useState<AppError | null>(null);

  async function useSandbox() {
    setAsking(true);
    const reply = await ask('sandbox/demo', {});
    setAsking(false);
    if (!reply.ok) {
      setError(reply.error);
      return;
    }
    setError(null);
    setFilled(true);
    onFilled(reply.value.profile);
  }

  return (
    <>
      <div class="row">
        <button type="button" onClick={() => void useSandbox()} disabled={asking}>
          Use local sandbox
        </button>
        <span class="muted" role="status">
          {asking
            ? 'Asking the sandbox at 127.0.0.1:8787…'
            : filled
              ? 'Filled in with the local sandbox’s demo values: check them and press Save profile.'
              : 'Fills in the demo values of a sandbox running on 127.0.0.1:8787 (npm run sandbox).'}
        </span>
      </div>
      {error && <ErrorNotice error={error} />}
    </>
  );
}
