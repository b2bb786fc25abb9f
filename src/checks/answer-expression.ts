/**
 * The expressions of Bruno's assertions and post-response variables, read by a small scanner
 * (never `eval`): `res.status`, `res.responseTime`, `res.headers` or `res.headers.<name>` (also
 * `res.headers["name"]`), and `res.body` followed by any of `.key`, `[3]`, `["any key"]` or
 * `['any key']`. Bounded: at most MAX_EXPRESSION characters and MAX_PATH_DEPTH steps, one pass.
 */
import { MAX_EXPRESSION } from '../collections/collection-schema';

/** Steps after `res.body` (or `res.headers`): a JSON document nests deeper only in pathological cases. */
export const MAX_PATH_DEPTH = 32;

/** One step into the body: an object key or an array index. */
export type PathStep = { key: string } | { index: number };

export type AnswerExpression =
  | { part: 'status' }
  | { part: 'responseTime' }
  | { part: 'headers'; name: string | null }
  | { part: 'body'; path: PathStep[] };

export type ParsedExpression =
  | { ok: true; value: AnswerExpression }
  | { ok: false; problem: string };

const HELP =
  'Use res.status, res.responseTime, res.headers.<name> or res.body.<path> (with [0] for list items and ["odd key"] for keys with spaces).';

const problem = (text: string): ParsedExpression => ({ ok: false, problem: `${text} ${HELP}` });

/** Letters, digits, `_` and `$` after a dot; a header name may also hold `-` (content-type). */
const BODY_KEY = /[A-Za-z0-9_$]/;
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+^_`|~-]+$/;

/** Reads a quoted key at `start` (the quote); returns the key and where it ends, or null. */
function quotedKey(text: string, start: number): { key: string; end: number } | null {
  const quote = text[start];
  let key = '';
  for (let at = start + 1; at < text.length; at += 1) {
    const char = text[at] as string;
    if (char === quote) return { key, end: at + 1 };
    if (char === '\\') {
      at += 1;
      if (at >= text.length) return null;
      key += text[at];
    } else key += char;
  }
  return null;
}

/** The steps of a path such as `.items[0]["odd key"].id`, or a problem. */
function readPath(rest: string): { ok: true; path: PathStep[] } | { ok: false; problem: string } {
  const path: PathStep[] = [];
  let at = 0;
  while (at < rest.length) {
    if (path.length >= MAX_PATH_DEPTH) {
      return { ok: false, problem: `The path goes more than ${MAX_PATH_DEPTH} steps deep.` };
    }
    const char = rest[at];
    if (char === '.') {
      let end = at + 1;
      while (end < rest.length && BODY_KEY.test(rest[end] as string)) end += 1;
      if (end === at + 1) {
        return { ok: false, problem: `Expected a key after the "." at character ${at + 1}.` };
      }
      path.push({ key: rest.slice(at + 1, end) });
      at = end;
    } else if (char === '[') {
      const next = rest[at + 1];
      if (next === '"' || next === "'") {
        const read = quotedKey(rest, at + 1);
        if (read === null || rest[read.end] !== ']') {
          return { ok: false, problem: `An unclosed quoted key starts at character ${at + 2}.` };
        }
        path.push({ key: read.key });
        at = read.end + 1;
      } else {
        const index = /^\[(\d{1,9})\]/.exec(rest.slice(at, at + 12));
        if (index === null) {
          return {
            ok: false,
            problem: `Expected a list index such as [0] or a quoted key at character ${at + 1}.`,
          };
        }
        path.push({ index: Number(index[1]) });
        at += (index[0] as string).length;
      }
    } else {
      return { ok: false, problem: `Unexpected "${char}" at character ${at + 1}.` };
    }
  }
  return { ok: true, path };
}

/** Reads an expression; a refusal says what is wrong and what is understood. */
export function parseExpression(text: string): ParsedExpression {
  const expression = text.trim();
  if (expression === '') return problem('The expression is empty.');
  if (expression.length > MAX_EXPRESSION) {
    return problem(`The expression is longer than ${MAX_EXPRESSION} characters.`);
  }
  if (expression === 'res.status') return { ok: true, value: { part: 'status' } };
  if (expression === 'res.responseTime') return { ok: true, value: { part: 'responseTime' } };
  if (expression === 'res.headers') return { ok: true, value: { part: 'headers', name: null } };
  if (expression.startsWith('res.headers')) {
    const read = readPath(expression.slice('res.headers'.length).replace(/^\.([^.[]+)$/, '["$1"]'));
    if (!read.ok) return problem(read.problem);
    const [step, ...more] = read.path;
    if (step === undefined || !('key' in step) || more.length > 0 || !HEADER_NAME.test(step.key)) {
      return problem('A header is named by one header name, such as res.headers.content-type.');
    }
    return { ok: true, value: { part: 'headers', name: step.key.toLowerCase() } };
  }
  if (expression === 'res.body' || /^res\.body[.[]/.test(expression)) {
    const read = readPath(expression.slice('res.body'.length));
    return read.ok ? { ok: true, value: { part: 'body', path: read.path } } : problem(read.problem);
  }
  return problem(`"${expression.slice(0, 60)}" is not an expression this extension reads.`);
}
