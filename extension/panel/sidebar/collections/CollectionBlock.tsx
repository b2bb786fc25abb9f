/**
 * One collection in the sidebar: its name (which opens and closes it), its actions behind ⋯ (new
 * folder, Run, Export collection, Export for Postman (v2.1), Export for Postman 12 (a v3 zip,
 * postman12-export.ts, loaded on the first click), Export for Bruno, delete; each named with the
 * collection, since several collections each have them), and its tree. Export for Bruno asks which
 * profiles go into `environments/` (BrunoExportDialog.tsx), then downloads a zip of the
 * collection's OpenCollection folder and shows the `bru run` command for it; the dialog and the
 * zip code load on the first click. After any export a status line names the file. Connect
 * folder opens a tab that asks for a folder to keep the collection in (FolderStatus.tsx shows it).
 * Whether the block is closed, the Bruno dialog open and the status line are the store's
 * (src/workspace/collections-state.ts); the actions row open is this view's own.
 */
import { useState } from 'preact/hooks';
import type { DropPlace } from '../../../../src/collections/tree-drop';
import type { ProfileView } from '../../../../src/service/profile/profile-input';
import {
  connectFolder,
  exportFile,
  exportFolder,
} from '../../../../src/workspace/collection-exports';
import type { CollectionDialog } from '../../../../src/workspace/collections-state';
import {
  showCollections,
  showExported,
  toggleOpen,
} from '../../../../src/workspace/collections-view';
import { useStore } from '../../state/store';
import { folders } from '../../state/use-collection-folders';
import { collections, deps } from '../../state/workspace';
import { CollectionTree, type CollectionTreeProps } from '../../ui/CollectionTree';
import { downloadFile } from '../../ui/download';
import { lazyComponent } from '../../ui/lazy';
import { FolderStatus } from './FolderStatus';

const BrunoExportDialog = lazyComponent(() =>
  import('./BrunoExportDialog').then((module) => module.BrunoExportDialog),
);

/** Chromium has folder pickers (in a tab: DevTools refuses them in its panels); Firefox has none. */
const CAN_CONNECT_FOLDER = 'showDirectoryPicker' in window;

/** The tree's own props (but deleting and dropping, which the block does), and the block's. */
interface Props extends Omit<CollectionTreeProps, 'onDelete' | 'onDrop'> {
  onDialog: (dialog: CollectionDialog) => void;
  /** Run every request of the collection. */
  onRun: () => void;
}

const NO_PROFILES: readonly ProfileView[] = [];

