/**
 * One collection as a tree in the WAI-ARIA tree pattern: one Tab stop (the focused row), arrows
 * move and open or close folders, Enter opens a request (or a folder), Home/End jump, and the row
 * actions (rename, duplicate, move, delete) are in a context menu: right click, Shift+F10 or the
 * Menu key. Rows can be dragged: before or after another row, or into a folder (the menu's Move
 * to folder and Move up/down are the keyboard's way to the same moves). Rows are named by their text ("Estimates", "Price Estimates"); the method, the item
 * count and the unsaved mark are shown but not part of the name.
 */
import { useState } from 'preact/hooks';
import { type TreeRow, treeRows } from '../../../src/collections/collection-search';
import type { Collection, SavedRequest } from '../../../src/collections/model';
import type { DropPlace } from '../../../src/collections/tree-drop';

export interface CollectionTreeProps {
  collection: Collection;
  /** Ids of the requests and folders a search matched, or null when there is no search. */
  visible: ReadonlySet<string> | null;
  expanded: ReadonlySet<string>;
  onToggle: (folderId: string) => void;
  openId: string | null;
  dirty: boolean;
  onOpen: (request: SavedRequest) => void;
  onMenu: (row: TreeRow, at: { x: number; y: number }) => void;
  onDelete: (row: TreeRow) => void;
  /** A row was dragged onto another: before it, after it, or into it (a folder). */
  onDrop: (draggedId: string, targetId: string, place: DropPlace) => void;
}

/** Where on a row a drag points: a folder's middle half means into it. */
function placeOf(event: DragEvent, folder: boolean): DropPlace {
  const box = (event.currentTarget as HTMLElement).getBoundingClientRect();
  const share = (event.clientY - box.top) / Math.max(1, box.height);
  if (folder && share > 0.25 && share < 0.75) return 'into';
  return share < 0.5 ? 'before' : 'after';
}

/** One drag of a row: which row, and where it would land if dropped now. */
interface Drag {
  id: string;
  over: { id: string; place: DropPlace } | null;
}

const DRAG_TYPE = 'application/x-partner-api-item';

export const rowDomId = (collectionId: string, itemId: string) => `tree-${collectionId}-${itemId}`;

export function CollectionTree(props: CollectionTreeProps) {
  const { collection, visible, expanded, onToggle, openId, dirty, onOpen, onMenu } = props;
  const rows = treeRows(collection.items, expanded, visible);
  const [focusId, setFocusId] = useState<string | null>(null);
  /** A row being dragged (from this tree), and the row and place it points at now. */
  const [drag, setDrag] = useState<Drag | null>(null);
  const over = drag?.over ?? null;
  const focusIndex = Math.max(
    0,
    rows.findIndex((row) => row.item.id === focusId),
  );

  function focusRow(index: number) {
    const row = rows[Math.min(rows.length - 1, Math.max(0, index))];
    if (row === undefined) return;
    setFocusId(row.item.id);
    document.getElementById(rowDomId(collection.id, row.item.id))?.focus();
  }

  function activate(row: TreeRow) {
    if (row.item.kind === 'request') onOpen(row.item);
    else onToggle(row.item.id);
  }

  function menuAt(row: TreeRow, element: HTMLElement) {
    const box = element.getBoundingClientRect();
    onMenu(row, { x: box.left + 24, y: box.bottom });
  }

  function onKeyDown(event: KeyboardEvent, row: TreeRow, index: number) {
    const folder = row.item.kind === 'folder';
    const key = event.key;
    if (key === 'ArrowDown') focusRow(index + 1);
    else if (key === 'ArrowUp') focusRow(index - 1);
    else if (key === 'Home') focusRow(0);
    else if (key === 'End') focusRow(rows.length - 1);
    else if (key === 'ArrowRight' && folder && !row.expanded) onToggle(row.item.id);
    else if (key === 'ArrowRight' && folder) focusRow(index + 1);
    else if (key === 'ArrowLeft' && folder && row.expanded) onToggle(row.item.id);
    else if (key === 'ArrowLeft' && row.parentId !== null)
      focusRow(rows.findIndex((other) => other.item.id === row.parentId));
    else if (key === 'Enter' || key === ' ') activate(row);
    else if (key === 'ContextMenu' || (key === 'F10' && event.shiftKey))
      menuAt(row, event.currentTarget as HTMLElement);
    else if (key === 'Delete') props.onDelete(row);
    else return;
    event.preventDefault();
    event.stopPropagation();
  }

  if (rows.length === 0) {
    return (
      <p class="muted tree-empty">
        {visible === null ? 'Empty: save a request into it.' : 'No match in this collection.'}
      </p>
    );
  }
  return (
    <div role="tree" aria-label={collection.name} class="tree">
      {rows.map((row, index) => {
        const { item } = row;
        const isOpen = item.kind === 'request' && item.id === openId;
        return (
          <div
            key={item.id}
            id={rowDomId(collection.id, item.id)}
            role="treeitem"
            aria-level={row.level}
            aria-setsize={row.siblings}
            aria-posinset={row.index + 1}
            aria-expanded={item.kind === 'folder' ? row.expanded : undefined}
            aria-selected={isOpen}
            tabIndex={index === focusIndex ? 0 : -1}
            class={`tree-row ${item.kind}${isOpen ? ' open' : ''}${over?.id === item.id ? ` drop-${over.place}` : ''}`}
            draggable
            onDragStart={(event) => {
              setDrag({ id: item.id, over: null });
              event.dataTransfer?.setData(DRAG_TYPE, item.id);
              if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
            }}
            onDragEnd={() => setDrag(null)}
            onDragOver={(event) => {
              if (drag === null) return; // a drag from elsewhere (a file, text)
              event.preventDefault();
              const place = placeOf(event, item.kind === 'folder');
              if (over?.id !== item.id || over.place !== place)
                setDrag({ ...drag, over: { id: item.id, place } });
            }}
            onDragLeave={() => setDrag((was) => (was === null ? null : { ...was, over: null }))}
            onDrop={(event) => {
              event.preventDefault();
              const id = drag?.id ?? null;
              setDrag(null);
              if (id !== null) props.onDrop(id, item.id, placeOf(event, item.kind === 'folder'));
            }}
            style={{ paddingLeft: `${4 + (row.level - 1) * 14}px` }}
            title={item.kind === 'request' ? `${item.method} /v1/${item.path}` : undefined}
            onFocus={() => setFocusId(item.id)}
            onClick={() => {
              setFocusId(item.id);
              activate(row);
            }}
            onContextMenu={(event) => {
              event.preventDefault();
              setFocusId(item.id);
              onMenu(row, { x: event.clientX, y: event.clientY });
            }}
            onKeyDown={(event) => onKeyDown(event, row, index)}
          >
            <span class="twisty" aria-hidden="true">
              {item.kind === 'folder' ? (row.expanded ? '▾' : '▸') : ''}
            </span>
            {item.kind === 'request' && (
              <span class="method" aria-hidden="true">
                {item.method}
              </span>
            )}
            <span class="tree-name">{item.name}</span>
            {item.kind === 'folder' && (
              <span class="count" aria-hidden="true">
                {item.items.length}
              </span>
            )}
            {isOpen && dirty && (
              <span class="dirty" aria-hidden="true" title="Unsaved changes">
                ●
              </span>
            )}
          </div>
        );
      })}
    </div>
  );
}
