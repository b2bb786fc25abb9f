/**
 * An in-panel confirmation, instead of the browser's confirm(): a small dialog that says what will
 * happen, with the action named on its button and Cancel (or Escape) to leave things as they are.
 */
import type { ComponentChildren } from 'preact';
import { Dialog } from './Dialog';

interface Props {
  title: string;
  /** The action's button text, e.g. "Delete", "Copy with the API key". */
  confirm: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  returnFocus?: () => HTMLElement | null;
  children: ComponentChildren;
}

export function Confirm({
  title,
  confirm,
  danger,
  onConfirm,
  onCancel,
  returnFocus,
  children,
}: Props) {
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      class="confirm"
      {...(returnFocus === undefined ? {} : { returnFocus })}
    >
      {children}
      <div class="actions">
        <button
          type="button"
          class={danger ? 'primary danger-primary' : 'primary'}
          onClick={onConfirm}
        >
          {confirm}
        </button>
        {/* biome-ignore lint/a11y/noAutofocus: the native dialog focuses its autofocus element when it opens; Cancel first means a stray Enter never confirms */}
        <button type="button" autoFocus onClick={onCancel}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
