/**
 * The context menu of a tree row. Each action is named after what it acts on ("Rename Get
 * product"), with the visible word first, so screen readers and tests can tell rows apart and the
 * visible text stays part of the name.
 */
import type { TreeRow } from '../../../../src/collections/collection-search';
import type { Collection, Folder, SavedRequest } from '../../../../src/collections/model';
import type { CollectionDialog } from '../../../../src/workspace/collections-state';
import { collections } from '../../state/workspace';
import type { MenuItem } from '../../ui/Menu';

interface Actions {
  open: (request: SavedRequest) => void;
  dialog: (dialog: CollectionDialog) => void;
  /** Run every request of a folder. */
  run: (folder: Folder) => void;
}

/** The collection rules load with the first edit; rendering and searching do not need them. */
const loadOps = () => import('../../../../src/collections/collection-ops');

export function rowMenu(collection: Collection, row: TreeRow, actions: Actions): MenuItem[] {
  const { item } = row;
  const name = item.name;
  const move = (delta: number) => async () => {
    const { moveItem } = await loadOps();
    await collections.save(moveItem(collection, item.id, row.parentId, row.index + delta));
  };
  const first: MenuItem =
    item.kind === 'request'
      ? { text: 'Open', name: `Open ${name}`, onSelect: () => actions.open(item) }
      : {
          text: 'New folder',
          name: `New folder in ${name}`,
          onSelect: () =>
            actions.dialog({ kind: 'new-folder', collection, parentId: item.id, parentName: name }),
        };
  const run: MenuItem[] =
    item.kind === 'folder'
      ? [{ text: 'Run', name: `Run ${name}`, onSelect: () => actions.run(item) }]
      : [];
  return [
    first,
    ...run,
    {
      text: 'Rename',
      name: `Rename ${name}`,
      onSelect: () => actions.dialog({ kind: 'rename', collection, item }),
    },
    {
      text: 'Duplicate',
      name: `Duplicate ${name}`,
      onSelect: async () => {
        const { duplicateItem } = await loadOps();
        const copy = duplicateItem(collection, item.id, () => crypto.randomUUID());
        await collections.save(copy.ok ? { ok: true, value: copy.value.collection } : copy);
      },
    },
    { text: 'Move up', name: `Move up ${name}`, disabled: row.index === 0, onSelect: move(-1) },
    {
      text: 'Move down',
      name: `Move down ${name}`,
      disabled: row.index === row.siblings - 1,
      onSelect: move(1),
    },
    {
      text: 'Move to folder',
      name: `Move to folder ${name}`,
      onSelect: () => actions.dialog({ kind: 'move', collection, item, parentId: row.parentId }),
    },
    {
      text: 'Delete',
      name: `Delete ${name}`,
      danger: true,
      onSelect: () => actions.dialog({ kind: 'delete', collection, item }),
    },
  ];
}
