/**
 * Under a collection kept in a folder: which folder and in which format, what the last read from it could not take
 * (as an import's summary says), and what needs the user. When the browser has taken back the
 * access (after a restart, or once the extension's last tab closed: connect-folder/folder-keeper.ts)
 * the folder needs a click to reconnect (the browser asks only on a click); the panel keeps
 * working from its last copy meanwhile. A conflict (the same file changed in the panel and in the
 * folder) asks which version to keep, naming every file each answer would write or delete in the
 * folder; the other version is kept as a copy.
 */
import type { FileWork } from '../../../../src/formats/opencollection/folder-sync-plan';
import type { FolderView } from '../../../../src/workspace/folders/folders-state';
import { folders } from '../../state/use-collection-folders';

interface Props {
  collectionId: string;
  name: string;
  view: FolderView;
}

/** What an answer does to the folder's files, in words: every file named. */
function describeWork({ write, remove }: FileWork): string {
  if (write.length === 0 && remove.length === 0) return 'writes and deletes nothing in the folder.';
  const parts: string[] = [];
  if (write.length > 0) parts.push(`writes ${write.join(', ')}`);
  if (remove.length > 0) parts.push(`deletes ${remove.join(', ')}`);
  return `${parts.join('; ')}. Nothing else in the folder is touched.`;
}

export function FolderStatus({ collectionId, name, view }: Props) {
  const { folder } = view;
  if (view.state === 'synced')
    return (
      <>
        <p class="muted folder-status" role="status" aria-label={`Folder of ${name}`}>
          Kept in folder “{folder}” as {view.format}
        </p>
        {view.notes !== undefined && view.notes.length > 0 && (
          <ul class="notice notice-info" aria-label={`Not taken from the folder of ${name}`}>
            {view.notes.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
      </>
    );
  if (view.state === 'needs-permission')
    return (
      <section class="notice notice-warn" aria-label={`Folder of ${name}`}>
        <p>
          The folder “{folder}” needs a click to reconnect: the browser took back the extension’s
          access to it, as it does after a restart and when the extension’s last tab (the Folder
          access tab) closes. The panel works from its last copy meanwhile.
        </p>
        <button
          type="button"
          aria-label={`Reconnect folder ${name}`}
          onClick={() => void folders.reconnect(collectionId)}
        >
          Reconnect folder
        </button>
      </section>
    );
  if (view.state === 'error')
    return (
      <p class="notice notice-error" role="alert" aria-label={`Folder of ${name}`}>
        {view.message}
      </p>
    );
  return (
    <section class="notice notice-warn" aria-label={`Folder conflict ${name}`}>
      <p>
        Changed both here and in the folder “{folder}”: {view.paths.join(', ')}. Which version
        should “{name}” keep? The other is kept as a copy collection.
      </p>
      <ul aria-label={`What each answer does to the folder of ${name}`}>
        <li>Keep the panel’s version: {describeWork(view.answers.panel)}</li>
        <li>
          Keep the folder’s version: {describeWork(view.answers.folder)} The panel takes the
          folder’s files.
        </li>
      </ul>
      {view.problem && <p role="alert">{view.problem}</p>}
      <div class="row">
        <button type="button" onClick={() => void folders.settle(collectionId, 'panel')}>
          Keep the panel’s version
        </button>
        <button type="button" onClick={() => void folders.settle(collectionId, 'folder')}>
          Keep the folder’s version
        </button>
      </div>
    </section>
  );
}
