/**
 * The cmd.exe reader of the curl import, for Chrome's "Copy as cURL (cmd)" and hand-written
 * `curl.exe` lines: cmd.exe's `^` escapes and line joins first, then the MS C runtime's word
 * splitting. Separate from the bash reader because the two quote in incompatible ways;
 * curl-dialect.ts decides which one a pasted text gets.
 */
import { ok, type Result } from '../../vocabulary/errors';
import { addExpansions, type ShellCommand, unterminated, type Word } from './curl-words';

const PERCENT_VARIABLE = /%[A-Za-z_][A-Za-z0-9_]{0,63}%/y;

/** How Chrome wrote a (cmd) text, when it did: the reading undoes exactly its quoting. */
export type ChromeCmdForm = 'none' | 'current' | 'outer-quotes';

/**
 * The commands of a cmd.exe text (Chrome's "Copy as cURL (cmd)"). First as cmd.exe reads it: `^`
 * escapes the next character, `^` before a line break joins the next line and escapes its first
 * character (Chrome writes a line break in a body as `^`, break, break), `"` switches cmd quoting,
 * a line break or an unescaped, unquoted `&` or `|` ends a command. Then each command line is split
 * into words as the MS C runtime does for curl.exe: `"` quotes, `\"` is a quote, backslashes are
 * literal elsewhere. `%VAR%` becomes `{{VAR}}` (the panel's variables) and is reported.
 *
 * Chrome's forms: since about Chrome 111 every argument is `^"…^"`, so cmd quoting never switches
 * on and every `^` escapes ('current'). Up to then it wrote `"…"` with the inner characters still
 * `^`-escaped (a quote as `^\^"`, `&` as `^&`): it meant those carets to escape even inside the
 * quotes, which is how that form is read ('outer-quotes'). Chrome doubles every backslash, also
 * one that precedes no quote, where the C runtime keeps both; curl.exe would send two. In either
 * form such a run is halved, so that the import gets the request the browser sent.
 */
export function cmdCommands(raw: string, chrome: ChromeCmdForm): Result<ShellCommand[]> {
  const src = raw.replaceAll('\r\n', '\n');
  const caretsInQuotes = chrome === 'outer-quotes';
  const commands: ShellCommand[] = [];
  let line = '';
  let marks: { at: number; name: string }[] = [];
  let quoted = false;
  // In the outer-quotes form, whether the C runtime will read the text as quoted: Chrome's `^"`
  // around an argument that holds a line break, told from the `^\^"` of a quote inside by the
  // backslashes before it.
  let runtimeQuoted = false;
  let redirected = false;
  const endLine = (end: string) => {
    if (!redirected) {
      const words = runtimeWords(line, marks, chrome !== 'none');
      if (!words.ok) return words;
      const glued = line !== '' && !' \t'.includes(line.charAt(line.length - 1));
      if (words.value.length > 0) commands.push({ words: words.value, end, glued });
    }
    line = '';
    marks = [];
    quoted = false;
    runtimeQuoted = false;
    redirected = false;
    return ok(undefined);
  };
  let i = 0;
  while (i < src.length) {
    const c = src.charAt(i);
    const active = !quoted || caretsInQuotes;
    if (c === '^' && active) {
      const continued = src.charAt(i + 1) === '\n';
      const escaped = src.charAt(continued ? i + 2 : i + 1);
      if (caretsInQuotes && escaped === '"' && trailingBackslashes(line) % 2 === 0) {
        runtimeQuoted = !runtimeQuoted;
      }
      line += escaped;
      i += continued ? 3 : 2;
      continue;
    }
    if (c === '%') {
      PERCENT_VARIABLE.lastIndex = i;
      const name = PERCENT_VARIABLE.exec(src)?.[0];
      // `%E2%` in `%E2%9C%93` is percent-encoding far more often than a variable named E2.
      if (name !== undefined && !/^%[0-9A-Fa-f]{2}%$/.test(name)) {
        marks.push({ at: line.length, name });
        line += `{{${name.slice(1, -1)}}}`;
        i += name.length;
        continue;
      }
    }
    if (c === '"') quoted = !quoted;
    // Chrome 85 to 110 left `&` unescaped inside its quotes, meaning it as text: in that form
    // an operator inside quotes (plain or `^"`) is text, and only a caret escapes there.
    const operative = caretsInQuotes ? !quoted && !runtimeQuoted : active;
    // cmd.exe reads line by line: a line break ends the command even inside quotes.
    if (c === '\n' || (operative && (c === '&' || c === '|' || c === '<' || c === '>'))) {
      // A redirection ends what curl receives; its target (and the rest of that line) is dropped.
      const toRedirect = c === '<' || c === '>';
      if (toRedirect) line = line.replace(/(^|[ \t])\d$/, '$1');
      const doubled = (c === '&' || c === '|') && src.charAt(i + 1) === c;
      const ended = endLine(doubled ? c + c : c);
      if (!ended.ok) return ended;
      redirected = toRedirect;
      i += doubled ? 2 : 1;
      continue;
    }
    line += c;
    i++;
  }
  const ended = endLine('');
  return ended.ok ? ok(commands) : ended;
}

/** How many backslashes end the text: each is looked at once, as a quote ends every run. */
function trailingBackslashes(text: string): number {
  let k = text.length;
  while (k > 0 && text.charAt(k - 1) === '\\') k--;
  return text.length - k;
}

function runtimeWords(
  line: string,
  marks: readonly { at: number; name: string }[],
  halveBackslashes: boolean,
): Result<Word[]> {
  const words: Word[] = [];
  let mark = 0;
  let i = 0;
  for (;;) {
    while (i < line.length && ' \t\n'.includes(line.charAt(i))) i++;
    if (i >= line.length) return ok(words);
    let text = '';
    let quoted = false;
    const expansions: string[] = [];
    while (i < line.length) {
      while (mark < marks.length && (marks[mark]?.at ?? 0) < i) mark++;
      const marked = marks[mark];
      if (marked?.at === i) addExpansions(expansions, [marked.name]);
      const c = line.charAt(i);
      if (!quoted && ' \t\n'.includes(c)) break;
      if (c === '\\') {
        let k = i;
        while (line.charAt(k) === '\\') k++;
        if (line.charAt(k) === '"') {
          text += '\\'.repeat((k - i) >> 1);
          if ((k - i) % 2 === 1) {
            text += '"';
            k++;
          }
        } else {
          const run = k - i;
          text += '\\'.repeat(halveBackslashes && run % 2 === 0 ? run / 2 : run);
        }
        i = k;
      } else if (c === '"') {
        if (quoted && line.charAt(i + 1) === '"') {
          text += '"';
          i += 2;
        } else {
          quoted = !quoted;
          i++;
        }
      } else {
        text += c;
        i++;
      }
    }
    if (quoted) return unterminated('a double quote (")');
    words.push({ text, expansions });
  }
}
