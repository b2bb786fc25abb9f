/**
 * The body as an ARIA tree that renders only the rows in view, so a body of a million rows costs
 * a screenful of elements. The focused row is rendered even when scrolled away, so keyboard focus
 * (a roving tabindex) survives scrolling.
 */
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { JsonOutline } from '../../../../src/json-text/json-outline';
import { rowAt, type VisibleRows } from '../../../../src/json-text/json-rows';
import { TreeRow } from './TreeRow';
import { ROW_HEIGHT, rowWindow, scrollTopToShow } from './virtual-window';

/** A request to scroll the active row into view; a new `seq` makes a new request. */
export interface Reveal {
  seq: number;
  align: 'nearest' | 'center';
  focus: boolean;
}

/** Until the box is measured: enough rows for the first paint to show a full screen. */
const FIRST_VIEWPORT_PX = 600;

interface VirtualTreeProps {
  outline: JsonOutline;
  rows: VisibleRows;
  expanded: ReadonlySet<number>;
  activeRow: number;
  /** Where the current search match's node starts, or null. */
  matchNode: number | null;
  query: string;
  reveal: Reveal;
  onRowClick(row: number): void;
  /** Handles a key for the active row; true when it did something. */
  onKey(key: string, pageSize: number): boolean;
}

export function VirtualTree(props: VirtualTreeProps) {
  const { outline, rows, expanded, activeRow, reveal } = props;
  const scroller = useRef<HTMLDivElement>(null);
  // The scrolled window: how far down it is and how tall.
  const [{ scrollTop, viewport }, setWindow] = useState({
    scrollTop: 0,
    viewport: FIRST_VIEWPORT_PX,
  });
  const setScrollTop = (top: number) =>
    setWindow((last) => (last.scrollTop === top ? last : { ...last, scrollTop: top }));

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element === null) return;
    // A hidden tree (Raw view) measures 0: keep the last size until it shows again.
    const measure = () => {
      const height = element.clientHeight;
      if (height > 0)
        setWindow((last) => (last.viewport === height ? last : { ...last, viewport: height }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element === null || reveal.seq === 0 || activeRow < 0) return;
    const top = scrollTopToShow(activeRow, element.scrollTop, viewport, rows.count, reveal.align);
    if (top !== element.scrollTop) {
      element.scrollTop = top;
      setScrollTop(element.scrollTop);
    }
    if (reveal.focus) element.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
  }, [reveal.seq]);

  const visible = rowWindow(scrollTop, viewport, rows.count);
  const shown: number[] = [];
  for (let row = visible.first; row < visible.end; row++) shown.push(row);
  if (activeRow >= 0 && (activeRow < visible.first || activeRow >= visible.end))
    shown.push(activeRow);
  const pageSize = Math.max(1, Math.floor(viewport / ROW_HEIGHT) - 1);

  return (
    <div
      ref={scroller}
      class="jv-tree"
      // Shrinks to a short body; the style sheet caps it for a long one. 2px: the borders.
      style={{ height: `${visible.totalHeight + 2}px` }}
      role="tree"
      aria-label="Body (JSON)"
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      onKeyDown={(event) => {
        if (event.altKey || event.ctrlKey || event.metaKey) return;
        if (props.onKey(event.key, pageSize)) event.preventDefault();
      }}
    >
      <div class="jv-spacer" role="none" style={{ height: `${visible.totalHeight}px` }}>
        {shown.map((rowIndex) => {
          const row = rowAt(outline, rows, expanded, rowIndex);
          return (
            <TreeRow
              key={row.start}
              outline={outline}
              row={row}
              rowIndex={rowIndex}
              top={visible.top(rowIndex)}
              active={rowIndex === activeRow}
              currentMatch={row.start === props.matchNode}
              query={props.query}
              onClick={props.onRowClick}
            />
          );
        })}
      </div>
    </div>
  );
}
