/**
 * POSIX shell quoting for commands the user copies out of the panel. Single quotes are the one
 * quoting in which no character is special but the quote itself (no `$`, backtick, backslash or
 * `!` expansion), so any text survives when each `'` is written as `'\''`. Newlines survive too:
 * inside single quotes they are part of the word.
 */

/**
 * One shell word that stands for `text` exactly. `text` must not contain NUL, which no shell
 * argument can carry; callers refuse such text first (see `hasNul`).
 */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

export function hasNul(text: string): boolean {
  return text.includes('\u0000');
}
