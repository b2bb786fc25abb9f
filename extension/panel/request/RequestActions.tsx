/**
 * The actions on the composed call beside Copy as: Save request (Ctrl/Cmd+S), Save changes while a
 * request opened from a collection has unsaved edits, and Import cURL; and the notes on how the
 * draft came in (a cURL import, a captured call: what was dropped on the way).
 */
import type { SavedRequest } from '../../../src/collections/model';

interface ActionsProps {
  /** The name of the saved request the draft was opened from, if any. */
  openedName: string | null;
  /** The saved request the draft was opened from, when it has unsaved changes. */
  dirtyRequest: SavedRequest | null;
  status: string;
  onSave: () => void;
  onSaveChanges: () => void;
  onImportCurl: () => void;
}

export function RequestActions({
  openedName,
  dirtyRequest,
  status,
  onSave,
  onSaveChanges,
  onImportCurl,
}: ActionsProps) {
  return (
    <>
      {openedName !== null && dirtyRequest === null && (
        <span class="opened-request" title="The saved request in the composer">
          “{openedName}”
        </span>
      )}
      <button type="button" onClick={onSave} title="Save request (Ctrl+S)">
        Save request
      </button>
      {dirtyRequest !== null && (
        <>
          <button type="button" class="primary" onClick={onSaveChanges}>
            Save changes
          </button>
          <span class="dirty">Unsaved changes to “{dirtyRequest.name}”</span>
        </>
      )}
      <button type="button" onClick={onImportCurl}>
        Import cURL
      </button>
      {status !== '' && (
        <span class="muted" role="status">
          {status}
        </span>
      )}
    </>
  );
}

export interface DraftNotes {
  /** Where the draft came from: "cURL import", "Captured call". */
  from: string;
  lines: string[];
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
