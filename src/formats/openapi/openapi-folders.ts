/**
 * The collection's tree: a folder per tag, named by the operation's first tag, in the order of
 * the document's `tags` list (then in order of first use); operations without a tag at the top,
 * before the folders. Invariant: `size` counts every item the tree will produce.
 */
import { MAX_NAME } from '../../collections/collection-schema';
import type { CollectionItem, Folder, SavedRequest } from '../../collections/model';
import type { ImportNotes } from '../importing/import-notes';
import { isObject, type JsonObject } from '../importing/untrusted-json';

const NOTE = {
  manyTags: 'Operations with several tags are in the folder of their first tag',
} as const;

/** The folder an operation goes into: its first tag, or null for the top level. */
export function folderName(
  operation: JsonObject,
  where: string,
  notes: ImportNotes,
): string | null {
  if (!Array.isArray(operation.tags)) return null;
  const tags = operation.tags.filter(
    (tag): tag is string => typeof tag === 'string' && tag.trim() !== '',
  );
  if (tags.length > 1) notes.add(NOTE.manyTags, where);
  const [first] = tags;
  return first === undefined ? null : first.trim().slice(0, MAX_NAME);
}

export class ItemTree {
  readonly top: SavedRequest[] = [];
  private readonly folders = new Map<string, SavedRequest[]>();
  requests = 0;

  add(request: SavedRequest, folder: string | null): void {
    this.requests++;
    if (folder === null) {
      this.top.push(request);
      return;
    }
    const list = this.folders.get(folder);
    if (list === undefined) this.folders.set(folder, [request]);
    else list.push(request);
  }

  get size(): number {
    return this.requests + this.folders.size;
  }

  /** Untagged requests first, then the folders in the order the document's `tags` list gives. */
  items(declaredTags: unknown, newId: () => string): CollectionItem[] {
    const order: string[] = [];
    if (Array.isArray(declaredTags)) {
      for (const tag of declaredTags) {
        const name = isObject(tag) && typeof tag.name === 'string' ? tag.name.trim() : '';
        if (this.folders.has(name) && !order.includes(name)) order.push(name);
      }
    }
    for (const name of this.folders.keys()) if (!order.includes(name)) order.push(name);
    const folders = order.map(
      (name): Folder => ({
        kind: 'folder',
        id: newId(),
        name,
        items: this.folders.get(name) ?? [],
      }),
    );
    return [...this.top, ...folders];
  }
}
