/**
 * What a key does in the body tree, after the WAI-ARIA tree pattern: Up/Down move, Right opens a
 * closed node or steps into an open one, Left closes an open node or steps out to its parent,
 * Home/End/PageUp/PageDown jump, Enter/Space toggle.
 */

export interface TreeKeyContext {
  row: number;
  rowCount: number;
  /** Rows per screen, for PageUp/PageDown. */
  pageSize: number;
  expandable: boolean;
  expanded: boolean;
  /** The parent's row, or -1 at the root. */
  parentRow: number;
}

export type TreeKeyAction = { move: number } | { toggle: true } | null;

export function treeKeyAction(key: string, at: TreeKeyContext): TreeKeyAction {
  const move = (row: number): TreeKeyAction => {
    const clamped = Math.max(0, Math.min(at.rowCount - 1, row));
    return clamped === at.row ? null : { move: clamped };
  };
  switch (key) {
    case 'ArrowDown':
      return move(at.row + 1);
    case 'ArrowUp':
      return move(at.row - 1);
    case 'Home':
      return move(0);
    case 'End':
      return move(at.rowCount - 1);
    case 'PageDown':
      return move(at.row + at.pageSize);
    case 'PageUp':
      return move(at.row - at.pageSize);
    case 'ArrowRight':
      if (!at.expandable) return null;
      return at.expanded ? move(at.row + 1) : { toggle: true };
    case 'ArrowLeft':
      if (at.expanded) return { toggle: true };
      return at.parentRow >= 0 ? move(at.parentRow) : null;
    case 'Enter':
    case ' ':
      return at.expandable ? { toggle: true } : null;
    default:
      return null;
  }
}
