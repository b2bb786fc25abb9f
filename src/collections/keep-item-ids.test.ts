import { describe, expect, it } from 'vitest';
import { brunoSample } from '../testing/fixtures/opencollection/opencollection-samples';
import { keepItemIds } from './keep-item-ids';
import type { Collection, CollectionItem } from './model';

function renumbered(items: CollectionItem[]): CollectionItem[] {
  return items.map((item, index) =>
    item.kind === 'folder'
      ? { ...item, id: `new-${item.name}-${index}`, items: renumbered(item.items) }
      : { ...item, id: `new-${item.name}-${index}` },
  );
}

describe('ids of a collection read again from its folder', () => {
  it('keeps the collection’s id and each known item’s, also inside folders', () => {
    const previous = brunoSample();
    const read: Collection = {
      ...previous,
      id: 'new-collection',
      items: renumbered(previous.items),
    };
    expect(keepItemIds(previous, read)).toEqual(previous);
  });

  it('gives an item renamed outside its new id, and matches kinds apart', () => {
    const previous = brunoSample();
    const read: Collection = { ...previous, id: 'fresh', items: renumbered(previous.items) };
    const [first] = read.items;
    if (first?.kind !== 'request') throw new Error('fixture changed');
    first.name = 'Renamed outside';
    const kept = keepItemIds(previous, read);
    expect(kept.id).toBe(previous.id);
    expect(kept.items[0]?.id).toBe('new-List products-0');
    expect(kept.items[1]?.id).toBe(previous.items[1]?.id);
  });
});
