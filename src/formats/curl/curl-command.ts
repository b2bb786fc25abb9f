/**
 * Finds the one curl command in the pasted text, after the shell reader has split it into
 * commands: skips assignments and wrappers (`env`, `sudo`, `time`), names the other commands for
 * the notes, and refuses what is not curl at all (Copy as PowerShell, Copy as fetch) with a hint.
 * A command inside `TOKEN=$(curl …)` is found when there is none outside. A URL that an unquoted
 * `&` would cut is taken whole (see rejoinAtAmpersand for why), with a note.
 */

import { findSecretInRow } from '../../redaction/secret-patterns';
import { fail, ok, type Result } from '../../vocabulary/errors';
import { skipBacktick, skipParens } from './curl-shell-expansion';
import type { ShellCommand, Word } from './curl-words';

export function refuseOtherFormats(src: string): Result<void> {
  if (/^[ \t]*(?:Invoke-WebRequest|Invoke-RestMethod|\$session[ \t]*=)/im.test(src)) {
    return fail(
      'invalid_request',
      'This is a PowerShell command (Copy as PowerShell), not a curl command.',
      'In DevTools use Copy as cURL (bash) or Copy as cURL (cmd), then paste again.',
    );
  }
  if (/^[ \t]*(?:await[ \t]+)?fetch\(/m.test(src)) {
    return fail(
      'invalid_request',
      'This is a fetch() call (Copy as fetch), not a curl command.',
      'In DevTools use Copy as cURL (bash) or Copy as cURL (cmd), then paste again.',
    );
  }
  return ok(undefined);
}

export interface FoundCurl {
  args: Word[];
  others: string[];
  /** What the shell text did to the command: a URL cut at `&`, a command substitution. */
  notes: string[];
}

/** Reads the text of a command substitution into commands (the bash reader). */
export type Reread = (text: string) => Result<ShellCommand[]>;

const COMMAND_WRAPPERS = new Set(['time', 'command', 'exec', 'env', 'sudo', 'nohup', 'noglob']);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
const CURL_NAME = /(?:^|[/\\])curl(?:\.exe)?$/i;

const NO_CURL = fail(
  'invalid_request',
  'No curl command was found in the pasted text.',
  'Paste a command that starts with curl, such as DevTools "Copy as cURL" copies.',
);

/** An option as a note may show it: its name, never a value glued to it (`-uuser:secret`). */
function optionName(text: string): string {
  if (!text.startsWith('--')) return `-${text.charAt(1)}${text.length > 2 ? '…' : ''}`;
  const name = /^--[A-Za-z0-9][A-Za-z0-9.-]{0,39}/.exec(text)?.[0] ?? '--';
  return name.length < text.length ? `${name}…` : name;
}

function shownPair(text: string): string {
  const equals = text.indexOf('=');
  const name = equals < 0 ? text : text.slice(0, equals);
  const value = equals < 0 ? '' : text.slice(equals + 1);
  const shown = name.length > 40 ? `${name.slice(0, 40)}…` : name;
  if (equals < 0) return shown;
  return findSecretInRow(name, value, []) === null && value.length <= 60
    ? `${shown}=${value}`
    : `${shown}=…`;
}

/**
 * `curl https://…?a=1&b=2 -H …`, as API docs print it: a shell would run `curl https://…?a=1` in
 * the background and `b=2 -H …` as another command. The import takes the whole URL and the
 * options after it instead, as the writer meant them, and says so: a user who pastes a documented
 * call wants that call, and a refusal would only send them to add the quotes we can add for them.
 * The note names the query parameters taken back (a secret-looking value never shown) and the
 * options (by name only), and says to quote the URL before running the command in a shell.
 */
function rejoinAtAmpersand(commands: readonly ShellCommand[], index: number, args: Word[]) {
  const command = commands[index];
  const last = args.at(-1);
  if (command?.end !== '&' || !command.glued || last === undefined || !last.text.includes('?')) {
    return null;
  }
  const pairs: Word[] = [];
  const options: Word[] = [];
  const taken = new Set<number>();
  for (let k = index + 1; k < commands.length; k++) {
    const { words, end, glued } = commands[k] as ShellCommand;
    const [first, ...rest] = words;
    if (first === undefined || first.text.startsWith('-')) break;
    taken.add(k);
    pairs.push(first);
    options.push(...rest);
    if (end !== '&' || !glued || rest.length > 0) break;
  }
  if (pairs.length === 0) return null;
  const url: Word = {
    text: [last.text, ...pairs.map(({ text }) => text)].join('&'),
    expansions: [last.expansions, ...pairs.map(({ expansions }) => expansions)].flat(),
  };
  const names = options
    .filter(({ text }) => text.startsWith('-'))
    .map(({ text }) => optionName(text));
  const after = names.length === 0 ? '' : ` and the options after it (${names.join(', ')})`;
  const note = `The URL has an unquoted &, where a shell would cut the command: the import took the whole URL (${pairs.map(({ text }) => shownPair(text)).join('&')} included)${after}. Put the URL in quotes before running the command in a shell.`;
  return { args: [...args.slice(0, -1), url, ...options], note, taken };
}

/** The first `$(curl …)` or `` `curl …` `` in the words, as text to read again, and how to name it. */
function substitution(commands: readonly ShellCommand[]) {
  for (const { words } of commands) {
    for (const { text } of words) {
      const at = text.search(/\$\([ \t]*curl(?:\.exe)?[ \t]|`[ \t]*curl(?:\.exe)?[ \t]/);
      if (at < 0) continue;
      const paren = text.charAt(at) === '$';
      const end = paren ? skipParens(text, at) : skipBacktick(text, at);
      if (end < 0) continue;
      const inner = paren
        ? text.slice(at + 2, end - 1)
        : text.slice(at + 1, end - 1).replace(/\\([$`\\])/g, '$1');
      const variable = /^([A-Za-z_][A-Za-z0-9_]*)=$/.exec(text.slice(0, at))?.[1];
      const shape = paren ? '$(…)' : '`…`';
      const note =
        variable === undefined
          ? `The curl command was read from inside ${shape}.`
          : `The curl command was read from inside ${variable}=${shape}, where the shell would keep its answer in ${variable}.`;
      return { inner, note };
    }
  }
  return null;
}

