/**
 * A lazy outline of JSON text for the response viewer. It reads the text itself and never turns it
 * into JavaScript values, so 12345678901234567890 and 1.10 stay exactly as the server sent them,
 * and a 10 MB body costs one linear scan plus work in proportion to what is on screen.
 *
 * `outlineJson` validates the text in one scan (json-scan.ts), which records where each object and
 * array starts and ends and how many children it has. From that index the direct children of a
 * container are listed by jumping over nested containers; a node is named by the offset where its
 * value starts. Nothing here recurses, so 10 000 levels of nesting cannot overflow the stack. The
 * rows a tree shows are in json-rows.ts and the body search in json-search.ts.
 */
import {
  at,
  type ContainerIndex,
  indexJson,
  isNumberChar,
  type JsonSyntaxError,
  OPEN_ARRAY,
  OPEN_OBJECT,
  skipSpace,
  stringEnd,
} from './json-scan';

export type JsonKind = 'object' | 'array' | 'string' | 'number' | 'true' | 'false' | 'null';

/** A direct child of a container. `key` is the text between the key's quotes, escapes as sent. */
export interface JsonChild {
  key: string | null;
  keyStart: number;
  start: number;
  end: number;
  kind: JsonKind;
}

export type OutlineResult =
  | { ok: true; outline: JsonOutline }
  | { ok: false; error: JsonSyntaxError };

const KINDS: readonly JsonKind[] = ['object', 'array', 'string', 'number', 'true', 'false', 'null'];
const KIND_OF_FIRST_CHAR: Record<string, number> = { '{': 0, '[': 1, '"': 2, t: 4, f: 5, n: 6 };

interface ChildTable {
  keyStart: Int32Array | null;
  start: Int32Array;
  end: Int32Array;
}

export class JsonOutline {
  readonly root: number;
  /** Every value in the document, containers included. */
  readonly valueCount: number;
  private readonly index: ContainerIndex;
  private readonly tables = new Map<number, ChildTable>();

  constructor(
    readonly text: string,
    index: ContainerIndex,
  ) {
    this.index = index;
    this.valueCount = index.values;
    this.root = skipSpace(text, 0);
  }

  kindAt(start: number): JsonKind {
    return KINDS[KIND_OF_FIRST_CHAR[this.text[start] ?? ''] ?? 3] as JsonKind;
  }

  isContainer(start: number): boolean {
    const c = this.text.charCodeAt(start);
    return c === OPEN_OBJECT || c === OPEN_ARRAY;
  }

  /** Offset just after the value that starts at `start`. */
  endOf(start: number): number {
    const c = this.text[start];
    if (c === '{' || c === '[') return at(this.index.ends, this.ordinalOf(start));
    if (c === '"') return stringEnd(this.text, start);
    if (c === 't' || c === 'n') return start + 4;
    if (c === 'f') return start + 5;
    let j = start + 1;
    while (isNumberChar(this.text.charCodeAt(j))) j += 1;
    return j;
  }

  childCount(start: number): number {
    return this.isContainer(start) ? at(this.index.sizes, this.ordinalOf(start)) : 0;
  }

  /** Where each child's value starts, in order (read only). */
  childStarts(container: number): Int32Array {
    return this.table(container).start;
  }

  child(container: number, index: number): JsonChild {
    const table = this.table(container);
    const start = at(table.start, index);
    const keyStart = table.keyStart === null ? -1 : at(table.keyStart, index);
    const key =
      keyStart < 0 ? null : this.text.slice(keyStart + 1, stringEnd(this.text, keyStart) - 1);
    return { key, keyStart, start, end: at(table.end, index), kind: this.kindAt(start) };
  }

  children(container: number): JsonChild[] {
    return Array.from({ length: this.childCount(container) }, (_, k) => this.child(container, k));
  }

  /** Start offsets of all objects and arrays, in document order. */
  containerStarts(): Int32Array {
    return this.index.starts;
  }

  /**
   * The nodes from the root down to the deepest one whose key or value holds `offset`: what must
   * be expanded (all but the last) to show it.
   */
  pathTo(offset: number): number[] {
    const path = [this.root];
    let node = this.root;
    while (this.isContainer(node) && offset > node) {
      const table = this.table(node);
      const firsts = table.keyStart ?? table.start;
      let low = 0;
      let high = firsts.length - 1;
      while (low <= high) {
        const mid = (low + high) >> 1;
        if (at(firsts, mid) <= offset) low = mid + 1;
        else high = mid - 1;
      }
      if (high < 0 || offset >= at(table.end, high)) break;
      node = at(table.start, high);
      path.push(node);
      if (offset < node) break;
    }
    return path;
  }

  private ordinalOf(start: number): number {
    const starts = this.index.starts;
    let low = 0;
    let high = starts.length - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const value = at(starts, mid);
      if (value === start) return mid;
      if (value < start) low = mid + 1;
      else high = mid - 1;
    }
    throw new RangeError(`No object or array starts at offset ${start}`);
  }

  private table(container: number): ChildTable {
    const cached = this.tables.get(container);
    if (cached !== undefined) return cached;
    const text = this.text;
    const size = this.childCount(container);
    const keyStart = text[container] === '{' ? new Int32Array(size) : null;
    const start = new Int32Array(size);
    const end = new Int32Array(size);
    let i = container + 1;
    for (let k = 0; k < size; k++) {
      i = skipSpace(text, i);
      if (keyStart !== null) {
        keyStart[k] = i;
        i = skipSpace(text, skipSpace(text, stringEnd(text, i)) + 1);
      }
      start[k] = i;
      end[k] = this.endOf(i);
      i = skipSpace(text, at(end, k)) + 1;
    }
    const table = { keyStart, start, end };
    this.tables.set(container, table);
    return table;
  }
}

/** Validates `text` and outlines it, or says where and why it is not JSON. */
export function outlineJson(text: string): OutlineResult {
  const scanned = indexJson(text);
  return scanned.ok ? { ok: true, outline: new JsonOutline(text, scanned.index) } : scanned;
}
