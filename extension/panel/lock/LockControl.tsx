/**
 * The passphrase lock over the saved secrets: its state, and the forms to turn it on, unlock, lock,
 * change the passphrase, remove the lock, or (passphrase forgotten) reset the secrets. Try it by
 * hand: Lock with passphrase, then restart the browser: the panel shows Locked and an Unlock form.
 */
import { useEffect, useState } from 'preact/hooks';
import type { LockState } from '../../../src/protocol/messages';
import type { AppError } from '../../../src/vocabulary/errors';
import { ErrorNotice } from '../ui/ErrorNotice';
import { ask, onLockedAnswer } from '../worker-client';
import { PassphraseForm } from './PassphraseForm';

type Open = 'none' | 'enable' | 'change' | 'remove' | 'reset';

const STATE_TEXT: Record<LockState, string> = {
  off: 'Not locked',
  locked: 'Locked',
  unlocked: 'Unlocked',
};

const NO_RECOVERY =
  'No one can recover a forgotten passphrase: you could then only reset the secrets (profiles and collections stay).';

interface Props {
  /** After the lock changed what the worker can show (masked secrets appear or go). */
  onChange: () => void;
}

export function LockControl({ onChange }: Props) {
  const [state, setState] = useState<LockState | null>(null);
  const [open, setOpen] = useState<Open>('none');
  const [error, setError] = useState<AppError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function refresh() {
    const reply = await ask('lock/status', {});
    if (reply.ok) setState(reply.value.state);
    else setError(reply.error);
  }

  useEffect(() => {
    void refresh();
    return onLockedAnswer(() => void refresh());
  }, []);

  /** Runs one lock step; on success shows the new state and closes the form. */
  async function step(run: () => ReturnType<typeof ask<'lock/status'>>, done: string) {
    const reply = await run();
    if (!reply.ok) return reply.error;
    setState(reply.value.state);
    setOpen('none');
    setError(null);
    setNotice(done);
    onChange();
    return null;
  }

  async function reset() {
    const reply = await ask('lock/reset', {});
    if (!reply.ok) {
      setError(reply.error);
      return;
    }
    const removed = reply.value.removed;
    await step(
      async () => reply,
      `Removed the saved secrets of ${removed} profile${removed === 1 ? '' : 's'}: enter them again with Edit profile.`,
    );
  }

  if (state === null) return error ? <ErrorNotice error={error} /> : null;

  return (
    <section class="lock" aria-label="Secrets lock">
      <div class="toolbar">
        <span>
          Secrets:{' '}
          <strong role="status" aria-label="Lock status" class={state === 'locked' ? 'warn' : ''}>
            {STATE_TEXT[state]}
          </strong>
        </span>
        {state === 'off' && open !== 'enable' && (
          <button type="button" onClick={() => setOpen('enable')}>
            Lock with passphrase
          </button>
        )}
        {state === 'unlocked' && (
          <>
            <button
              type="button"
              onClick={() =>
                void step(
                  () => ask('lock/lock', {}),
                  'Locked: the key is forgotten until you unlock.',
                )
              }
            >
              Lock now
            </button>
            <button type="button" onClick={() => setOpen('change')}>
              Change passphrase
            </button>
            <button type="button" onClick={() => setOpen('remove')}>
              Remove lock
            </button>
          </>
        )}
        {notice && <span class="muted">{notice}</span>}
      </div>
      {error && <ErrorNotice error={error} />}
      {state === 'off' && open === 'enable' && (
        <PassphraseForm
          label="Lock with passphrase"
          fields={[{ name: 'passphrase', label: 'New passphrase', autoComplete: 'new-password' }]}
          confirm="passphrase"
          submitLabel="Turn on lock"
          note={`Every saved API key and client secret is encrypted with a key made from this passphrase; it is asked for again after the browser restarts. Chrome may keep secrets saved before now in its storage files on disk until it compacts them: rotate those if that matters. ${NO_RECOVERY}`}
          onSubmit={(values) =>
            step(() => ask('lock/enable', { passphrase: values.passphrase ?? '' }), 'Lock on.')
          }
          onCancel={() => setOpen('none')}
        />
      )}
      {state === 'locked' && open !== 'reset' && (
        <>
          <PassphraseForm
            label="Unlock"
            fields={[{ name: 'passphrase', label: 'Passphrase', autoComplete: 'current-password' }]}
            submitLabel="Unlock"
            onSubmit={(values) =>
              step(() => ask('lock/unlock', { passphrase: values.passphrase ?? '' }), 'Unlocked.')
            }
          />
          <button type="button" class="link" onClick={() => setOpen('reset')}>
            Forgot passphrase?
          </button>
        </>
      )}
      {state === 'locked' && open === 'reset' && (
        <fieldset class="notice notice-warn">
          <legend>Reset secrets</legend>
          <p>
            Without the passphrase the saved secrets cannot be opened. Resetting removes every saved
            API key and client secret and the lock; profiles, collections and history stay, and you
            enter the secrets again.
          </p>
          <div class="actions">
            <button type="button" class="danger" onClick={() => void reset()}>
              Reset secrets
            </button>
            <button type="button" onClick={() => setOpen('none')}>
              Cancel
            </button>
          </div>
        </fieldset>
      )}
      {state === 'unlocked' && open === 'change' && (
        <PassphraseForm
          label="Change passphrase"
          fields={[
            { name: 'current', label: 'Current passphrase', autoComplete: 'current-password' },
            { name: 'next', label: 'New passphrase', autoComplete: 'new-password' },
          ]}
          confirm="next"
          submitLabel="Save passphrase"
          note={NO_RECOVERY}
          onSubmit={(values) =>
            step(
              () => ask('lock/change', { current: values.current ?? '', next: values.next ?? '' }),
              'Passphrase changed.',
            )
          }
          onCancel={() => setOpen('none')}
        />
      )}
      {state === 'unlocked' && open === 'remove' && (
        <PassphraseForm
          label="Remove lock"
          fields={[{ name: 'passphrase', label: 'Passphrase', autoComplete: 'current-password' }]}
          submitLabel="Store secrets unencrypted"
          note="The secrets are then kept in plain text in the extension’s storage, as without a lock."
          onSubmit={(values) =>
            step(() => ask('lock/remove', { passphrase: values.passphrase ?? '' }), 'Lock removed.')
          }
          onCancel={() => setOpen('none')}
        />
      )}
    </section>
  );
}
