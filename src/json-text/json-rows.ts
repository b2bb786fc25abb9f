/**
 * The rows a tree view shows for a JSON outline: which nodes are visible for one expansion state,
 * where a node's row is, and what each row says (its ARIA tree position, its key, its literal
 * clipped for display, or a container's size). This is the screen's view of the outline, kept
 * apart from the outline itself so the document model stays free of display choices; it lists
 * rows without recursion because an expanded path can be 100 000 levels deep.
 */
import type { JsonKind, JsonOutline } from './json-outline';
import { at, OffsetList } from './json-scan';

/** The rows a tree shows for one expansion state, in document order, as parallel columns. */
export interface VisibleRows {
  count: number;
  /** Where each row's value starts; strictly increasing, so rows are found by binary search. */
  start: Int32Array;
  /** The container each row sits in (-1 for the root) and its position there. */
  parent: Int32Array;
  index: Int32Array;
  /** 0 for the root. */
  depth: Int32Array;
}

/** Lists the rows of the expanded nodes without recursion (an expanded path can be deep). */
export function flattenRows(outline: JsonOutline, expanded: ReadonlySet<number>): VisibleRows {
  const columns = [new OffsetList(), new OffsetList(), new OffsetList(), new OffsetList()] as const;
  const [start, parent, index, depth] = columns;
  const frames: { container: number; starts: Int32Array; next: number }[] = [];
  const add = (node: number, container: number, k: number) => {
    start.push(node);
    parent.push(container);
    index.push(k);
    depth.push(frames.length);
    if (outline.isContainer(node) && expanded.has(node) && outline.childCount(node) > 0) {
      frames.push({ container: node, starts: outline.childStarts(node), next: 0 });
    }
  };
  add(outline.root, -1, 0);
  for (let frame = frames.at(-1); frame !== undefined; frame = frames.at(-1)) {
    if (frame.next === frame.starts.length) frames.pop();
    else add(at(frame.starts, frame.next), frame.container, frame.next++);
  }
  return {
    count: start.length,
    start: start.view(),
    parent: parent.view(),
    index: index.view(),
    depth: depth.view(),
  };
}

/** The row showing the node that starts at `start`, or -1 when it is hidden. */
export function rowIndexOf(rows: VisibleRows, start: number): number {
  let low = 0;
  let high = rows.count - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const value = at(rows.start, mid);
    if (value === start) return mid;
    if (value < start) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}

export interface RowView {
  start: number;
  end: number;
  kind: JsonKind;
  /** ARIA tree numbers, from 1. */
  level: number;
  posInSet: number;
  setSize: number;
  /** The key as sent for an object member, the position for an array item, null for the root. */
  key: string | null;
  parent: number;
  childCount: number;
  expanded: boolean;
}

export function rowAt(
  outline: JsonOutline,
  rows: VisibleRows,
  expanded: ReadonlySet<number>,
  row: number,
): RowView {
  const start = at(rows.start, row);
  const parent = at(rows.parent, row);
  const k = at(rows.index, row);
  const member = parent < 0 ? null : outline.child(parent, k);
  const childCount = outline.childCount(start);
  return {
    start,
    end: member?.end ?? outline.endOf(start),
    kind: outline.kindAt(start),
    level: at(rows.depth, row) + 1,
    posInSet: k + 1,
    setSize: parent < 0 ? 1 : outline.childCount(parent),
    key: member === null ? null : (member.key ?? String(k)),
    parent,
    childCount,
    expanded: childCount > 0 && expanded.has(start),
  };
}

/** How much of a literal a row shows; the rest goes to a tooltip, itself capped. */
export const PREVIEW_CHARS = 300;
const TOOLTIP_CHARS = 100_000;

export interface Clipped {
  text: string;
  /** The whole literal (up to a cap) when `text` was cut, else null. */
  full: string | null;
}

export function clipLiteral(literal: string): Clipped {
  if (literal.length <= PREVIEW_CHARS) return { text: literal, full: null };
  const full =
    literal.length <= TOOLTIP_CHARS
      ? literal
      : `${literal.slice(0, TOOLTIP_CHARS)}… (${literal.length} characters: the Raw view shows all)`;
  return { text: `${literal.slice(0, PREVIEW_CHARS)}…`, full };
}

export interface RowLabel {
  key: Clipped | null;
  /** A scalar exactly as sent (clipped), or `{…}` / `[…]` / `{}` / `[]` for a container. */
  value: Clipped;
  /** `12 keys` / `340 items` for a container, else null. */
  size: string | null;
}

export function rowLabel(outline: JsonOutline, row: RowView): RowLabel {
  const key = row.key === null ? null : clipLiteral(row.key);
  if (row.kind !== 'object' && row.kind !== 'array') {
    return { key, value: clipLiteral(outline.text.slice(row.start, row.end)), size: null };
  }
  const [open, close, noun] = row.kind === 'object' ? ['{', '}', 'key'] : ['[', ']', 'item'];
  const value = { text: row.childCount === 0 ? open + close : `${open}…${close}`, full: null };
  return { key, value, size: `${row.childCount} ${noun}${row.childCount === 1 ? '' : 's'}` };
}
