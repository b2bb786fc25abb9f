/**
 * Which Postman file a parsed JSON object is, and where its entries are. A v2.0 or v2.1 collection
 * is known by its `info.schema`, or, without one, by a shape that is clearly v2 (an entry list
 * holding requests), as newman runs such a file. Entries are read from `item`, or from `items`,
 * which some exporters write. The census counts request entries anywhere in the file, so that an
 * import that did not reach some of them can say so instead of losing them in silence.
 *
 * Everything here is bounded: the shape check looks at a fixed number of entries, the census is
 * one iterative walk (the file passed findUnsafeShape, so its depth is bounded too).
 */
import { fail, ok, type Result } from '../../vocabulary/errors';
import { quoteName } from '../importing/import-notes';
import { isObject, type JsonObject, textOf } from '../importing/untrusted-json';
import { POSTMAN_SCHEMA_PATTERN } from './postman-names';

export const HINT =
  'In Postman, export the collection again (Collection v2.1) and import that file.';

export interface EntryList {
  list: unknown[];
  /** The key the list was read from: Postman writes `item`; some exporters write `items`. */
  key: 'item' | 'items';
}

export interface PostmanLayout {
  entries: EntryList;
  /** No v2 `info.schema`: the file was taken for a v2 collection by its shape. */
  byShape: boolean;
}

/** The entries of a collection or a folder, or null when it has no entry list. */
export function entriesOf(node: JsonObject): EntryList | null {
  if (Array.isArray(node.item)) return { list: node.item, key: 'item' };
  if (node.item === undefined && Array.isArray(node.items))
    return { list: node.items, key: 'items' };
  return null;
}

function isRequestValue(value: unknown): boolean {
  return typeof value === 'string' || isObject(value);
}

/** Entries looked at to tell a v2 shape: enough for any real file, bounded for a hostile one. */
const SHAPE_LOOKS = 2_000;

/** True when the list, or a folder in it, holds an entry with a request: a v2 collection's shape. */
function holdsRequest(list: unknown[]): boolean {
  const queue: unknown[] = [...list.slice(0, SHAPE_LOOKS)];
  for (let k = 0; k < queue.length && k < SHAPE_LOOKS; k++) {
    const entry = queue[k];
    if (!isObject(entry)) continue;
    if (isRequestValue(entry.request)) return true;
    const children = entriesOf(entry);
    if (children === null) continue;
    queue.push(...children.list.slice(0, Math.max(0, SHAPE_LOOKS - queue.length)));
  }
  return false;
}

export function checkFormat(root: JsonObject): Result<PostmanLayout> {
  const info = isObject(root.info) ? root.info : null;
  const schema = info === null ? null : textOf(info.schema);
  if (schema !== null && POSTMAN_SCHEMA_PATTERN.test(schema)) {
    if (root.item !== undefined && !Array.isArray(root.item)) {
      return fail('bad_message', 'The collection’s "item" field is not a list.', HINT);
    }
    return ok({ entries: entriesOf(root) ?? { list: [], key: 'item' }, byShape: false });
  }
  if (Array.isArray(root.requests) || Array.isArray(root.order)) {
    return fail(
      'bad_message',
      'This is a Postman Collection v1 file; only v2.0 and v2.1 can be imported.',
      HINT,
    );
  }
  if (Array.isArray(root.values) && root._postman_variable_scope !== undefined) {
    return fail(
      'bad_message',
      'This is a Postman environment, not a collection.',
      'Pick the collection file; set environment values in the profile instead.',
    );
  }
  if (schema !== null) {
    return fail(
      'bad_message',
      `This Postman collection format is not supported (${quoteName(schema)}); v2.0 and v2.1 are.`,
      HINT,
    );
  }
  const entries = entriesOf(root);
  if (entries !== null && holdsRequest(entries.list)) return ok({ entries, byShape: true });
  return fail(
    'bad_message',
    'This is not a Postman collection: it has no info.schema, and no "item" list that holds requests.',
    HINT,
  );
}

export interface Unreached {
  count: number;
  /** The names of the first few, for the summary. */
  names: string[];
}

const MAX_NAMES = 5;

/**
 * Entries with a request anywhere in the file that the import did not read (`reached` holds those
 * it did). Saved example responses are left out: their requests are copies, not requests.
 */
export function unreachedRequests(root: JsonObject, reached: ReadonlySet<object>): Unreached {
  const found: Unreached = { count: 0, names: [] };
  // Children are pushed last first, so that entries are met in the order of the file.
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (let k = node.length - 1; k >= 0; k--) stack.push(node[k]);
      continue;
    }
    if (!isObject(node)) continue;
    if (isRequestValue(node.request) && !reached.has(node)) {
      found.count++;
      if (found.names.length < MAX_NAMES) found.names.push(quoteName(textOf(node.name) ?? '?'));
    }
    const keys = Object.keys(node);
    for (let k = keys.length - 1; k >= 0; k--) {
      const key = keys[k] as string;
      if (key === 'response' || key === 'request') continue;
      const value = node[key];
      if (typeof value === 'object' && value !== null) stack.push(value);
    }
  }
  return found;
}
