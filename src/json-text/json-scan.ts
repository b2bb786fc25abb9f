/**
 * The validating scan behind the JSON body outline. One linear pass checks that the text is JSON
 * (as strictly as JSON.parse) and records where each object and array starts and ends and how many
 * children it has. It never builds JavaScript values, so literals stay exactly as the server sent
 * them, and it keeps an explicit stack of open containers instead of recursing, so 10 000 levels
 * of nesting cannot overflow the stack. Text that is not JSON gives a JsonSyntaxError that says
 * where (offset, line, column) and why.
 *
 * The low-level text helpers the outline and the search share (offset lists, whitespace, the end
 * of a string literal) live here, beside the grammar they depend on.
 */

export interface JsonSyntaxError {
  offset: number;
  /** 1-based, for people. */
  line: number;
  column: number;
  message: string;
}

export const OPEN_OBJECT = 123;
export const OPEN_ARRAY = 91;
export const QUOTE = 34;
const BACKSLASH = 92;
export const COMMA = 44;
export const COLON = 58;
const MINUS = 45;
const ZERO = 48;

/** Growable list of offsets: a 10 MB body can hold millions, which plain arrays store far larger. */
export class OffsetList {
  data = new Int32Array(1024);
  length = 0;
  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }
  view(): Int32Array {
    return this.data.subarray(0, this.length);
  }
}

/** Typed-array reads: the offsets are in range by construction. */
export function at(list: Int32Array, index: number): number {
  return list[index] as number;
}

class Problem {
  constructor(
    readonly offset: number,
    readonly message: string,
  ) {}
}

function problem(text: string, offset: number, wanted: string): Problem {
  const found = offset >= text.length ? 'The text ends' : `Found ${JSON.stringify(text[offset])}`;
  return new Problem(offset, `${found} where ${wanted} was expected`);
}

export function skipSpace(text: string, i: number): number {
  let c = text.charCodeAt(i);
  while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(++i);
  return i;
}

function isDigit(c: number): boolean {
  return c >= ZERO && c <= 57;
}

/** Digits, '.', 'e', 'E', '+', '-': what may follow the first character of a valid number. */
export function isNumberChar(c: number): boolean {
  return isDigit(c) || c === 46 || c === 101 || c === 69 || c === 43 || c === MINUS;
}

function isHexDigit(c: number): boolean {
  return isDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
}

/** Plain string content: everything but a quote, a backslash and control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: JSON strings must escape them, so a run stops there
const PLAIN_RUN = /[^"\\\u0000-\u001f]*/y;

/** Checks the string literal whose opening quote is at `i`; returns the offset after it. */
function scanString(text: string, i: number): number {
  for (let j = i + 1; ; j++) {
    // Short runs go fastest in a loop, long ones in a native regular expression (3x on prose).
    let c = text.charCodeAt(j);
    for (let short = j + 32; j < short && c >= 32 && c !== QUOTE && c !== BACKSLASH; ) {
      c = text.charCodeAt(++j);
    }
    if (c >= 32 && c !== QUOTE && c !== BACKSLASH) {
      PLAIN_RUN.lastIndex = j;
      PLAIN_RUN.test(text);
      j = PLAIN_RUN.lastIndex;
      c = text.charCodeAt(j);
    }
    if (c === QUOTE) return j + 1;
    if (j >= text.length) throw problem(text, j, 'the closing quote of a string');
    if (c !== BACKSLASH) throw new Problem(j, 'A control character must be escaped in a string');
    j += 1;
    if (text[j] === 'u') {
      for (let k = 1; k <= 4; k++) {
        if (!isHexDigit(text.charCodeAt(j + k))) throw problem(text, j + k, 'a hex digit of \\u');
      }
      j += 4;
    } else if (!'"\\/bfnrt'.includes(text[j] ?? 'end')) {
      throw problem(text, j, 'an escape (one of " \\ / b f n r t u)');
    }
  }
}

function scanDigits(text: string, j: number, wanted: string): number {
  if (!isDigit(text.charCodeAt(j))) throw problem(text, j, wanted);
  while (isDigit(text.charCodeAt(++j)));
  return j;
}

