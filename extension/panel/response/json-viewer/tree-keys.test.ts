import { describe, expect, it } from 'vitest';
import { type TreeKeyContext, treeKeyAction } from './tree-keys';

const leaf: TreeKeyContext = {
  row: 5,
  rowCount: 10,
  pageSize: 4,
  expandable: false,
  expanded: false,
  parentRow: 2,
};
const closed = { ...leaf, expandable: true };
const open = { ...closed, expanded: true };

describe('treeKeyAction', () => {
  it('moves up, down, to the ends and by pages, within the rows', () => {
    expect(treeKeyAction('ArrowDown', leaf)).toEqual({ move: 6 });
    expect(treeKeyAction('ArrowUp', leaf)).toEqual({ move: 4 });
    expect(treeKeyAction('Home', leaf)).toEqual({ move: 0 });
    expect(treeKeyAction('End', leaf)).toEqual({ move: 9 });
    expect(treeKeyAction('PageDown', leaf)).toEqual({ move: 9 });
    expect(treeKeyAction('PageUp', leaf)).toEqual({ move: 1 });
    expect(treeKeyAction('ArrowDown', { ...leaf, row: 9 })).toBeNull();
    expect(treeKeyAction('ArrowUp', { ...leaf, row: 0 })).toBeNull();
  });

  it('opens with Right, then steps into the children', () => {
    expect(treeKeyAction('ArrowRight', closed)).toEqual({ toggle: true });
    expect(treeKeyAction('ArrowRight', open)).toEqual({ move: 6 });
    expect(treeKeyAction('ArrowRight', leaf)).toBeNull();
  });

  it('closes with Left, then steps out to the parent', () => {
    expect(treeKeyAction('ArrowLeft', open)).toEqual({ toggle: true });
    expect(treeKeyAction('ArrowLeft', closed)).toEqual({ move: 2 });
    expect(treeKeyAction('ArrowLeft', { ...leaf, parentRow: -1 })).toBeNull();
  });

  it('toggles with Enter and Space, and ignores other keys', () => {
    expect(treeKeyAction('Enter', closed)).toEqual({ toggle: true });
    expect(treeKeyAction(' ', open)).toEqual({ toggle: true });
    expect(treeKeyAction('Enter', leaf)).toBeNull();
    expect(treeKeyAction('a', open)).toBeNull();
  });
});
