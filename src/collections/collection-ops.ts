/**
 * Pure operations on collections, as the panel uses them: create, add, rename, duplicate, move,
 * remove, find, search, and merge an imported collection into the stored ones. Nothing is changed
 * in place: every operation returns new objects (unchanged branches are shared). Ids come from an
 * injected `newId` (crypto.randomUUID in the extension), so tests are deterministic. Whatever an
 * operation builds keeps the limits an import checks, so an export can always be imported.
 */
import * as v from 'valibot';
import { type AppError, fail, ok, type Result } from '../vocabulary/errors';
import {
  checkStructure,
  ID_PATTERN,
  ItemSchema,
  MAX_NAME,
  NameSchema,
  schemaProblem,
} from './collection-schema';
import { findItem } from './find-item';
import type { Collection, CollectionAuth, CollectionItem, Folder, SavedRequest } from './model';

/** Finding an item is reading, not editing: it lives with the search, and is here for the edits. */
export { findItem, type ItemLocation } from './find-item';

export type NewId = () => string;

const refused = (error: AppError) => ({
  ok: false as const,
  error: { ...error, code: 'invalid_request' as const },
});
const notFound = (id: string) =>
  fail(
    'not_found',
    `No request or folder with id "${id}" in this collection.`,
    'Reload the panel and try again.',
  );

function checkedName(name: string): Result<string> {
  const trimmed = name.trim();
  const parsed = v.safeParse(NameSchema, trimmed);
  return parsed.success
    ? ok(trimmed)
    : fail(
        'invalid_request',
        `A name must be 1 to ${MAX_NAME} characters long.`,
        'Type another name.',
      );
}

/** The result of an edit, if it keeps the limits (item count, folder depth, unique ids). */
function checked(collection: Collection): Result<Collection> {
  const structure = checkStructure(collection);
  return structure.ok ? ok(collection) : refused(structure.error);
}

export function newCollection(
  name: string,
  auth: CollectionAuth,
  newId: NewId,
): Result<Collection> {
  const named = checkedName(name);
  if (!named.ok) return named;
  const id = newId();
  if (!ID_PATTERN.test(id)) return fail('internal', 'A new id was not valid.', 'Try again.');
  return ok({ id, name: named.value, auth: { ...auth }, variables: [], items: [] });
}

/** A copy of `items` in which the list of `parentId` (null: `items` itself) is replaced. */
function replaceList(
  items: readonly CollectionItem[],
  parentId: string | null,
  change: (list: readonly CollectionItem[]) => CollectionItem[],
): CollectionItem[] | null {
  if (parentId === null) return change(items);
  for (const [index, item] of items.entries()) {
    if (item.kind !== 'folder') continue;
    const inner =
      item.id === parentId ? change(item.items) : replaceList(item.items, parentId, change);
    if (inner !== null) return items.with(index, { ...item, items: inner });
  }
  return null;
}

function editList(
  collection: Collection,
  parentId: string | null,
  change: (list: readonly CollectionItem[]) => CollectionItem[],
): Result<Collection> {
  const items = replaceList(collection.items, parentId, change);
  return items === null ? notFound(parentId ?? '') : checked({ ...collection, items });
}

function addItem(
  collection: Collection,
  parentId: string | null,
  item: CollectionItem,
): Result<Collection> {
  const parsed = v.safeParse(ItemSchema, item);
  if (!parsed.success) return refused(schemaProblem(parsed.issues, [item.kind]));
  if (parentId !== null && findItem(collection, parentId)?.item.kind !== 'folder')
    return notFound(parentId);
  return editList(collection, parentId, (list) => [...list, parsed.output]);
}

/** Adds a request at the end of a folder (null: the top level). The request brings its own id. */
export function addRequest(
  collection: Collection,
  folderId: string | null,
  request: SavedRequest,
): Result<Collection> {
  return addItem(collection, folderId, request);
}

export function addFolder(
  collection: Collection,
  parentId: string | null,
  folder: Folder,
): Result<Collection> {
  return addItem(collection, parentId, folder);
}

/** Replaces the stored request that has the same id (a saved edit). */
export function updateRequest(collection: Collection, request: SavedRequest): Result<Collection> {
  const found = findItem(collection, request.id);
  if (found?.item.kind !== 'request') return notFound(request.id);
  const parsed = v.safeParse(ItemSchema, request);
  if (!parsed.success) return refused(schemaProblem(parsed.issues, ['request']));
  return editList(collection, found.parentId, (list) => list.with(found.index, parsed.output));
}

/** Renames a request or a folder; the collection's own id renames the collection. */
export function renameItem(
  collection: Collection,
  itemId: string,
  name: string,
): Result<Collection> {
  const named = checkedName(name);
  if (!named.ok) return named;
  if (itemId === collection.id) return ok({ ...collection, name: named.value });
  const found = findItem(collection, itemId);
  if (found === null) return notFound(itemId);
  const renamed = { ...found.item, name: named.value };
  return editList(collection, found.parentId, (list) => list.with(found.index, renamed));
}

