import { describe, expect, it } from 'vitest';
import { MAX_SCROLL_HEIGHT, ROW_HEIGHT, rowWindow, scrollTopToShow } from './virtual-window';

describe('rowWindow', () => {
  it('renders the rows in view plus a few either side', () => {
    const window = rowWindow(ROW_HEIGHT * 100, ROW_HEIGHT * 20, 1000, 5);
    expect([window.first, window.end]).toEqual([95, 125]);
    expect(window.top(100)).toBe(ROW_HEIGHT * 100);
    expect(window.totalHeight).toBe(ROW_HEIGHT * 1000);
  });

  it('stays within the list at both ends', () => {
    expect(rowWindow(0, 400, 3)).toMatchObject({ first: 0, end: 3 });
    expect(rowWindow(0, 400, 0)).toMatchObject({ first: 0, end: 0, totalHeight: 0 });
  });

  it('compresses a list taller than the browser allows and still reaches its last row', () => {
    const rows = 2_000_000;
    const viewport = 400;
    const bottom = rowWindow(MAX_SCROLL_HEIGHT - viewport, viewport, rows, 0);
    expect(bottom.totalHeight).toBe(MAX_SCROLL_HEIGHT);
    expect(bottom.end).toBe(rows);
    expect(bottom.top(rows - 1) + ROW_HEIGHT).toBeCloseTo(MAX_SCROLL_HEIGHT, 3);
    const middle = rowWindow((MAX_SCROLL_HEIGHT - viewport) / 2, viewport, rows, 0);
    expect(Math.abs(middle.first - rows / 2)).toBeLessThan(20);
  });
});

describe('scrollTopToShow', () => {
  const viewport = ROW_HEIGHT * 10;
  it('does not move for a row already in view', () => {
    expect(scrollTopToShow(5, 0, viewport, 100, 'nearest')).toBe(0);
    expect(scrollTopToShow(5, 0, viewport, 100, 'center')).toBe(0);
  });

  it('moves the least for nearest, and centres for center', () => {
    expect(scrollTopToShow(10, 0, viewport, 100, 'nearest')).toBe(ROW_HEIGHT);
    expect(scrollTopToShow(3, ROW_HEIGHT * 5, viewport, 100, 'nearest')).toBe(ROW_HEIGHT * 3);
    expect(scrollTopToShow(50, 0, viewport, 100, 'center')).toBe(ROW_HEIGHT * 45.5);
    expect(scrollTopToShow(99, 0, viewport, 100, 'center')).toBe(ROW_HEIGHT * 90);
  });

  it('lands a far row of a compressed list in view', () => {
    const rows = 3_000_000;
    const top = scrollTopToShow(2_500_000, 0, viewport, rows, 'center');
    const window = rowWindow(top, viewport, rows, 0);
    expect(window.first).toBeLessThanOrEqual(2_500_000);
    expect(window.end).toBeGreaterThan(2_500_000);
  });
});
