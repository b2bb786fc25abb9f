/**
 * "Use local sandbox": asks the worker for the demo values of a sandbox on 127.0.0.1:8787 (or
 * why it cannot have them) and fills New profile with them, which the user still checks and
 * saves. Offered wherever a new profile is made: the first-run page and the New profile dialog.
 * Its progress is the store's (profiles-state.ts), its command `fillFromSandbox`.
 */
import { fillFromSandbox } from '../../../src/workspace/profiles/profile-editor-commands';
import { useStore } from '../state/store';
import { deps } from '../state/workspace';
import { ErrorNotice } from '../ui/ErrorNotice';

export function UseLocalSandbox() {
  const { asking, filled, error } = useStore((workspace) => workspace.profiles.sandbox);

  return (
    <>
      <div class="row">
        <button type="button" onClick={() => void fillFromSandbox(deps)} disabled={asking}>
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