function withNewIds(item: CollectionItem, newId: NewId): CollectionItem {
  const id = newId();
  if (item.kind === 'request')
    return { ...item, id, query: [...item.query], headers: [...item.headers] };
  return { ...item, id, items: item.items.map((child) => withNewIds(child, newId)) };
}

/**
 * A collection copied whole under another name, with new ids throughout: the copy shares no id
 * with the original, so opening a request in one never marks the other's row as open.
 */
export function copyCollection(collection: Collection, name: string, newId: NewId): Collection {
  const items = collection.items.map((item) => withNewIds(item, newId));
  return { ...collection, id: newId(), name, items };
}

/** `Name copy`, kept within the name limit. */
function copyName(name: string): string {
  return `${name.slice(0, MAX_NAME - ' copy'.length)} copy`;
}

/** Puts a copy (new ids throughout, name + " copy") right after the original. */
export function duplicateItem(
  collection: Collection,
  itemId: string,
  newId: NewId,
): Result<{ collection: Collection; copyId: string }> {
  const found = findItem(collection, itemId);
  if (found === null) return notFound(itemId);
  const copy = { ...withNewIds(found.item, newId), name: copyName(found.item.name) };
  if (!ID_PATTERN.test(copy.id)) return fail('internal', 'A new id was not valid.', 'Try again.');
  const edited = editList(collection, found.parentId, (list) =>
    list.toSpliced(found.index + 1, 0, copy),
  );
  return edited.ok ? ok({ collection: edited.value, copyId: copy.id }) : edited;
}

/**
 * Moves an item into a folder (null: the top level) at `index` of that folder's list as it is
 * once the item has left its place; the index is clamped to the list.
 */
export function moveItem(
  collection: Collection,
  itemId: string,
  targetFolderId: string | null,
  index: number,
): Result<Collection> {
  const found = findItem(collection, itemId);
  if (found === null) return notFound(itemId);
  if (targetFolderId !== null) {
    const target = findItem(collection, targetFolderId);
    if (target?.item.kind !== 'folder') return notFound(targetFolderId);
    if (targetFolderId === itemId || target.folders.some((folder) => folder.id === itemId)) {
      return fail(
        'invalid_request',
        `The folder "${found.item.name}" cannot be moved into itself or into one of its own folders.`,
        'Pick a folder outside it, or the top level.',
      );
    }
  }
  const without = replaceList(collection.items, found.parentId, (list) =>
    list.toSpliced(found.index, 1),
  );
  if (without === null) return notFound(itemId);
  const items = replaceList(without, targetFolderId, (list) => {
    const at = Math.min(Math.max(0, Math.trunc(index)), list.length);
    return list.toSpliced(at, 0, found.item);
  });
  return items === null ? notFound(targetFolderId ?? '') : checked({ ...collection, items });
}

export function removeItem(collection: Collection, itemId: string): Result<Collection> {
  const found = findItem(collection, itemId);
  if (found === null) return notFound(itemId);
  return editList(collection, found.parentId, (list) => list.toSpliced(found.index, 1));
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The stored collection whose name the incoming one would take (case and spaces aside). */
export function nameClash(
  existing: readonly Collection[],
  incoming: Collection,
): Collection | null {
  return existing.find((collection) => sameName(collection.name, incoming.name)) ?? null;
}

/** `Orders (2)`, `Orders (3)`, …: the first that no stored collection has. */
function freeName(existing: readonly Collection[], name: string): string {
  const base = name.replace(/ \(\d+\)$/, '');
  for (let n = 2; ; n += 1) {
    const suffix = ` (${n})`;
    const candidate = `${base.slice(0, MAX_NAME - suffix.length)}${suffix}`;
    if (!existing.some((collection) => sameName(collection.name, candidate))) return candidate;
  }
}

/**
 * Adds an imported collection to the stored ones. On a name clash, 'replace' puts it in the place
 * of the one with that name; 'keep-both' adds it as "Name (2)" with new ids throughout. Without a
 * clash it is added at the end. The incoming id is kept unless another stored collection has it.
 */
export function mergeOnImport(
  existing: readonly Collection[],
  incoming: Collection,
  choice: 'replace' | 'keep-both',
  newId: NewId,
): { collections: Collection[]; imported: Collection } {
  const clash = nameClash(existing, incoming);
  if (clash !== null && choice === 'keep-both') {
    const imported: Collection = {
      ...incoming,
      id: newId(),
      name: freeName(existing, incoming.name),
      items: incoming.items.map((item) => withNewIds(item, newId)),
    };
    return { collections: [...existing, imported], imported };
  }
  const others = existing.filter((collection) => collection !== clash);
  const idTaken = others.some((collection) => collection.id === incoming.id);
  const imported = idTaken ? { ...incoming, id: newId() } : incoming;
  const collections =
    clash === null
      ? [...existing, imported]
      : existing.map((collection) => (collection === clash ? imported : collection));
  return { collections, imported };
}
