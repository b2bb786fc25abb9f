/**
 * Shell expansions in bash text (`$VAR`, `${VAR}`, `$(…)`, backticks, `$1`): the import cannot run a
 * shell. A plain variable (`$AUTH_CODE`, `${TOKEN}`) becomes `{{AUTH_CODE}}`, which the panel
 * resolves from the profile's variables and never sends as written; anything else is kept as its
 * literal text. Each is named for the notes. Finding where one ends needs its own small scanner
 * (nested parentheses, quotes inside `$(…)`), kept here apart from the word reader.
 */
import { ok, type Result } from '../../vocabulary/errors';
import { type Scan, unterminated, variableOf } from './curl-words';

/** The index just past the double-quoted string that starts at `src[i] === '"'`, or -1. */
function skipDouble(src: string, i: number): number {
  for (let k = i + 1; k < src.length; k++) {
    const c = src.charAt(k);
    if (c === '\\') k++;
    else if (c === '"') return k + 1;
  }
  return -1;
}

/** The index just past the `$( … )` that starts at `src[i] === '$'`, or -1. */
export function skipParens(src: string, i: number): number {
  let depth = 0;
  for (let k = i + 1; k < src.length; k++) {
    const c = src.charAt(k);
    if (c === '(') depth++;
    else if (c === ')') {
      depth--;
      if (depth === 0) return k + 1;
    } else if (c === '\\') k++;
    else if (c === "'") {
      k = src.indexOf("'", k + 1);
      if (k < 0) return -1;
    } else if (c === '"' || c === '`') {
      const end = c === '"' ? skipDouble(src, k) : skipBacktick(src, k);
      if (end < 0) return -1;
      k = end - 1;
    }
  }
  return -1;
}

export function skipBacktick(src: string, i: number): number {
  for (let k = i + 1; k < src.length; k++) {
    const c = src.charAt(k);
    if (c === '\\') k++;
    else if (c === '`') return k + 1;
  }
  return -1;
}

interface Expansion extends Scan {
  /** How the note names it (`$ORDER_ID`, `$(…)`); null for a `$` that expands nothing. */
  name: string | null;
}

const NAME_START = /[A-Za-z_]/;
const NAME_CHARS = /[A-Za-z0-9_]*/y;

/** `$…` or a backtick at `src[i]`: kept as the literal text, since the import cannot run a shell. */
export function scanExpansion(src: string, i: number): Result<Expansion> {
  const c = src.charAt(i);
  const next = src.charAt(i + 1);
  if (c === '`') {
    const end = skipBacktick(src, i);
    return end < 0
      ? unterminated('a backtick (`)')
      : ok({ text: src.slice(i, end), end, name: '`…`' });
  }
  if (next === '(') {
    const end = skipParens(src, i);
    return end < 0 ? unterminated('a $( … )') : ok({ text: src.slice(i, end), end, name: '$(…)' });
  }
  if (next === '{') {
    const close = src.indexOf('}', i + 2);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the shell's ${ is what this names
    if (close < 0) return unterminated('a ${ … }');
    const text = src.slice(i, close + 1);
    // Only a name the notes can show is converted, so that the notes say what became of it.
    const variable = text.length <= 40 ? variableOf(text) : null;
    return ok({
      text: variable === null ? text : `{{${variable}}}`,
      end: close + 1,
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the shell's ${ is what this names
      name: text.length <= 40 ? text : '${…}',
    });
  }
  if (NAME_START.test(next)) {
    NAME_CHARS.lastIndex = i + 2;
    const end = i + 2 + (NAME_CHARS.exec(src)?.[0].length ?? 0);
    const text = src.slice(i, end);
    return text.length <= 40
      ? ok({ text: `{{${text.slice(1)}}}`, end, name: text })
      : ok({ text, end, name: '$…' });
  }
  if (next !== '' && '0123456789@*#?$!-'.includes(next)) {
    return ok({ text: `$${next}`, end: i + 2, name: `$${next}` });
  }
  return ok({ text: '$', end: i + 1, name: null });
}
