/**
 * Import of a Postman Collection v2.0 or v2.1 file: requests, folders, variables, headers and raw
 * bodies become a collection; everything else (scripts, other auth types, form bodies, examples,
 * descriptions, …) is listed in a summary instead of being lost in silence.
 *
 * The file is untrusted: it is size-capped, passes `findUnsafeShape` (prototype keys, nesting)
 * before anything reads it, is read with checks that cannot throw, and is walked once (work in
 * proportion to its size). Secrets stay out: variables named like credentials and rows that look
 * like secrets are left behind and reported by name only. `importPostman` never throws.
 */

import { MAX_FOLDER_DEPTH } from '../../collections/collection-schema';
import type { Collection, CollectionItem } from '../../collections/model';
import { readJsonFile } from '../../json-text/json-file';
import { fail, ok, type Result } from '../../vocabulary/errors';
import { ImportNotes, quoteName } from '../importing/import-notes';
import { isObject, type JsonObject, textOf } from '../importing/untrusted-json';
import { exportDescription } from './postman-export';
import { checkFormat, entriesOf, HINT, unreachedRequests } from './postman-import-format';
import {
  itemName,
  noteDescription,
  noteItemAuth,
  type RequestContext,
  readRequest,
} from './postman-import-request';
import { readAuth, readEvents, readVariables } from './postman-import-settings';
import { testChecksOf } from './postman-test-import';

export interface PostmanImport {
  collection: Collection;
  /** One line a kind of part that was not imported or was changed; empty when all came along. */
  summary: string[];
}

/** Characters (UTF-16 code units) of file text; larger files are refused before parsing. */
export const MAX_IMPORT_CHARS = 32 * 1024 * 1024;
/** Requests and folders read from one file: a bound on the work a hostile file can cause. */
export const MAX_IMPORT_ITEMS = 50_000;

const NOTE = {
  itemVariables: 'Folder and request variables were not imported',
  examples: 'Saved example responses were not imported',
  settings: 'Postman request settings (protocolProfileBehavior) were not imported',
  flattened: `Folders nested deeper than ${MAX_FOLDER_DEPTH} levels were merged into their parent`,
  emptyItem: 'Entries with neither a request nor sub-items were skipped',
  itemsKey: 'Entries were read from "items", which Postman spells "item"',
  byShape:
    'The file has no info.schema: it was read as a Postman v2.1 collection, whose shape it has',
  unreached: 'Requests that are not in an "item" list, where Postman keeps them, were not imported',
} as const;

interface WalkContext extends RequestContext {
  count: number;
  /** The entries read as requests (kept or skipped with a note): all others are reported. */
  reached: Set<object>;
}

function parseFile(text: string): Result<JsonObject> {
  const read = readJsonFile(text, {
    maxChars: MAX_IMPORT_CHARS,
    tooLarge: {
      message: `The file is larger than the ${MAX_IMPORT_CHARS / 1024 / 1024} MB a Postman import may have.`,
      hint: 'Split the collection in Postman (export folders as their own collections), then import each.',
    },
    hints: { empty: HINT, invalid: HINT, unsafe: HINT },
  });
  if (!read.ok) return read;
  const data = read.value;
  if (!isObject(data)) {
    return fail('bad_message', 'The file holds no collection: its JSON is not an object.', HINT);
  }
  return ok(data);
}

/** What an item carries besides its request or sub-items. */
function noteItemExtras(entry: JsonObject, where: string, notes: ImportNotes): void {
  readEvents(entry.event, where, notes, false);
  noteItemAuth(entry.auth, where, notes);
  noteDescription(entry.description, where, notes);
  if (Array.isArray(entry.variable) && entry.variable.length > 0)
    notes.add(NOTE.itemVariables, where);
  if (Array.isArray(entry.response) && entry.response.length > 0) notes.add(NOTE.examples, where);
  if (isObject(entry.protocolProfileBehavior)) notes.add(NOTE.settings, where);
}

