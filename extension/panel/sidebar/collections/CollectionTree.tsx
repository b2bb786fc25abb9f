/**
 * One collection as a tree of folders and saved requests, each with its actions. Every button is
 * named after its item ("Open Get product", "Move Get product up"), so a screen reader (and a
 * test) can tell them apart. With a search, only matching requests and their folders show.
 */
import { useState } from 'preact/hooks';
import {
  duplicateItem,
  moveItem,
  removeItem,
  renameItem,
} from '../../../../src/collections/collection-ops';
import type {
  Collection,
  CollectionItem,
  Folder,
  SavedRequest,
} from '../../../../src/collections/model';
import type { CollectionsState } from './use-collections';

interface Props {
  collection: Collection;
  state: CollectionsState;
  /** Ids of the requests and folders a search matched, or null when there is no search. */
  visible: ReadonlySet<string> | null;
  openId: string | null;
  dirty: boolean;
  onOpen: (collection: Collection, request: SavedRequest) => void;
}

/** Every folder of a collection, depth first: the places an item can move to. */
export function allFolders(items: readonly CollectionItem[]): Folder[] {
  return items.flatMap((item) => (item.kind === 'folder' ? [item, ...allFolders(item.items)] : []));
}

export function CollectionTree({ collection, state, visible, openId, dirty, onOpen }: Props) {
  const newId = () => crypto.randomUUID();
  // Folders start closed and render their items only when opened (or when a search matched in
  // them): a collection of 10 000 requests must not put 10 000 rows on screen.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [moving, setMoving] = useState<string | null>(null);
  const toggle = (id: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  function rename(item: CollectionItem) {
    const name = globalThis.prompt(`New name for “${item.name}”`, item.name);
    if (name !== null) void state.save(renameItem(collection, item.id, name));
  }

  function remove(item: CollectionItem) {
    const what = item.kind === 'folder' ? 'the folder and everything in it' : 'the request';
    if (globalThis.confirm(`Delete ${what} “${item.name}”?`))
      void state.save(removeItem(collection, item.id));
  }

  function duplicate(item: CollectionItem) {
    const copy = duplicateItem(collection, item.id, newId);
    void state.save(copy.ok ? { ok: true, value: copy.value.collection } : copy);
  }

  const folders = allFolders(collection.items);

  function list(items: CollectionItem[], parentId: string | null) {
    return (
      <ul class="tree-list">
        {items.map((item, index) => {
          if (visible !== null && !visible.has(item.id)) return null;
          const move = (delta: number) =>
            void state.save(moveItem(collection, item.id, parentId, index + delta));
          return (
            <li key={item.id} class={item.kind}>
              {item.kind === 'request' ? (
                <button
                  type="button"
                  class="link"
                  aria-label={`Open ${item.name}`}
                  onClick={() => onOpen(collection, item)}
                >
                  <span class="method">{item.method}</span> {item.name}
                  {openId === item.id && dirty && <span class="dirty"> (unsaved changes)</span>}
                </button>
              ) : (
                <button
                  type="button"
                  class="link folder-name"
                  aria-expanded={visible !== null || expanded.has(item.id)}
                  aria-label={`Folder ${item.name}`}
                  onClick={() => toggle(item.id)}
                >
                  {visible !== null || expanded.has(item.id) ? '▾' : '▸'} {item.name} (
                  {item.items.length})
                </button>
              )}
              <span class="row-actions">
                <button
                  type="button"
                  aria-label={`Rename ${item.name}`}
                  onClick={() => rename(item)}
                >
                  Rename
                </button>
                <button
                  type="button"
                  aria-label={`Duplicate ${item.name}`}
                  onClick={() => duplicate(item)}
                >
                  Duplicate
                </button>
                <button
                  type="button"
                  aria-label={`Move ${item.name} up`}
                  disabled={index === 0}
                  onClick={() => move(-1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  aria-label={`Move ${item.name} down`}
                  disabled={index === items.length - 1}
                  onClick={() => move(1)}
                >
                  ↓
                </button>
                {moving === item.id ? (
                  <select
                    aria-label={`Move ${item.name} to folder`}
                    value={parentId ?? ''}
                    onChange={(e) => {
                      const target = e.currentTarget.value === '' ? null : e.currentTarget.value;
                      setMoving(null);
                      void state.save(
                        moveItem(collection, item.id, target, Number.MAX_SAFE_INTEGER),
                      );
                    }}
                  >
                    <option value="">(top level)</option>
                    {folders
                      .filter((folder) => folder.id !== item.id)
                      .map((folder) => (
                        <option key={folder.id} value={folder.id}>
                          {folder.name}
                        </option>
                      ))}
                  </select>
                ) : (
                  <button
                    type="button"
                    aria-label={`Move ${item.name} to…`}
                    onClick={() => setMoving(item.id)}
                  >
                    Move to…
                  </button>
                )}
                <button
                  type="button"
                  class="danger"
                  aria-label={`Delete ${item.name}`}
                  onClick={() => remove(item)}
                >
                  Delete
                </button>
              </span>
              {item.kind === 'folder' &&
                (visible !== null || expanded.has(item.id)) &&
                list(item.items, item.id)}
            </li>
          );
        })}
      </ul>
    );
  }

  return list(collection.items, null);
}
