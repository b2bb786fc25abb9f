/**
 * The shared vocabulary of the curl import: a shell word (after quote removal, with the expansions
 * it kept as text), the typed errors every reader gives for unclosed or NUL-bearing text, and the
 * limits of a saved request. Kept apart so the bash and cmd readers, the option reader and the
 * request assembly agree on one shape without importing each other.
 */
import { type AppError, fail } from '../../vocabulary/errors';

/** The limits of the message contract, checked here so a save never fails. */
export { MAX_ROWS, MAX_TEXT } from '../../vocabulary/terms';

/** One shell word after quote removal, with the expansions it kept as text (`$VAR`, `$(…)`). */
export interface Word {
  text: string;
  expansions: string[];
}

/**
 * One simple command of the pasted text and the operator that ended it: `&`, `&&`, `|`, `||`, `;`,
 * `(`, `)`, a line break, or '' at the end of the text. `&` alone is what cuts an unquoted URL.
 */
export interface ShellCommand {
  words: Word[];
  end: string;
  /** The operator touches the last word (`a=1&b=2`), as in a URL the shell cut. */
  glued: boolean;
}

/**
 * The variable an expansion names (`$NAME`, `${NAME}`, cmd's `%NAME%`), which the import keeps as
 * `{{NAME}}`; null for what is no plain variable (`$(…)`, backticks, `$1`, `${X:-default}`).
 */
export function variableOf(expansion: string): string | null {
  return (
    /^(?:\$([A-Za-z_][A-Za-z0-9_]*)|\$\{([A-Za-z_][A-Za-z0-9_]*)\}|%([A-Za-z_][A-Za-z0-9_]*)%)$/
      .exec(expansion)
      ?.slice(1)
      .find((name) => name !== undefined) ?? null
  );
}

export interface Scan {
  text: string;
  end: number;
}

export function unterminated(what: string): { ok: false; error: AppError } {
  return fail(
    'invalid_request',
    `The command has ${what} that is never closed.`,
    'Copy the whole command again: its end is probably missing.',
  );
}

export const NUL_REFUSED = fail(
  'invalid_request',
  'The command contains a NUL character, which a shell word cannot carry.',
  'Remove the \\0 (or \\x00, \\u0000) from the command.',
);

/** At most this many expansion names are kept for the note; a hostile text can hold millions. */
const MAX_EXPANSIONS = 50;

export function addExpansions(target: string[], names: readonly string[]): void {
  for (const name of names) {
    if (target.length >= MAX_EXPANSIONS) return;
    target.push(name);
  }
}

export function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
