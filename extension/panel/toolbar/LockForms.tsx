/**
 * The passphrase lock's forms, loaded when one is first needed: turn the lock on, change the
 * passphrase, remove the lock (each in a dialog), the banner shown while locked with its Unlock
 * form, and, for a forgotten passphrase, reset the secrets after a confirmation. Each step is a
 * command of src/workspace/passphrase-commands.ts.
 */

import { openLockForm } from '../../../src/workspace/lock-commands';
import {
  changePassphrase,
  enableLock,
  removeLock,
  resetSecrets,
  unlockSecrets,
} from '../../../src/workspace/passphrase-commands';
import { useLock } from '../state/use-lock';
import { deps } from '../state/workspace';
import { Confirm } from '../ui/Confirm';
import { Dialog } from '../ui/Dialog';
import { PassphraseForm, type PassphraseFormProps } from './PassphraseForm';

const NO_RECOVERY =
  'No one can recover a forgotten passphrase: you could then only reset the secrets (profiles and collections stay).';

export function UnlockForm() {
  const { lockedByUser } = useLock();
  return (
    <PassphraseForm
      label="Unlock"
      fields={[{ name: 'passphrase', label: 'Passphrase', autoComplete: 'current-password' }]}
      submitLabel="Unlock"
      focusOnMount={lockedByUser}
      onSubmit={(values) => unlockSecrets(deps, values.passphrase ?? '')}
    />
  );
}

/** Shown while locked: calls and tokens need the secrets, so the way to open them is in view. */
export function LockedBanner() {
  return (
    <section class="notice notice-warn lock-banner" aria-label="Secrets locked">
      <p>The saved secrets are locked: calls and tokens need them. Unlock with your passphrase.</p>
      <div class="row">
        <UnlockForm />
        <button type="button" class="link" onClick={() => openLockForm(deps, 'reset')}>
          Forgot passphrase?
        </button>
      </div>
    </section>
  );
}

export function LockDialog() {
  const { form } = useLock();
  const close = () => openLockForm(deps, 'none');
  /** A form of its own dialog, titled as the form is named; Cancel closes it. */
  const dialog = (props: Omit<PassphraseFormProps, 'onCancel'>) => (
    <Dialog title={props.label} onClose={close}>
      <PassphraseForm {...props} onCancel={close} />
    </Dialog>
  );
  switch (form) {
    case 'enable':
      return dialog({
        label: 'Lock with passphrase',
        fields: [{ name: 'passphrase', label: 'New passphrase', autoComplete: 'new-password' }],
        confirm: 'passphrase',
        submitLabel: 'Turn on lock',
        note: `Every saved API key and client secret is encrypted with a key made from this passphrase; it is asked for again after the browser restarts. The browser may keep secrets saved before now in its storage files on disk until it compacts them: rotate those if that matters. ${NO_RECOVERY}`,
        onSubmit: (values) => enableLock(deps, values.passphrase ?? ''),
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
        onSubmit: (values) => changePassphrase(deps, values.current ?? '', values.next ?? ''),
      });
    case 'remove':
      return dialog({
        label: 'Remove lock',
        fields: [{ name: 'passphrase', label: 'Passphrase', autoComplete: 'current-password' }],
        submitLabel: 'Store secrets unencrypted',
        note: 'The secrets are then kept in plain text in the extension’s storage, as without a lock.',
        onSubmit: (values) => removeLock(deps, values.passphrase ?? ''),
      });
    case 'reset':
      return (
        <Confirm
          title="Reset secrets"
          confirm="Reset secrets"
          danger
          onConfirm={() => void resetSecrets(deps)}
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
