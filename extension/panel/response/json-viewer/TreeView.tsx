/**
 * The body as a tree, with search and expand/collapse all: the state of one body's tree. Nodes are
 * named by the offset where their value starts, so state survives re-flattening.
 */
import { useMemo, useState } from 'preact/hooks';
import type { JsonOutline } from '../../../../src/json-text/json-outline';
import {
  flattenRows,
  rowAt,
  rowIndexOf,
  type VisibleRows,
} from '../../../../src/json-text/json-rows';
import type { BodySearch } from '../../../../src/json-text/json-search';
import { SearchBar } from './SearchBar';
import { treeKeyAction } from './tree-keys';
import { useBodySearch } from './use-body-search';
import { type Reveal, VirtualTree } from './VirtualTree';

/** Above this many values, expanding everything would make rows without end: search instead. */
export const EXPAND_ALL_LIMIT = 2000;
/** Bodies up to this size open fully expanded; larger ones open two levels deep. */
export const OPEN_FULLY_UP_TO_CHARS = 64 * 1024;
/** ...unless the top level is a long list: then its items open one by one (rows stay few). */
const SECOND_LEVEL_MAX_CHILDREN = 200;

function initialExpansion(outline: JsonOutline): Set<number> {
  if (outline.text.length <= OPEN_FULLY_UP_TO_CHARS) return new Set(outline.containerStarts());
  const expanded = new Set([outline.root]);
  if (!outline.isContainer(outline.root)) return expanded;
  const children = outline.childStarts(outline.root);
  if (children.length <= SECOND_LEVEL_MAX_CHILDREN)
    for (const child of children) expanded.add(child);
  return expanded;
}

/** The row of `node`, or of its nearest shown ancestor once a collapse has hidden it. */
function shownRowOf(outline: JsonOutline, rows: VisibleRows, node: number): number {
  const path = outline.pathTo(node);
  for (let i = path.length - 1; i >= 0; i--) {
    const row = rowIndexOf(rows, path[i] as number);
    if (row >= 0) return row;
  }
  return 0;
}

/** `set` plus `nodes`; the same set when nothing is new, so the rows are not flattened again. */
function withAdded(set: ReadonlySet<number>, nodes: readonly number[]): ReadonlySet<number> {
  if (nodes.every((node) => set.has(node))) return set;
  const next = new Set(set);
  for (const node of nodes) next.add(node);
  return next;
}

interface TreeState {
  /** The containers open. */
  expanded: ReadonlySet<number>;
  active: number;
  reveal: Reveal;
  match: { search: BodySearch | null; index: number; node: number };
}

export function TreeView({ outline }: { outline: JsonOutline }) {
  // The tree as shown: the containers open, the active node, the last request to scroll it into
  // view (a click moves it without one), and the search match stepped to last, which moves with
  // the node.
  const [{ expanded, active, reveal, match }, setTree] = useState<TreeState>(() => ({
    expanded: initialExpansion(outline),
    active: outline.root,
    reveal: { seq: 0, align: 'nearest', focus: false },
    match: { search: null, index: -1, node: -1 },
  }));
  const setExpanded = (next: (last: ReadonlySet<number>) => ReadonlySet<number>) =>
    setTree((last) => {
      const expanded = next(last.expanded);
      return expanded === last.expanded ? last : { ...last, expanded };
    });
  const { query, setQuery, ...found } = useBodySearch(outline.text);
  const rows = useMemo(() => flattenRows(outline, expanded), [outline, expanded]);
  const activeRow = useMemo(() => shownRowOf(outline, rows, active), [outline, rows, active]);
  const current = match.search !== null && match.search === found.search ? match : null;

  const show = (node: number, align: Reveal['align'], focus: boolean, to?: TreeState['match']) => {
    setTree((last) => ({
      ...last,
      active: node,
      reveal: { seq: last.reveal.seq + 1, align, focus },
      match: to ?? last.match,
    }));
  };
  const toggle = (node: number) =>
    setExpanded((last) => {
      const next = new Set(last);
      if (!next.delete(node)) next.add(node);
      return next;
    });

  const step = (direction: 1 | -1) => {
    const search = found.search;
    if (search === null || found.count === 0) return;
    const first = direction === 1 ? 0 : found.count - 1;
    const index =
      current === null ? first : (current.index + direction + found.count) % found.count;
    const path = outline.pathTo(search.hitAt(index));
    const node = path[path.length - 1] as number;
    setExpanded((last) => withAdded(last, path.slice(0, -1)));
    show(node, 'center', false, { search, index, node });
  };

  const onKey = (key: string, pageSize: number): boolean => {
    const row = rowAt(outline, rows, expanded, activeRow);
    const action = treeKeyAction(key, {
      row: activeRow,
      rowCount: rows.count,
      pageSize,
      expandable: row.childCount > 0,
      expanded: row.expanded,
      parentRow: row.parent < 0 ? -1 : rowIndexOf(rows, row.parent),
    });
    if (action === null) return false;
    if ('toggle' in action) toggle(row.start);
    show('move' in action ? (rows.start[action.move] as number) : row.start, 'nearest', true);
    return true;
  };

  const onRowClick = (rowIndex: number) => {
    const row = rowAt(outline, rows, expanded, rowIndex);
    if (row.childCount > 0) toggle(row.start);
    setTree((last) => (last.active === row.start ? last : { ...last, active: row.start }));
  };

  const tooBig = outline.valueCount >= EXPAND_ALL_LIMIT;
  return (
    <>
      <div class="jv-toolbar">
        <SearchBar
          query={query}
          found={found}
          matchIndex={current?.index ?? -1}
          onQuery={setQuery}
          onStep={step}
        />
        <button
          type="button"
          disabled={tooBig}
          title={
            tooBig
              ? `Expand all works on bodies of under ${EXPAND_ALL_LIMIT} values; this one has ${outline.valueCount}. Open nodes one by one, or search.`
              : 'Open every object and array'
          }
          onClick={() => setExpanded(() => new Set(outline.containerStarts()))}
        >
          Expand all
        </button>
        <button
          type="button"
          title="Close everything but the top level"
          onClick={() => setExpanded(() => new Set([outline.root]))}
        >
          Collapse all
        </button>
      </div>
      <VirtualTree
        outline={outline}
        rows={rows}
        expanded={expanded}
        activeRow={activeRow}
        matchNode={current?.node ?? null}
        query={found.search?.query ?? ''}
        reveal={reveal}
        onRowClick={onRowClick}
        onKey={onKey}
      />
    </>
  );
}
