/**
 * Pretty-prints JSON text by re-indenting it, without turning it into JavaScript values first:
 * `JSON.stringify(JSON.parse(x))` would round 12345678901234567890 and rewrite 1.10 as 1.1, and a
 * debugging tool must show what the server sent.
 */

/** The same JSON with two-space indentation, or null when `text` is not valid JSON. */
export function reindentJson(text: string): string | null {
  try {
    JSON.parse(text);
  } catch {
    return null;
  }
  return reindentChunk(text, START, Number.POSITIVE_INFINITY).out;
}

/** Where a re-indentation stopped: the next character to read and the depth there. */
export interface IndentCursor {
  readonly at: number;
  readonly depth: number;
}

export const START: IndentCursor = { at: 0, depth: 0 };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

/** A line break and the indentation of each of the first depths, made once. */
const INDENTS = Array.from({ length: 32 }, (_, depth) => `\n${'  '.repeat(depth)}`);

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/** Punctuation and whitespace end a literal (a number, true, false, null). */
function endsLiteral(code: number): boolean {
  return (
    isSpace(code) ||
    code === COMMA ||
    code === COLON ||
    code === OPEN_BRACE ||
    code === CLOSE_BRACE ||
    code === OPEN_BRACKET ||
    code === CLOSE_BRACKET
  );
}

/**
 * Re-indents `text`, which the caller knows is valid JSON (the viewer's scan checked it), from
 * `from` until at least `budget` characters are written or the text ends: a 10 MB answer is
 * pretty-printed a screenful at a time, never whole up front. It stops only between tokens, so
 * the pieces joined are exactly what one call with no budget writes. `next` is null at the end.
 */
export function reindentChunk(
  text: string,
  from: IndentCursor,
  budget: number,
): { out: string; next: IndentCursor | null } {
  let out = '';
  let { at: i, depth } = from;
  let indent = INDENTS[depth] ?? `\n${'  '.repeat(depth)}`;
  const setDepth = (to: number) => {
    depth = to;
    indent = INDENTS[depth] ?? `\n${'  '.repeat(depth)}`;
  };
  const length = text.length;
  while (i < length && out.length < budget) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      // Copy the whole string literal, escapes included, as it is.
      let end = i + 1;
      for (let c = text.charCodeAt(end); end < length && c !== QUOTE; c = text.charCodeAt(end))
        end += c === BACKSLASH ? 2 : 1;
      out += text.slice(i, end + 1);
      i = end + 1;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      // Keep empty containers on one line.
      let next = i + 1;
      while (next < length && isSpace(text.charCodeAt(next))) next += 1;
      const close = code === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET;
      if (text.charCodeAt(next) === close) {
        out += code === OPEN_BRACE ? '{}' : '[]';
        i = next + 1;
      } else {
        setDepth(depth + 1);
        out += (code === OPEN_BRACE ? '{' : '[') + indent;
        i += 1;
      }
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      setDepth(depth - 1);
      out += indent + (code === CLOSE_BRACE ? '}' : ']');
      i += 1;
    } else if (code === COMMA) {
      out += `,${indent}`;
      i += 1;
    } else if (code === COLON) {
      out += ': ';
      i += 1;
    } else if (isSpace(code)) {
      i += 1;
    } else {
      // A literal, copied as sent.
      let end = i + 1;
      while (end < length && !endsLiteral(text.charCodeAt(end))) end += 1;
      out += text.slice(i, end);
      i = end;
    }
  }
  while (i < length && isSpace(text.charCodeAt(i))) i += 1;
  return { out, next: i < length ? { at: i, depth } : null };
}