/** Recursion depth is bounded: findUnsafeShape refused anything nested deeper than MAX_DEPTH. */
function readItems(list: unknown, depth: number, into: CollectionItem[], context: WalkContext) {
  if (!Array.isArray(list)) return;
  const { notes } = context;
  for (const entry of list) {
    if (context.count > MAX_IMPORT_ITEMS) return;
    if (!isObject(entry)) continue;
    context.count++;
    const children = entriesOf(entry);
    const name = itemName(
      entry.name,
      children !== null ? 'Untitled folder' : 'Untitled request',
      notes,
    );
    const where = quoteName(name);
    noteItemExtras(entry, where, notes);
    if (children?.key === 'items') notes.add(NOTE.itemsKey, where);
    if (children !== null && depth >= MAX_FOLDER_DEPTH) {
      notes.add(NOTE.flattened, where);
      readItems(children.list, depth, into, context);
    } else if (children !== null) {
      const items: CollectionItem[] = [];
      into.push({ kind: 'folder', id: context.newId(), name, items });
      readItems(children.list, depth + 1, items, context);
    } else if (entry.request !== undefined) {
      context.reached.add(entry);
      const request = readRequest(entry.request, name, context);
      if (request !== null) into.push({ ...request, ...testChecksOf(entry.event) });
    } else {
      notes.add(NOTE.emptyItem, where);
    }
  }
}

function importParsed(root: JsonObject, newId: () => string): Result<PostmanImport> {
  const format = checkFormat(root);
  if (!format.ok) return format;
  const { entries, byShape } = format.value;
  const notes = new ImportNotes();
  const info = isObject(root.info) ? root.info : {};
  const id = newId();
  const name = itemName(info.name ?? root.name, 'Imported from Postman', notes);
  const where = quoteName(name);
  if (byShape) notes.add(NOTE.byShape, where);
  if (entries.key === 'items') notes.add(NOTE.itemsKey, where);
  const { rows, hostsUnderV1 } = readVariables(root.variable, notes);
  const marker = readEvents(root.event, where, notes, true);
  const auth = readAuth(root.auth, marker, where, notes);
  // The description an export writes is instructions for Postman users, not content.
  if (textOf(info.description) !== exportDescription(auth.method)) {
    noteDescription(info.description, where, notes);
  }
  if (isObject(root.protocolProfileBehavior)) notes.add(NOTE.settings, where);

  const items: CollectionItem[] = [];
  const context: WalkContext = { newId, notes, hostsUnderV1, count: 0, reached: new Set() };
  readItems(entries.list, 0, items, context);
  if (context.count > MAX_IMPORT_ITEMS) {
    return fail(
      'bad_message',
      `The collection holds more than ${MAX_IMPORT_ITEMS} requests and folders.`,
      'Split it in Postman (export folders as their own collections), then import each.',
    );
  }
  const unreached = unreachedRequests(root, context.reached);
  if (unreached.count > 0 && context.reached.size === 0) {
    const what = unreached.count === 1 ? 'a request' : `${unreached.count} requests`;
    return fail(
      'bad_message',
      `The file holds ${what}, but none in an "item" list, where a Postman collection keeps them: nothing could be imported.`,
      HINT,
    );
  }
  unreached.names.forEach((example, index) => {
    const last = index === unreached.names.length - 1;
    notes.add(NOTE.unreached, example, last ? unreached.count - index : 1);
  });
  return ok({ collection: { id, name, auth, variables: rows, items }, summary: notes.lines() });
}

/** The promise that a bug still answers with a value: every read in `run` is checked. */
function guarded(run: () => Result<PostmanImport>): Result<PostmanImport> {
  try {
    return run();
  } catch (error) {
    const detail = error instanceof Error ? error.message.slice(0, 120) : 'unknown';
    return fail(
      'internal',
      `The Postman import stopped on an unexpected problem (${detail}).`,
      'Report this with the file, if you can share it.',
    );
  }
}

export function importPostman(text: string, newId: () => string): Result<PostmanImport> {
  return guarded(() => {
    const parsed = parseFile(text);
    return parsed.ok ? importParsed(parsed.value, newId) : parsed;
  });
}

/**
 * A collection already read into v2.1's shape (the v3 import builds one from its YAML files), read
 * as a v2.1 file is. `root` must be plain data, built by the caller from checked files.
 */
export function importPostmanData(root: JsonObject, newId: () => string): Result<PostmanImport> {
  return guarded(() => importParsed(root, newId));
}
