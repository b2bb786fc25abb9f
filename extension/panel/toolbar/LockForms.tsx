/**
 * The passphrase lock's forms, loaded when one is first needed: turn the lock on, change the
 * passphrase, remove the lock (each in a dialog), unlock (in the banner shown while locked), and,
 * for a forgotten passphrase, reset the secrets after a confirmation.
 */

import type { LockControls } from '../state/use-lock';
import { ask } from '../state/worker-client';
import { Confirm } from '../ui/Confirm';
import { Dialog } from '../ui/Dialog';
import { PassphraseForm, type PassphraseFormProps } from './PassphraseForm';

const NO_RECOVERY =
  'No one can recover a forgotten passphrase: you could then only reset the secrets (profiles and collections stay).';

export function UnlockForm({ lock }: { lock: LockControls }) {
  return (
    <PassphraseForm
      label="Unlock"
      fields={[{ name: 'passphrase', label: 'Passphrase', autoComplete: 'current-password' }]}
      submitLabel="Unlock"
      focusOnMount={lock.lockedByUser}
      onSubmit={(values) =>
        lock.step(() => ask('lock/unlock', { passphrase: values.passphrase ?? '' }), 'Unlocked.')
      }
    />
  );
}

export function LockDialog({ lock }: { lock: LockControls }) {
  const close = () => lock.setForm('none');
  /** A form of its own dialog, titled as the form is named; Cancel closes it. */
  const dialog = (form: Omit<PassphraseFormProps, 'onCancel'>) => (
    <Dialog title={form.label} onClose={close}>
      <PassphraseForm {...form} onCancel={close} />
    </Dialog>
  );
  switch (lock.form) {
    case 'enable':
      return dialog({
        label: 'Lock with passphrase',
        fields: [{ name: 'passphrase', label: 'New passphrase', autoComplete: 'new-password' }],
        confirm: 'passphrase',
        submitLabel: 'Turn on lock',
        note: `Every saved API key and client secret is encrypted with a key made from this passphrase; it is asked for again after the browser restarts. The browser may keep secrets saved before now in its storage files on disk until it compacts them: rotate those if that matters. ${NO_RECOVERY}`,
        onSubmit: (values) =>
          lock.step(() => ask('lock/enable', { passphrase: values.passphrase ?? '' }), 'Lock on.'),
      });
    case 'change':
      return dialog({
        label: 'Change passphrase',
        fields: [
          { name: 'current', label: 'Current passphrase', autoComplete: 'current-password' },
          { name: 'next', label: 'New passphrase', autoComplete: 'new-password' },
        ],
        confirm: 'next',
        submitLabel: 'Save passphrase',
        note: NO_RECOVERY,
        onSubmit: (values) =>
          lock.step(
            () => ask('lock/change', { current: values.current ?? '', next: values.next ?? '' }),
            'Passphrase changed.',
          ),
      });
    case 'remove':
      return dialog({
        label: 'Remove lock',
        fields: [{ name: 'passphrase', label: 'Passphrase', autoComplete: 'current-password' }],
        submitLabel: 'Store secrets unencrypted',
        note: 'The secrets are then kept in plain text in the extension’s storage, as without a lock.',
        onSubmit: (values) =>
          lock.step(
            () => ask('lock/remove', { passphrase: values.passphrase ?? '' }),
            'Lock removed.',
          ),
      });
    case 'reset':
      return (
        <Confirm
          title="Reset secrets"
          confirm="Reset secrets"
          danger
          onConfirm={() => void lock.reset()}
          onCancel={close}
        >
          <p>
            Without the passphrase the saved secrets cannot be opened. Resetting removes every saved
            API key and client secret and the lock; profiles, collections and history stay, and you
            enter the secrets again.
          </p>
        </Confirm>
      );
    default:
      return null;
  }
}
