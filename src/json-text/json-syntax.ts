/**
 * Where a text stops being JSON, as a line and a column and a plain reason. `JSON.parse` decides
 * whether a text is JSON; this only explains a refusal, in the same words in every browser (engine
 * messages differ between versions and may quote the file). Iterative: nesting cannot overflow it.
 */

export interface JsonSyntaxError {
  line: number;
  column: number;
  reason: string;
}

type Found = { offset: number; reason: string };
type State = 'value' | 'firstValue' | 'key' | 'firstKey' | 'colon' | 'after' | 'end';

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES = '"\\/bfnrt';

/** The index just past the string that opens at `start`, or the problem inside it. */
function scanString(text: string, start: number): number | Found {
  let i = start + 1;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === 0x22) return i + 1;
    if (code < 0x20) return { offset: i, reason: 'a line break or control character in a string' };
    if (code === 0x5c) {
      const next = text[i + 1] ?? '';
      if (next === 'u' && /^[0-9A-Fa-f]{4}$/.test(text.slice(i + 2, i + 6))) i += 6;
      else if (next !== 'u' && next !== '' && ESCAPES.includes(next)) i += 2;
      else return { offset: i, reason: 'an invalid escape in a string' };
    } else i += 1;
  }
  return { offset: text.length, reason: 'a string that is never closed' };
}

/** The index just past the value that starts at `i` if it is a string, number or literal. */
function scanScalar(text: string, i: number): number | Found {
  if (text[i] === '"') return scanString(text, i);
  for (const literal of ['true', 'false', 'null']) {
    if (text.startsWith(literal, i)) return i + literal.length;
  }
  NUMBER.lastIndex = i;
  const number = NUMBER.exec(text);
  if (number !== null && number[0].length > 0) return i + number[0].length;
  return {
    offset: i,
    reason: 'expected a value (text in quotes, a number, true, false, null, { or [)',
  };
}

function findProblem(text: string): Found | null {
  const stack: string[] = [];
  let state: State = 'value';
  let i = 0;
  const closeOrNext = () => (stack.length === 0 ? 'end' : 'after');
  for (;;) {
    while (i < text.length && ' \t\n\r'.includes(text[i] as string)) i += 1;
    if (i >= text.length) {
      return state === 'end' ? null : { offset: i, reason: 'the file ends too early' };
    }
    const char = text[i] as string;
    if (state === 'end') return { offset: i, reason: 'more text after the end of the JSON value' };
    if ((state === 'firstKey' && char === '}') || (state === 'firstValue' && char === ']')) {
      stack.pop();
      i += 1;
      state = closeOrNext();
    } else if (state === 'key' || state === 'firstKey') {
      if (char !== '"') return { offset: i, reason: 'expected a field name in double quotes' };
      const end = scanString(text, i);
      if (typeof end !== 'number') return end;
      i = end;
      state = 'colon';
    } else if (state === 'colon') {
      if (char !== ':') return { offset: i, reason: "expected ':' after the field name" };
      i += 1;
      state = 'value';
    } else if (state === 'after') {
      const open = stack[stack.length - 1];
      if (char === ',') {
        i += 1;
        state = open === '{' ? 'key' : 'value';
      } else if ((char === '}' && open === '{') || (char === ']' && open === '[')) {
        stack.pop();
        i += 1;
        state = closeOrNext();
      } else {
        return { offset: i, reason: `expected ',' or '${open === '{' ? '}' : ']'}'` };
      }
    } else if (char === '{' || char === '[') {
      stack.push(char);
      i += 1;
      state = char === '{' ? 'firstKey' : 'firstValue';
    } else {
      const end = scanScalar(text, i);
      if (typeof end !== 'number') return end;
      i = end;
      state = closeOrNext();
    }
  }
}

/** The first syntax error in `text`, or null when it is JSON. */
export function locateJsonError(text: string): JsonSyntaxError | null {
  const found = findProblem(text);
  if (found === null) return null;
  const before = text.slice(0, found.offset);
  const lastBreak = before.lastIndexOf('\n');
  const line = before.length - before.replaceAll('\n', '').length + 1;
  return { line, column: found.offset - lastBreak, reason: found.reason };
}