function scanNumber(text: string, i: number): number {
  let j = text.charCodeAt(i) === MINUS ? i + 1 : i;
  if (text.charCodeAt(j) === ZERO) {
    j += 1;
    if (isDigit(text.charCodeAt(j))) throw new Problem(j, 'A number cannot have a leading zero');
  } else j = scanDigits(text, j, 'a digit');
  if (text[j] === '.') j = scanDigits(text, j + 1, 'a digit after the decimal point');
  if (text[j] === 'e' || text[j] === 'E') {
    if (text[j + 1] === '+' || text[j + 1] === '-') j += 1;
    j = scanDigits(text, j + 1, 'a digit of the exponent');
  }
  return j;
}

/** At a property name; returns where its value starts. */
function scanKey(text: string, i: number): number {
  if (text.charCodeAt(i) !== QUOTE) throw problem(text, i, 'a property name in double quotes');
  const colon = skipSpace(text, scanString(text, i));
  if (text.charCodeAt(colon) !== COLON) throw problem(text, colon, "':' after the property name");
  return skipSpace(text, colon + 1);
}

export interface ContainerIndex {
  starts: Int32Array;
  ends: Int32Array;
  sizes: Int32Array;
  values: number;
}

/** The one validating scan: a state machine over the text with an explicit stack of containers. */
function scanJson(text: string): ContainerIndex {
  const starts = new OffsetList();
  const ends = new OffsetList();
  const sizes = new OffsetList();
  const open = new OffsetList();
  let values = 0;
  let i = skipSpace(text, 0);
  for (;;) {
    values += 1;
    if (open.length > 0) {
      const parent = at(open.data, open.length - 1);
      sizes.data[parent] = at(sizes.data, parent) + 1;
    }
    const c = text.charCodeAt(i);
    if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      open.push(starts.length);
      starts.push(i);
      ends.push(0);
      sizes.push(0);
      i = skipSpace(text, i + 1);
      // '}' and ']' are two code points after '{' and '['.
      if (text.charCodeAt(i) !== c + 2) {
        if (c === OPEN_OBJECT) i = scanKey(text, i);
        continue;
      }
      ends.data[at(open.data, --open.length)] = ++i;
    } else if (c === QUOTE) i = scanString(text, i);
    else if (c === MINUS || isDigit(c)) i = scanNumber(text, i);
    else if (text.startsWith('true', i) || text.startsWith('null', i)) i += 4;
    else if (text.startsWith('false', i)) i += 5;
    else throw problem(text, i, 'a value');
    // A value ended at i: close the containers it finished, then move to the next value.
    for (;;) {
      i = skipSpace(text, i);
      if (open.length === 0) {
        if (i < text.length) throw problem(text, i, 'the end of the text');
        return { starts: starts.view(), ends: ends.view(), sizes: sizes.view(), values };
      }
      const top = at(open.data, open.length - 1);
      const opener = text.charCodeAt(at(starts.data, top));
      const next = text.charCodeAt(i);
      if (next === opener + 2) {
        ends.data[top] = ++i;
        open.length -= 1;
        continue;
      }
      if (next !== COMMA)
        throw problem(text, i, opener === OPEN_OBJECT ? "',' or '}'" : "',' or ']'");
      i = skipSpace(text, i + 1);
      if (opener === OPEN_OBJECT) i = scanKey(text, i);
      break;
    }
  }
}

/** End of the (valid) string literal at `i`: a quote with an even run of backslashes before it. */
export function stringEnd(text: string, i: number): number {
  for (let quote = text.indexOf('"', i + 1); quote >= 0; quote = text.indexOf('"', quote + 1)) {
    let k = quote - 1;
    while (text.charCodeAt(k) === BACKSLASH) k -= 1;
    if ((quote - 1 - k) % 2 === 0) return quote + 1;
  }
  return text.length;
}

export type ScanResult =
  | { ok: true; index: ContainerIndex }
  | { ok: false; error: JsonSyntaxError };

/** Validates and indexes `text`, or says where and why it is not JSON. */
export function indexJson(text: string): ScanResult {
  try {
    return { ok: true, index: scanJson(text) };
  } catch (error) {
    if (!(error instanceof Problem)) throw error;
    const lineStart = error.offset === 0 ? 0 : text.lastIndexOf('\n', error.offset - 1) + 1;
    let line = 1;
    for (let i = text.indexOf('\n'); i >= 0 && i < lineStart; i = text.indexOf('\n', i + 1)) line++;
    const column = error.offset - lineStart + 1;
    return { ok: false, error: { offset: error.offset, line, column, message: error.message } };
  }
}
