/**
 * The passphrase lock in the toolbar (its state, and the actions that fit it) and, while locked, a
 * banner with the Unlock form: calls and tokens need the secrets, so the way to open them is in
 * view. Try it by hand: Lock with passphrase, restart the browser, and the banner asks for it.
 */
import { useState } from 'preact/hooks';
import type { LockState } from '../../../src/protocol/messages';
import type { LockControls } from '../state/use-lock';
import { ErrorNotice } from '../ui/ErrorNotice';
import { lazyComponent } from '../ui/lazy';

const LockDialog = lazyComponent(() => import('./LockForms').then((module) => module.LockDialog));
const UnlockForm = lazyComponent(() => import('./LockForms').then((module) => module.UnlockForm));

const STATE_TEXT: Record<LockState, string> = {
  off: 'Not locked',
  locked: 'Locked',
  unlocked: 'Unlocked',
};

export function LockToolbar({ lock }: { lock: LockControls }) {
  const [more, setMore] = useState(false);
  const { state } = lock;
  if (state === null) return null;
  const choose = (form: 'change' | 'remove') => {
    setMore(false);
    lock.setForm(form);
  };
  return (
    <div class="lock-toolbar">
      <span class="muted wide-only">Secrets:</span>
      <strong role="status" aria-label="Lock status" class={state === 'locked' ? 'warn' : ''}>
        {STATE_TEXT[state]}
      </strong>
      {state === 'off' && (
        <button
          type="button"
          aria-label="Lock with passphrase"
          onClick={() => lock.setForm('enable')}
        >
          Lock
        </button>
      )}
      {state === 'unlocked' && (
        <>
          <button type="button" onClick={() => void lock.lockNow()}>
            Lock now
          </button>
          <button
            type="button"
            aria-label="More lock actions"
            aria-expanded={more}
            aria-controls="lock-more"
            onClick={() => setMore(!more)}
          >
            ⋯
          </button>
          {more && (
            <div id="lock-more" class="popover lock-more">
              <button type="button" onClick={() => choose('change')}>
                Change passphrase
              </button>
              <button type="button" onClick={() => choose('remove')}>
                Remove lock
              </button>
            </div>
          )}
        </>
      )}
      {lock.form !== 'none' && <LockDialog lock={lock} />}
    </div>
  );
}

/** The notices under the toolbar that belong to the lock: the banner while locked, its news. */
export function LockNotices({ lock }: { lock: LockControls }) {
  return (
    <>
      {lock.error && <ErrorNotice error={lock.error} />}
      {lock.notice && (
        <p class="notice notice-info row" role="status">
          <span>{lock.notice}</span>
          <button type="button" class="link" onClick={() => lock.setNotice(null)}>
            Dismiss
          </button>
        </p>
      )}
      {lock.state === 'locked' && (
        <section class="notice notice-warn lock-banner" aria-label="Secrets locked">
          <p>
            The saved secrets are locked: calls and tokens need them. Unlock with your passphrase.
          </p>
          <div class="row">
            <UnlockForm lock={lock} />
            <button type="button" class="link" onClick={() => lock.setForm('reset')}>
              Forgot passphrase?
            </button>
          </div>
        </section>
      )}
    </>
  );
}
