/**
 * POSIX shell quoting for commands the user copies out of the panel. Single quotes are the one
 * quoting in which no character is special but the quote itself (no `$`, backtick, backslash or
 * `!` expansion), so any text survives when each `'` is written as `'\''`. Newlines survive too:
 * inside single quotes they are part of the word.
 */
import { fail, ok, type Result } from '../vocabulary/errors';

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

/** A body for a shell command, or the refusal of one with NUL; `alternative` says what to do. */
export function refuseNulBody(body: string | null, alternative: string): Result<string | null> {
  if (body === null || !hasNul(body)) return ok(body);
  return fail(
    'invalid_request',
    'The body contains a NUL character, which a shell command cannot carry.',
    `Remove it, or send the body from a file with ${alternative}.`,
  );
}