export function CollectionBlock(props: Props) {
  const { onDialog, onRun, ...tree } = props;
  const { collection } = tree;
  const [actions, setActions] = useState(false);
  const name = collection.name;
  const actionsId = `collection-actions-${collection.id}`;
  const folder = useStore((state) => state.folders.views[collection.id]);
  const closed = useStore((state) => state.collections.view.closed.has(collection.id));
  // Every saved profile, and the active one: Export for Bruno offers them as environments.
  const profiles = useStore((state) => state.profiles.list) ?? NO_PROFILES;
  const activeProfileId = useStore((state) => state.profiles.activeId);
  /** The status line after an export: the file it saved. */
  const saved = useStore((state) => state.collections.view.exported[collection.id] ?? null);
  const choosingEnvironments = useStore((state) => {
    const { dialog } = state.collections.view;
    return dialog?.kind === 'bruno-export' && dialog.collection.id === collection.id;
  });
  const setSaved = (next: { message: string; command: string | null }) =>
    showExported(deps, collection.id, next);

  async function drop(draggedId: string, targetId: string, place: DropPlace) {
    // Loaded with the first drop, like the dialogs: the collection rules are not start-up code.
    const { moveByDrop } = await import('../../../../src/collections/tree-drop');
    await collections.save(moveByDrop(collection, draggedId, targetId, place));
  }

  /** `v3`: Export for Postman 12, the v2.1 export made into a v3 zip (that code loads now). */
  async function exportAs(format: 'native' | 'postman', v3?: 1) {
    const exported = await exportFile(deps, collection.id, format);
    if (exported === null) return;
    const file = v3
      ? (await import('./postman12-export')).postman12File(exported, profiles, activeProfileId)
      : { ...exported, command: null };
    setSaved({ message: downloadFile(file.fileName, file.text), command: file.command });
  }

  async function exportForBruno(profileIds: string[]) {
    const exported = await exportFolder(deps, collection.id, profileIds);
    if (exported === null) return;
    const [{ zipCollectionFolder }, recipe] = await Promise.all([
      import('../../../../src/formats/opencollection/opencollection-zip'),
      import('../../../../src/formats/opencollection/bruno-export-choice'),
    ]);
    const { folder, files } = exported;
    const zip = zipCollectionFolder(folder, files);
    const message = downloadFile(`${folder}.zip`, new Blob([zip], { type: 'application/zip' }));
    const [environment = null] = recipe.exportedEnvironments(files);
    setSaved({ message, command: recipe.bruRunCommand(environment, collection.auth.method) });
  }

  return (
    <div class="collection">
      <div class="collection-head">
        <button
          type="button"
          class="collection-name"
          aria-expanded={!closed}
          onClick={() => toggleOpen(deps, collection.id, null)}
        >
          <span aria-hidden="true">{closed ? '▸' : '▾'} </span>
          {name}
        </button>
        <button
          type="button"
          class="icon"
          aria-label={`Actions for collection ${name}`}
          aria-expanded={actions}
          aria-controls={actionsId}
          onClick={() => setActions(!actions)}
        >
          ⋯
        </button>
      </div>
      {actions && (
        <div id={actionsId} class="collection-actions row">
          <button
            type="button"
            aria-label={`New folder in ${name}`}
            onClick={() =>
              onDialog({ kind: 'new-folder', collection, parentId: null, parentName: name })
            }
          >
            New folder
          </button>
          <button type="button" aria-label={`Run collection ${name}`} onClick={onRun}>
            Run
          </button>
          <button
            type="button"
            aria-label={`Export collection ${name}`}
            onClick={() => void exportAs('native')}
          >
            Export collection
          </button>
          <button
            type="button"
            aria-label={`Export for Postman ${name}`}
            onClick={() => void exportAs('postman')}
          >
            Export for Postman
          </button>
          <button
            type="button"
            aria-label={`Export for Postman 12 ${name}`}
            onClick={() => void exportAs('postman', 1)}
          >
            Export for Postman 12
          </button>
          <button
            type="button"
            aria-label={`Export for Bruno ${name}`}
            onClick={() => showCollections(deps, { dialog: { kind: 'bruno-export', collection } })}
          >
            Export for Bruno
          </button>
          {!CAN_CONNECT_FOLDER && (
            <p class="muted" role="note">
              Connect folder needs a browser with a folder picker (Chrome, Edge): this one has none.
              Keep the collection in git with Export for Bruno, and Import Bruno folder to take
              changes back.
            </p>
          )}
          {CAN_CONNECT_FOLDER && folder === undefined && (
            <button
              type="button"
              aria-label={`Connect folder ${name}`}
              onClick={() => void connectFolder(deps, collection.id)}
            >
              Connect folder
            </button>
          )}
          {folder !== undefined && (
            <button
              type="button"
              aria-label={`Disconnect folder ${name}`}
              onClick={() => void folders.disconnect(collection.id)}
            >
              Disconnect folder
            </button>
          )}
          <button
            type="button"
            class="danger"
            aria-label={`Delete collection ${name}`}
            onClick={() => onDialog({ kind: 'delete-collection', collection })}
          >
            Delete collection
          </button>
        </div>
      )}
      {saved !== null && (
        <p class="muted export-saved" role="status">
          {saved.message}
          {saved.command !== null && (
            <>
              {' '}
              Run it in CI, in the unzipped folder: <code>{saved.command}</code>
            </>
          )}
        </p>
      )}
      {choosingEnvironments && (
        <BrunoExportDialog
          collectionName={name}
          method={collection.auth.method}
          profiles={profiles}
          activeProfileId={activeProfileId}
          onExport={(ids) => void exportForBruno(ids)}
          onClose={() => showCollections(deps, { dialog: null })}
        />
      )}
      {folder !== undefined && (
        <FolderStatus collectionId={collection.id} name={name} view={folder} />
      )}
      {!closed && (
        <CollectionTree
          {...tree}
          onDelete={(row) => onDialog({ kind: 'delete', collection, item: row.item })}
          onDrop={(draggedId, targetId, place) => void drop(draggedId, targetId, place)}
        />
      )}
    </div>
  );
}
