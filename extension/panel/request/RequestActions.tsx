/**
 * The actions on the composed call, in one row under the request line: New request (an empty
 * draft, Alt+N), Save request (Ctrl/Cmd+S),
 * Save changes while a request opened from a collection has unsaved edits, Import cURL, Copy as
 * cURL (with secrets after a confirmation) and the Copy as menu; what does not fit goes into More
 * actions. After them, which saved request is in the composer (its name cut to the room left, the
 * whole in its tooltip); under them, what was just done, whole (it wraps: a sentence cut to
 * "Copied. Set the variables it names first, then r…" says nothing). Also the notes on how the draft came in (a cURL import, a captured call: what was dropped).
 */
import type { SavedRequest } from '../../../src/collections/model';
import type { DraftNotes } from '../../../src/workspace/request-state';
import { lazyComponent } from '../ui/lazy';
import { OverflowRow, type RowAction } from '../ui/OverflowRow';
import { CopyAsMenu } from './CopyAsMenu';
import { type CopyAs, LANGUAGE_NAMES } from './use-copy-as';

/** Asked only before copying with secrets: loaded then. */
const Confirm = lazyComponent(() => import('../ui/Confirm').then((module) => module.Confirm));

interface ActionsProps {
  /** The name of the saved request the draft was opened from, if any. */
  openedName: string | null;
  /** The saved request the draft was opened from, when it has unsaved changes. */
  dirtyRequest: SavedRequest | null;
  status: string;
  onNew: () => void;
  onSave: () => void;
  onSaveChanges: () => void;
  onImportCurl: () => void;
  copyAs: CopyAs;
}

interface ActionLook {
  /** Visible text, when shorter than the name. */
  text?: string;
  title?: string;
  primary?: boolean;
}

/** One action: the same name and deed in the row and in More actions. */
function action(name: string, onSelect: () => void, look: ActionLook = {}): RowAction {
  const text = look.text ?? name;
  return {
    node: (
      <button
        type="button"
        class={look.primary ? 'primary' : undefined}
        aria-label={name === text ? undefined : name}
        title={look.title}
        onClick={onSelect}
      >
        {text}
      </button>
    ),
    item: { text, name, onSelect },
  };
}

export function RequestActions(props: ActionsProps) {
  const { openedName, dirtyRequest, status, copyAs } = props;
  const actions = [
    action('New request', props.onNew, { title: 'New request (Alt+N)' }),
    action('Save request', props.onSave, { title: 'Save request (Ctrl+S)' }),
    ...(dirtyRequest === null
      ? []
      : [action('Save changes', props.onSaveChanges, { primary: true })]),
    action('Import cURL', props.onImportCurl),
    action('Copy as cURL', () => void copyAs.copy('curl', 'variables')),
    action('Copy as cURL with secrets', () => copyAs.askForSecrets('curl'), {
      text: 'cURL with secrets',
      title: 'Copy as cURL with the secret in clear text (asks first)',
    }),
  ];
  const said = copyAs.status !== '' ? copyAs.status : status;
  return (
    <>
      <OverflowRow
        label="Request actions"
        class="request-actions"
        actions={actions}
        pinned={<CopyAsMenu copyAs={copyAs} />}
        status={
          <>
            {dirtyRequest !== null && (
              <span class="dirty" title={`Unsaved changes to “${dirtyRequest.name}”`}>
                Unsaved changes to “{dirtyRequest.name}”
              </span>
            )}
            {dirtyRequest === null && openedName !== null && (
              <span
                class="opened-request"
                title={`“${openedName}”: the saved request in the composer`}
              >
                “{openedName}”
              </span>
            )}
          </>
        }
      />
      <p class="request-status muted" role="status">
        {said}
      </p>
      {copyAs.confirming !== null && (
        <Confirm
          title={`Copy as ${LANGUAGE_NAMES[copyAs.confirming]} with secrets`}
          confirm={`Copy with the ${copyAs.secret}`}
          onConfirm={() => copyAs.confirming && void copyAs.copy(copyAs.confirming, 'values')}
          onCancel={copyAs.cancelSecrets}
        >
          <p>
            The code will contain the {copyAs.secret} in clear text. Anyone who sees it can call the
            API as you: paste it only where you would paste the {copyAs.secret} itself.
          </p>
        </Confirm>
      )}
    </>
  );
}

export function DraftNotesList({
  notes,
  onDismiss,
}: {
  notes: DraftNotes | null;
  onDismiss: () => void;
}) {
  if (notes === null || notes.lines.length === 0) return null;
  return (
    <div class="notice notice-warn">
      <ul role="status" aria-label={`${notes.from} notes`}>
        {notes.lines.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
      <button type="button" class="link" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
