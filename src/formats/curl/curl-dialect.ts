/**
 * Which shell a pasted text was written for, told from the text itself, and its commands read in
 * that dialect. Prompts pasted along with a command (`$ curl`, `% curl`, `C:\> curl`, and the `> `
 * a terminal shows before continued lines) are taken off first, so that the command is found.
 *
 * The dialects: bash (POSIX quoting) and cmd (cmd.exe, then the MS C runtime), with Chrome's two
 * (cmd) forms. Signs of cmd: Chrome's `curl ^"`; Chrome's older `curl "…"` whose quoted words still
 * hold `^`-escapes (`^\^"`, `^&`); `curl.exe`; lines continued with ` ^` and never ` \`; or, in a
 * text without a sign of bash (no `'…'`, no `$'…'`, no ` \` line ends), quotes doubled inside a
 * word (`"{""key"":""value""}"`), which only cmd reads as quotes. Everything else is bash.
 * Every test here is a bounded regular expression or one pass over the lines: linear in the text.
 */
import { ok, type Result } from '../../vocabulary/errors';
import { posixCommands } from './curl-shell-bash';
import { type ChromeCmdForm, cmdCommands } from './curl-shell-cmd';
import type { ShellCommand } from './curl-words';

export type Dialect = 'bash' | 'cmd';

export interface ShellText {
  commands: ShellCommand[];
  dialect: Dialect;
}

/** A prompt before `curl` (or before `NAME=$(curl`): `$ `, `% `, `> `, `C:\…>`, `PS C:\…>`. */
const PROMPT =
  /^([ \t]*)(?:[$%>][ \t]+|(?:PS )?[A-Za-z]:\\[^>\r\n]{0,200}>[ \t]*)(?=(?:[A-Za-z_][A-Za-z0-9_]*=(?:\$\(|`))?curl(?:\.exe)?(?:[ \t\r]|$))/;
/** What a terminal shows before a continued line: bash's `> `, cmd's `More? `. */
const CONTINUATION_PROMPT = /^[ \t]*(?:> ?|More\? )/;

/** The text without the prompts a terminal session pasted along with the command. */
export function withoutPrompts(src: string): string {
  const lines = src.split('\n');
  let prompted = false;
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k] as string;
    const previous = (k > 0 ? (lines[k - 1] as string) : '').trimEnd();
    if (PROMPT.test(line)) {
      lines[k] = line.replace(PROMPT, '$1');
      prompted = true;
    } else if (prompted && (previous.endsWith('\\') || previous.endsWith('^'))) {
      lines[k] = line.replace(CONTINUATION_PROMPT, '');
    } else {
      prompted = false;
    }
  }
  return lines.join('\n');
}

/** Chrome's (cmd) form since about Chrome 111: every argument is `^"…^"`. */
const CHROME_CMD = /^[ \t]*curl(?:\.exe)?[ \t]+\^"/im;
/** Chrome's older (cmd) form: `curl "…"`, inner quotes `^\^"` and other `^`-escapes in quotes. */
const CHROME_CMD_OUTER_QUOTES = /^[ \t]*curl[ \t]+"/m;
const ESCAPE_IN_QUOTES = /(?:^|[ \t])"[^"\r\n]*\^[^A-Za-z0-9\s_\-:=+~'/.,?;()*`][^"\r\n]*"/;
const BASH_SIGNS = /[ \t]\\\r?\n|\$'|(?:^|[ \t=])'/m;
const DOUBLED_QUOTES = /[^\s"]""[^\s"]/;

function chromeForm(src: string): ChromeCmdForm {
  if (CHROME_CMD.test(src)) return 'current';
  if (CHROME_CMD_OUTER_QUOTES.test(src) && (src.includes('^\\^"') || ESCAPE_IN_QUOTES.test(src))) {
    return 'outer-quotes';
  }
  return 'none';
}

function isCmdText(src: string, chrome: ChromeCmdForm): boolean {
  if (chrome !== 'none' || /^[ \t]*curl\.exe[ \t]/im.test(src)) return true;
  if (/[ \t]\^\r?\n/.test(src) && !/[ \t]\\\r?\n/.test(src)) return true;
  return !BASH_SIGNS.test(src) && DOUBLED_QUOTES.test(src);
}

/** The commands of the pasted text, read in the dialect it was written for. */
export function readShellText(src: string): Result<ShellText> {
  const chrome = chromeForm(src);
  if (!isCmdText(src, chrome)) {
    const commands = posixCommands(src);
    return commands.ok ? ok({ commands: commands.value, dialect: 'bash' }) : commands;
  }
  const commands = cmdCommands(src, chrome);
  return commands.ok ? ok({ commands: commands.value, dialect: 'cmd' }) : commands;
}
