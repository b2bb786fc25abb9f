/**
 * The POSIX/bash reader of the curl import: splits pasted text into simple commands and their
 * words as a shell would (`'…'`, `"…"`, `$'…'`, backslash-newline, `# comments`, `;` `&&` `|`,
 * redirections left out, here-documents refused). Linear in the input and never throws, since the
 * text is whatever a user pasted.
 */
import { fail, ok, type Result } from '../../vocabulary/errors';
import { scanAnsiC } from './curl-shell-ansi-c';
import { scanExpansion } from './curl-shell-expansion';
import { addExpansions, type Scan, type ShellCommand, unterminated, type Word } from './curl-words';

/** `"…"` from `src[i] === '"'`: backslash escapes only `$`, backtick, `"`, `\` and a line break. */
function scanDouble(src: string, i: number, expansions: string[]): Result<Scan> {
  let text = '';
  let j = i + 1;
  while (j < src.length) {
    const c = src.charAt(j);
    if (c === '"') return ok({ text, end: j + 1 });
    if (c === '\\') {
      const e = src.charAt(j + 1);
      if (e === '\n') j += 2;
      else if (e === '\r' && src.charAt(j + 2) === '\n') j += 3;
      else if (e !== '' && '$`"\\'.includes(e)) {
        text += e;
        j += 2;
      } else {
        text += c;
        j++;
      }
      continue;
    }
    if (c === '$' || c === '`') {
      const expansion = scanExpansion(src, j);
      if (!expansion.ok) return expansion;
      text += expansion.value.text;
      if (expansion.value.name !== null) addExpansions(expansions, [expansion.value.name]);
      j = expansion.value.end;
      continue;
    }
    text += c;
    j++;
  }
  return unterminated('a double quote (")');
}

/**
 * Where a backslash at `src[i]` continues the line: before a line break, or (copy slips that we
 * forgive, unlike a shell) before trailing spaces and a line break, or at the end of the text.
 * -1 when it does not.
 */
function continuationEnd(src: string, i: number): number {
  let k = i + 1;
  while (src.charAt(k) === ' ' || src.charAt(k) === '\t') k++;
  if (src.charAt(k) === '\r') k++;
  if (src.charAt(k) === '\n') return k + 1;
  return k === src.length ? k : -1; // a backslash that ends the text: the rest was not copied
}

const REDIRECTIONS = ['<<<', '<<-', '<<', '<>', '<&', '>>', '>|', '>&', '&>>', '&>', '<', '>'];

/**
 * The simple commands of a POSIX shell text, each as its words and the operator that ended it;
 * redirections are left out.
 */
export function posixCommands(src: string): Result<ShellCommand[]> {
  const commands: ShellCommand[] = [];
  let command: Word[] = [];
  let text = '';
  let started = false;
  let digitsOnly = true;
  let expansions: string[] = [];
  let redirectTarget = false;
  const endWord = () => {
    if (started && !redirectTarget) command.push({ text, expansions });
    if (started) redirectTarget = false;
    text = '';
    started = false;
    digitsOnly = true;
    expansions = [];
  };
  const endCommand = (end: string) => {
    const glued = started;
    endWord();
    if (command.length > 0) commands.push({ words: command, end, glued });
    command = [];
    redirectTarget = false;
  };
  const append = (part: string) => {
    text += part;
    started = true;
    digitsOnly = false;
  };

  let i = 0;
  while (i < src.length) {
    const c = src.charAt(i);
    if (c === ' ' || c === '\t' || c === '\r') {
      endWord();
      i++;
    } else if (c === '\n') {
      endCommand('\n');
      i++;
    } else if (c === '#' && !started) {
      const lineEnd = src.indexOf('\n', i);
      i = lineEnd < 0 ? src.length : lineEnd;
    } else if (c === '\\') {
      const continued = continuationEnd(src, i);
      if (continued > 0) i = continued;
      else {
        append(src.charAt(i + 1));
        i += 2;
      }
    } else if (c === "'") {
      const close = src.indexOf("'", i + 1);
      if (close < 0) return unterminated("a single quote (')");
      append(src.slice(i + 1, close));
      i = close + 1;
    } else if (c === '"') {
      const scan = scanDouble(src, i, expansions);
      if (!scan.ok) return scan;
      append(scan.value.text);
      i = scan.value.end;
    } else if (c === '$' && src.charAt(i + 1) === "'") {
      const scan = scanAnsiC(src, i);
      if (!scan.ok) return scan;
      append(scan.value.text);
      i = scan.value.end;
    } else if (c === '$' && src.charAt(i + 1) === '"') {
      i++; // $"…" (a translated string) reads as "…"
    } else if (c === '$' || c === '`') {
      const expansion = scanExpansion(src, i);
      if (!expansion.ok) return expansion;
      append(expansion.value.text);
      if (expansion.value.name !== null) addExpansions(expansions, [expansion.value.name]);
      i = expansion.value.end;
    } else if (c === '<' || c === '>' || (c === '&' && src.charAt(i + 1) === '>')) {
      if (started && digitsOnly && c !== '&') {
        started = false; // `2>`: the digits name a file descriptor, not a word
        text = '';
      }
      endWord();
      const operator = REDIRECTIONS.find((candidate) => src.startsWith(candidate, i)) ?? c;
      if (operator === '<<' || operator === '<<-') {
        return fail(
          'invalid_request',
          'The command uses a here-document (<<), which the import does not read.',
          "Put the body into the command instead, e.g. --data-raw '{…}'.",
        );
      }
      redirectTarget = true;
      i += operator.length;
    } else if (';&|()'.includes(c)) {
      const doubled = (c === '&' || c === '|') && src.charAt(i + 1) === c;
      endCommand(doubled ? c + c : c);
      i += doubled ? 2 : 1;
    } else {
      text += c;
      started = true;
      if (c < '0' || c > '9') digitsOnly = false;
      i++;
    }
  }
  endCommand('');
  return ok(commands);
}