/**
 * The arguments of the one curl command in the text, the names of the other commands, and notes.
 * `reread`, when given, lets a command substitution be searched when no command is outside one.
 */
export function curlArguments(
  commands: readonly ShellCommand[],
  reread?: Reread,
): Result<FoundCurl> {
  const found: { args: Word[]; index: number }[] = [];
  const names: { name: string; index: number }[] = [];
  for (const [index, { words }] of commands.entries()) {
    let k = 0;
    while (k < words.length) {
      const text = words[k]?.text ?? '';
      if (!ASSIGNMENT.test(text) && !COMMAND_WRAPPERS.has(text)) break;
      k++;
    }
    const name = words[k]?.text;
    if (name === undefined) continue;
    if (CURL_NAME.test(name)) found.push({ args: words.slice(k + 1), index });
    else names.push({ name: /^[\w./-]{1,40}$/.test(name) ? name : 'a command', index });
  }
  const [first] = found;
  if (first === undefined) {
    const inside = reread === undefined ? null : substitution(commands);
    if (inside === null || reread === undefined) return NO_CURL;
    const again = reread(inside.inner);
    if (!again.ok) return again;
    const result = curlArguments(again.value);
    if (!result.ok) return result;
    const others = [...names.map(({ name }) => name), ...result.value.others];
    return ok({ ...result.value, others, notes: [inside.note, ...result.value.notes] });
  }
  if (found.length > 1) {
    return fail(
      'invalid_request',
      `The pasted text holds ${found.length} curl commands.`,
      'Paste one command at a time.',
    );
  }
  const whole = rejoinAtAmpersand(commands, first.index, first.args);
  const others = names.filter(({ index }) => !whole?.taken.has(index)).map(({ name }) => name);
  return ok({
    args: whole?.args ?? first.args,
    others,
    notes: whole === null ? [] : [whole.note],
  });
}
