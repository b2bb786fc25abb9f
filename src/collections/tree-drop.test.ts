import { describe, expect, it } from 'vitest';
import { accepted, refusal } from '../testing/results';
import type { Collection, CollectionItem, Folder, SavedRequest } from './model';
import { moveByDrop } from './tree-drop';

const request = (id: string): SavedRequest => ({
  kind: 'request',
  id,
  name: id,
  method: 'GET',
  path: 'products',
  query: [],
  headers: [],
  body: '',
});
const folder = (id: string, items: CollectionItem[] = []): Folder => ({
  kind: 'folder',
  id,
  name: id,
  items,
});

/** r1, f1 [r2, f2 [r3]], r4 */
const shop: Collection = {
  id: 'c1',
  name: 'Shop',
  auth: { method: 'apiKey', formEncodeCredentials: false },
  variables: [],
  items: [
    request('r1'),
    folder('f1', [request('r2'), folder('f2', [request('r3')])]),
    request('r4'),
  ],
};

function outline(items: readonly CollectionItem[]): string {
  return items
    .map((item) => (item.kind === 'folder' ? `${item.id}[${outline(item.items)}]` : item.id))
    .join(' ');
}

const dropped = (
  ...args: Parameters<typeof moveByDrop> extends [Collection, ...infer R] ? R : never
) => outline(accepted(moveByDrop(shop, ...args)).items);

describe('moveByDrop', () => {
  it('puts an item before or after the row it was dropped on, in that row’s folder', () => {
    expect(dropped('r4', 'r1', 'before')).toBe('r4 r1 f1[r2 f2[r3]]');
    expect(dropped('r1', 'r4', 'after')).toBe('f1[r2 f2[r3]] r4 r1');
    expect(dropped('r1', 'r4', 'before')).toBe('f1[r2 f2[r3]] r1 r4');
    expect(dropped('r4', 'r2', 'after')).toBe('r1 f1[r2 r4 f2[r3]]');
    expect(dropped('r3', 'r1', 'before')).toBe('r3 r1 f1[r2 f2[]] r4');
  });

  it('puts an item last in a folder it was dropped into', () => {
    expect(dropped('r1', 'f2', 'into')).toBe('f1[r2 f2[r3 r1]] r4');
    expect(dropped('r4', 'f1', 'into')).toBe('r1 f1[r2 f2[r3] r4]');
  });

  it('changes nothing for a drop on the item itself, and refuses a folder into its own', () => {
    expect(moveByDrop(shop, 'f1', 'f1', 'into')).toEqual({ ok: true, value: shop });
    expect(refusal(moveByDrop(shop, 'f1', 'f2', 'into'), 'invalid_request').message).toMatch(
      /cannot be moved into itself/,
    );
    expect(refusal(moveByDrop(shop, 'gone', 'r1', 'before'), 'invalid_request').hint).toBe(
      'Drag it again.',
    );
  });
});
