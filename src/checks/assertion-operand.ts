/**
 * The right-hand side of an assertion, read as Bruno reads it: `200` and `-1.5` are numbers,
 * `true`, `false`, `null` and `undefined` are themselves, `"text"` or `'text'` is that text, and
 * anything else is the text as written. `in` takes a comma-separated list (`200, 201`), `between`
 * two numbers (`1, 5`). Also: a short, bounded description of any value for "found …" messages.
 */

const NUMBER = /^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** One operand. */
export function parseOperand(text: string): unknown {
  const value = text.trim();
  if (NUMBER.test(value)) return Number(value);
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value === 'null') return null;
  if (value === 'undefined') return undefined;
  const quote = value[0];
  if ((quote === '"' || quote === "'") && value.length >= 2 && value.endsWith(quote)) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}

/** Operands separated by commas outside quotes: `"a, b", 3` is two. */
export function parseList(text: string): unknown[] {
  const parts: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at] as string;
    if (quote !== null) {
      current += char;
      if (char === '\\' && at + 1 < text.length) {
        at += 1;
        current += text[at];
      } else if (char === quote) quote = null;
    } else if (char === ',') {
      parts.push(current);
      current = '';
    } else {
      if (char === '"' || char === "'") quote = char;
      current += char;
    }
  }
  parts.push(current);
  return parts.map(parseOperand);
}

const SHOWN_CHARS = 120;

/** `found` text: JSON-like, cut at about SHOWN_CHARS characters, however large the value. */
export function describeValue(value: unknown, limit = SHOWN_CHARS): string {
  let out = '';
  const write = (text: string) => {
    out += text;
    return out.length < limit;
  };
  const visit = (item: unknown, depth: number): boolean => {
    if (item === undefined) return write('undefined');
    if (item === null || typeof item !== 'object') {
      const text = typeof item === 'string' ? JSON.stringify(item.slice(0, limit)) : String(item);
      return write(text);
    }
    if (depth > 8) return write('…');
    if (Array.isArray(item)) {
      if (!write('[')) return false;
      for (const [index, element] of item.entries()) {
        if (index > 0 && !write(', ')) return false;
        if (!visit(element, depth + 1)) return false;
      }
      return write(']');
    }
    if (!write('{')) return false;
    let first = true;
    for (const key of Object.keys(item)) {
      if (!first && !write(', ')) return false;
      first = false;
      if (!write(`${JSON.stringify(key.slice(0, limit))}: `)) return false;
      if (!visit((item as Record<string, unknown>)[key], depth + 1)) return false;
    }
    return write('}');
  };
  visit(value, 0);
  return out.length > limit ? `${out.slice(0, limit)}…` : out;
}
