/**
 * The dialogs that edit a collection: rename, new folder, move to a folder, delete an item, delete
 * the collection. Loaded with the first edit, together with the collection rules. Focus returns to
 * the row the action started from, or to its neighbour when that row is gone. Which dialog is open
 * is the store's (src/workspace/collections-state.ts); Export for Bruno's opens in its block.
 */
import { useState } from 'preact/hooks';
import {
  addFolder,
  findItem,
  moveItem,
  removeItem,
  renameItem,
} from '../../../../src/collections/collection-ops';
import { allFolders, treeRows } from '../../../../src/collections/collection-search';
import type { Collection } from '../../../../src/collections/model';
import type { CollectionDialog } from '../../../../src/workspace/collections-state';
import { deleteCollection } from '../../../../src/workspace/collections-view';
import { collections, deps } from '../../state/workspace';
import { rowDomId } from '../../ui/CollectionTree';
import { Confirm } from '../../ui/Confirm';
import { Dialog } from '../../ui/Dialog';
import { Field } from '../../ui/Field';
import { FormActions } from '../../ui/FormActions';

interface Props {
  dialog: CollectionDialog;
  onClose: () => void;
}

/** The row shown next to `itemId` (after it, else before it), where focus goes once it is gone. */
function neighbourOf(collection: Collection, itemId: string): () => HTMLElement | null {
  const location = findItem(collection, itemId);
  const open = new Set(location?.folders.map((folder) => folder.id) ?? []);
  const rows = treeRows(collection.items, open);
  const index = rows.findIndex((row) => row.item.id === itemId);
  const neighbour = rows[index + 1] ?? rows[index - 1];
  return () =>
    neighbour === undefined
      ? document.querySelector<HTMLElement>('[aria-label="Search requests"]')
      : document.getElementById(rowDomId(collection.id, neighbour.item.id));
}

function NameDialog(props: {
  title: string;
  label: string;
  initial: string;
  submit: string;
  onSubmit: (name: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const [name, setName] = useState(props.initial);
  return (
    <Dialog title={props.title} onClose={props.onClose}>
      <form
        aria-label={props.title}
        onSubmit={async (event) => {
          event.preventDefault();
          if (await props.onSubmit(name)) props.onClose();
        }}
      >
        <Field id="collection-dialog-name" label={props.label}>
          <input
            autoComplete="off"
            id="collection-dialog-name"
            value={name}
            onInput={(e) => setName(e.currentTarget.value)}
          />
        </Field>
        <FormActions submit={props.submit} onCancel={props.onClose} />
      </form>
    </Dialog>
  );
}

function MoveDialog({ dialog, onClose }: Props & { dialog: { kind: 'move' } }) {
  const { collection, item } = dialog as Extract<CollectionDialog, { kind: 'move' }>;
  const [target, setTarget] = useState(dialog.parentId ?? '');
  const inside = new Set(
    item.kind === 'folder' ? [item.id, ...allFolders(item.items).map((f) => f.id)] : [],
  );
  return (
    <Dialog title={`Move “${item.name}”`} onClose={onClose}>
      <form
        aria-label="Move to folder"
        onSubmit={async (event) => {
          event.preventDefault();
          const parent = target === '' ? null : target;
          if (
            await collections.save(moveItem(collection, item.id, parent, Number.MAX_SAFE_INTEGER))
          )
            onClose();
        }}
      >
        <Field id="move-target" label={`Move ${item.name} to folder`}>
          <select
            id="move-target"
            value={target}
            onChange={(e) => setTarget(e.currentTarget.value)}
          >
            <option value="">(top level)</option>
            {allFolders(collection.items)
              .filter((folder) => !inside.has(folder.id))
              .map((folder) => (
                <option key={folder.id} value={folder.id}>
                  {folder.name}
                </option>
              ))}
          </select>
        </Field>
        <FormActions submit="Move" onCancel={onClose} />
      </form>
    </Dialog>
  );
}

export function CollectionDialogs({ dialog, onClose }: Props) {
  switch (dialog.kind) {
    case 'rename':
      return (
        <NameDialog
          title={`Rename “${dialog.item.name}”`}
          label="New name"
          initial={dialog.item.name}
          submit="Rename"
          onSubmit={(name) => collections.save(renameItem(dialog.collection, dialog.item.id, name))}
          onClose={onClose}
        />
      );
    case 'new-folder':
      return (
        <NameDialog
          title={`New folder in “${dialog.parentName}”`}
          label="Folder name"
          initial=""
          submit="Create folder"
          onSubmit={(name) =>
            collections.save(
              addFolder(dialog.collection, dialog.parentId, {
                kind: 'folder',
                id: crypto.randomUUID(),
                name,
                items: [],
              }),
            )
          }
          onClose={onClose}
        />
      );
    case 'move':
      return <MoveDialog dialog={dialog} onClose={onClose} />;
    case 'delete': {
      const { collection, item } = dialog;
      const what = item.kind === 'folder' ? 'the folder and everything in it' : 'the request';
      return (
        <Confirm
          title={`Delete “${item.name}”`}
          confirm="Delete"
          danger
          returnFocus={neighbourOf(collection, item.id)}
          onConfirm={async () => {
            if (await collections.save(removeItem(collection, item.id))) onClose();
          }}
          onCancel={onClose}
        >
          <p>
            Delete {what} “{item.name}” from “{collection.name}”? This cannot be undone (an export
            is the way to keep a copy).
          </p>
        </Confirm>
      );
    }
    case 'delete-collection':
      return (
        <Confirm
          title={`Delete collection “${dialog.collection.name}”`}
          confirm="Delete collection"
          danger
          returnFocus={() => document.querySelector<HTMLElement>('[aria-label="Search requests"]')}
          onConfirm={async () => {
            await deleteCollection(deps, collections, dialog.collection);
            onClose();
          }}
          onCancel={onClose}
        >
          <p>
            Delete the collection “{dialog.collection.name}” and every request in it? Undo is
            offered for a few seconds; export it to keep a copy for longer.
          </p>
        </Confirm>
      );
    case 'bruno-export':
      return null;
  }
}
