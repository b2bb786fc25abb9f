/**
 * Search of a JSON body for the response viewer: which keys and scalar values hold a query. It
 * reads the raw text with no outline, a slice at a time, so typing into the search box of a 10 MB
 * body never blocks the panel; `queryPattern` is shared with the tree, which marks the same
 * occurrences in the rows it shows.
 */
import { at, COLON, COMMA, OffsetList, QUOTE, stringEnd } from './json-scan';

/** A case-insensitive pattern for `query` taken literally. */
export function queryPattern(query: string): RegExp {
  return new RegExp(query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');
}

/** Outside string literals, everything but whitespace and punctuation belongs to a scalar. */
function isScalarChar(c: number): boolean {
  return (
    c > 32 &&
    c !== COMMA &&
    c !== COLON &&
    c !== QUOTE &&
    c !== 91 &&
    c !== 93 &&
    c !== 123 &&
    c !== 125
  );
}

/**
 * Finds the keys and scalar values that contain a query, case-insensitively, in slices so a 10 MB
 * body never blocks the panel. A native regular expression finds occurrences in the raw text; a
 * cursor that only moves forward maps each to the literal it falls in, so a whole search is one
 * pass. A literal counts once however often it holds the query; an occurrence in punctuation or
 * across two literals (`a", "b`) does not count. Matching is on the text as sent, escapes included.
 */
export class BodySearch {
  private readonly pattern: RegExp;
  private readonly found = new OffsetList();
  /** Outside any string literal, at or before every occurrence still to map. */
  private cursor = 0;
  /** The first string literal at or after the cursor: [stringStart, stringStop). */
  private stringStart = -1;
  private stringStop = -1;
  done: boolean;

  constructor(
    private readonly text: string,
    readonly query: string,
  ) {
    this.pattern = queryPattern(query);
    this.done = query === '';
  }

  get count(): number {
    return this.found.length;
  }

  /** Where the literal (key or value) of hit `i` starts. */
  hitAt(i: number): number {
    return at(this.found.data, i);
  }

  /** Searches about `chars` more characters of the text; true once the whole text is searched. */
  step(chars: number): boolean {
    const stop = this.pattern.lastIndex + chars;
    while (!this.done && this.pattern.lastIndex < stop) {
      const match = this.pattern.exec(this.text);
      if (match === null) {
        this.done = true;
        break;
      }
      const token = this.literalAt(match.index);
      if (token !== null && match.index + this.query.length <= token[1]) {
        this.found.push(token[0]);
        this.pattern.lastIndex = token[1];
      } else this.pattern.lastIndex = match.index + 1;
    }
    return this.done;
  }

  /** [start, end) of the literal holding `offset`, or null for whitespace and punctuation. */
  private literalAt(offset: number): [number, number] | null {
    const text = this.text;
    for (;;) {
      if (this.stringStart < this.cursor) {
        const quote = text.indexOf('"', this.cursor);
        this.stringStart = quote < 0 ? text.length : quote;
        this.stringStop = -1;
      }
      if (offset < this.stringStart) break;
      if (this.stringStop < 0) this.stringStop = stringEnd(text, this.stringStart);
      if (offset < this.stringStop) return [this.stringStart, this.stringStop];
      this.cursor = this.stringStop;
    }
    if (!isScalarChar(text.charCodeAt(offset))) return null;
    let start = offset;
    while (isScalarChar(text.charCodeAt(start - 1))) start -= 1;
    let end = offset + 1;
    while (isScalarChar(text.charCodeAt(end))) end += 1;
    return [start, end];
  }
}
