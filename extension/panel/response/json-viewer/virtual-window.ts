/**
 * Which rows of a long list a fixed-height scroll box shows, so the tree renders a screenful of
 * rows however long the body is. Browsers cap an element's height (Chromium near 16.7 million px),
 * so past MAX_SCROLL_HEIGHT the scroll range is compressed: the scroll position maps onto the rows
 * in proportion, and rows are placed relative to the viewport instead of at row × height.
 */

export const ROW_HEIGHT = 18;
export const MAX_SCROLL_HEIGHT = 10_000_000;

export interface RowWindow {
  /** Rows [first, end) are to be rendered. */
  first: number;
  end: number;
  /** Height of the scrolled content. */
  totalHeight: number;
  /** Where a row goes, in px from the top of the scrolled content. */
  top(row: number): number;
}

/** Virtual px per real px of scrolling: 1 until the list outgrows MAX_SCROLL_HEIGHT. */
function scaleOf(rowCount: number, viewportHeight: number): number {
  const natural = rowCount * ROW_HEIGHT;
  if (natural <= MAX_SCROLL_HEIGHT) return 1;
  return (natural - viewportHeight) / (MAX_SCROLL_HEIGHT - viewportHeight);
}

export function rowWindow(
  scrollTop: number,
  viewportHeight: number,
  rowCount: number,
  overscan = 6,
): RowWindow {
  const virtualTop = scrollTop * scaleOf(rowCount, viewportHeight);
  const clamp = (row: number) => Math.max(0, Math.min(rowCount, row));
  return {
    first: clamp(Math.floor(virtualTop / ROW_HEIGHT) - overscan),
    end: clamp(Math.ceil((virtualTop + viewportHeight) / ROW_HEIGHT) + overscan),
    totalHeight: Math.min(rowCount * ROW_HEIGHT, MAX_SCROLL_HEIGHT),
    top: (row) => row * ROW_HEIGHT - virtualTop + scrollTop,
  };
}

/**
 * The scroll position that shows `row`: the least movement ('nearest', for arrow keys) or the row
 * in the middle ('center', for a search match, so its surroundings show too).
 */
export function scrollTopToShow(
  row: number,
  scrollTop: number,
  viewportHeight: number,
  rowCount: number,
  align: 'nearest' | 'center',
): number {
  const scale = scaleOf(rowCount, viewportHeight);
  const virtualTop = scrollTop * scale;
  const rowTop = row * ROW_HEIGHT;
  const visible = rowTop >= virtualTop && rowTop + ROW_HEIGHT <= virtualTop + viewportHeight;
  let next = virtualTop;
  if (align === 'center' && !visible) next = rowTop - (viewportHeight - ROW_HEIGHT) / 2;
  else if (rowTop < virtualTop) next = rowTop;
  else if (rowTop + ROW_HEIGHT > virtualTop + viewportHeight) {
    next = rowTop + ROW_HEIGHT - viewportHeight;
  }
  const maxTop = Math.max(0, rowCount * ROW_HEIGHT - viewportHeight);
  return next === virtualTop ? scrollTop : Math.max(0, Math.min(maxTop, next)) / scale;
}
