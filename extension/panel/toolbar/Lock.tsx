/**
 * The passphrase lock in the toolbar (its state, and the actions that fit it) and, while locked, a
 * banner with the Unlock form (LockForms.tsx, loaded when first locked): calls and tokens need the
 * secrets, so the way to open them is in view. Try it by hand: Lock with passphrase, restart the browser, and the banner asks for it.
 */
import { useState } from 'preact/hooks';
import type { LockState } from '../../../src/protocol/messages';
import { dismissLockNotice, lockNow, openLockForm } from '../../../src/workspace/lock-commands';
import { useLock } from '../state/use-lock';
import { deps } from '../state/workspace';
import { ErrorNotice } from '../ui/ErrorNotice';
import { lazyComponent } from '../ui/lazy';

const LockDialog = lazyComponent(() => import('./LockForms').then((module) => module.LockDialog));
const LockedBanner = lazyComponent(() =>
  import('./LockForms').then((module) => module.LockedBanner),
);

const STATE_TEXT: Record<LockState, string> = {
  off: 'Not locked',
  locked: 'Locked',
  unlocked: 'Unlocked',
};

export function LockToolbar() {
  const [more, setMore] = useState(false);
  const { state, form } = useLock();
  if (state === null) return null;
  const choose = (next: 'change' | 'remove') => {
    setMore(false);
    openLockForm(deps, next);
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
          onClick={() => openLockForm(deps, 'enable')}
        >
          Lock
        </button>
      )}
      {state === 'unlocked' && (
        <>
          <button type="button" onClick={() => void lockNow(deps)}>
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
      {form !== 'none' && <LockDialog />}
    </div>
  );
}

/** The notices under the toolbar that belong to the lock: its news, and the banner while locked. */
export function LockNotices() {
  const lock = useLock();
  return (
    <>
      {lock.error && <ErrorNotice error={lock.error} />}
      {lock.notice && (
        <p class="notice notice-info row" role="status">
          <span>{lock.notice}</span>
          <button type="button" class="link" onClick={() => dismissLockNotice(deps)}>
            Dismiss
          </button>
        </p>
      )}
      {lock.state === 'locked' && <LockedBanner />}
    </>
  );
}
