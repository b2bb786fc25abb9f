/**
 * String literals for the languages of "Copy as code" (POSIX shell quoting is in shell-quote.ts).
 * Invariant: each literal, read by its language, gives back exactly the text it was made from;
 * nothing in the text can end the literal, expand a variable or run a command. The unit tests
 * read them back with the real node and python3, and with a reader of PowerShell's rules.
 */

/** A JavaScript string literal: JSON's, which JavaScript reads the same (ES2019 and later). */
export function jsString(text: string): string {
  return JSON.stringify(text);
}

const PYTHON_ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  '"': '\\"',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

function hex(code: number, width: number): string {
  return code.toString(16).padStart(width, '0');
}

/**
 * A double-quoted Python 3 literal. Control characters, C1 controls and lone surrogates (which a
 * UTF-8 source file cannot hold) are escaped; other characters stay as they are.
 */
export function pythonString(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we escape
  const special = /[\\"\u0000-\u001f\u007f-\u009f\u2028\u2029]|[\ud800-\udfff]/gu;
  const body = text.replace(special, (char) => {
    const known = PYTHON_ESCAPES[char];
    if (known !== undefined) return known;
    const code = char.codePointAt(0) ?? 0;
    return code <= 0xff ? `\\x${hex(code, 2)}` : `\\u${hex(code, 4)}`;
  });
  return `"${body}"`;
}

/** PowerShell takes the typographic quotes as quotes too: each must be doubled or escaped. */
const PS_SINGLE_QUOTES = /['\u2018\u2019\u201a\u201b]/g;
const PS_BACKTICKED = /[`$"\u201c\u201d\u201e]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we look for
const CONTROL = /[\u0000-\u001f\u007f]/;
const PS_ESCAPES: Record<string, string> = {
  '\0': '`0',
  '\u0007': '`a',
  '\b': '`b',
  '\f': '`f',
  '\n': '`n',
  '\r': '`r',
  '\t': '`t',
  '\v': '`v',
};

/**
 * A PowerShell literal: single-quoted (nothing expands; a quote is doubled) when the text has no
 * control character but tab, else double-quoted with backtick escapes, so that a line break or a
 * control character is written, not carried raw (a script saved with CRLF would change it).
 */
export function powerShellString(text: string): string {
  if (!CONTROL.test(text.replaceAll('\t', ''))) {
    return `'${text.replace(PS_SINGLE_QUOTES, (quote) => quote + quote)}'`;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we escape
  const body = text.replace(/[`$"\u201c\u201d\u201e\u0000-\u001f\u007f]/g, (char) => {
    if (PS_BACKTICKED.test(char)) return `\`${char}`;
    return PS_ESCAPES[char] ?? `$([char]0x${hex(char.charCodeAt(0), 2)})`;
  });
  return `"${body}"`;
}

/** A line that would end a single-quoted here-string early: a quote and `@` at its start. */
const HERE_STRING_END = /^['\u2018\u2019\u201a\u201b]@/m;

/**
 * A single-quoted here-string (`@'` … `'@`) for text of several lines, which reads better than
 * backtick escapes; null when the text has a control character but tab and line feed (a CR would
 * not survive a script saved with other line endings) or a line that would end it early. The
 * line endings are the script's: saved with CRLF, the text gets CRLF.
 */
export function powerShellHereString(text: string): string | null {
  if (!text.includes('\n') || CONTROL.test(text.replace(/[\t\n]/g, ''))) return null;
  if (HERE_STRING_END.test(text)) return null;
  return `@'\n${text}\n'@`;
}
