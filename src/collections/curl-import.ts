/**
 * "Import cURL": a pasted curl command becomes a request of the active profile. It reads what
 * Chrome's "Copy as cURL (bash)" and "Copy as cURL (cmd)" write, what our own "Copy as cURL"
 * writes (src/service/curl.ts), and what people type by hand.
 *
 * Invariant: no credential in the command reaches the result. Authorization and API-key headers,
 * `-u`, `--oauth2-bearer`, `user:password@` in the URL and cookies are dropped, and the notes name
 * what was dropped, never its value: the active profile authenticates every call.
 *
 * The text is read as a shell would: POSIX words (`'…'`, `"…"`, `$'…'`, backslash-newline,
 * `# comments`; `$VAR`, `${VAR}`, `$(…)` kept as text and reported) or, for Chrome's (cmd) flavour,
 * cmd.exe then the MS C runtime (`^` escapes, `^`-newline, `\"`). Never throws: malformed or hostile
 * text gives a typed error, and every step is linear in the input, which is capped at 1 MB.
 *
 * Try it by hand: DevTools > Network > right-click a /v1 call > Copy as cURL (bash), then paste.
 */
import { type AppError, fail, ok, type Result } from '../protocol/errors';
import { HTTP_METHODS, type HttpMethod, type NameValue } from '../protocol/messages';
import { checkUserHeader } from '../service/headers';
import { parseServiceUrl } from '../service/url-rules';
import { buildV1Request } from '../service/v1-request';
import type { SavedRequest } from './model';

export type ImportedRequest = Omit<SavedRequest, 'id' | 'name' | 'kind'>;

export interface CurlImport {
  request: ImportedRequest;
  /** What the import changed or could not carry over, in plain language; never a secret. */
  notes: string[];
}

export const MAX_CURL_INPUT = 1_000_000;
/** The limits of the message contract (src/protocol/messages.ts), checked here so a save never fails. */
const MAX_ROWS = 200;
const MAX_TEXT = 2_048;

// ---------------------------------------------------------------------------------------------
// Shell words

/** One shell word after quote removal, with the expansions it kept as text (`$VAR`, `$(…)`). */
interface Word {
  text: string;
  expansions: string[];
}

interface Scan {
  text: string;
  end: number;
}

function unterminated(what: string): { ok: false; error: AppError } {
  return fail(
    'invalid_request',
    `The command has ${what} that is never closed.`,
    'Copy the whole command again: its end is probably missing.',
  );
}

const NUL_REFUSED = fail(
  'invalid_request',
  'The command contains a NUL character, which a shell word cannot carry.',
  'Remove the \\0 (or \\x00, \\u0000) from the command.',
);

const UTF8_ENCODER = new TextEncoder();
const FATAL_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const LENIENT_UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** Bytes as UTF-8 text; `clean` is false when they were not valid UTF-8 (bad bytes became U+FFFD). */
function utf8(bytes: readonly number[]): { text: string; clean: boolean } {
  const array = Uint8Array.from(bytes);
  try {
    return { text: FATAL_UTF8.decode(array), clean: true };
  } catch {
    return { text: LENIENT_UTF8.decode(array), clean: false };
  }
}

function isHexCode(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
}

function leadingDigits(src: string, from: number, max: number, hex: boolean): string {
  let end = from;
  while (end - from < max) {
    const code = src.charCodeAt(end);
    if (!(hex ? isHexCode(code) : code >= 48 && code <= 55)) break;
    end++;
  }
  return src.slice(from, end);
}

const ANSI_C_SIMPLE = new Map([
  ['n', '\n'],
  ['t', '\t'],
  ['r', '\r'],
  ['a', '\u0007'],
  ['b', '\b'],
  ['e', '\u001b'],
  ['E', '\u001b'],
  ['f', '\f'],
  ['v', '\v'],
  ['\\', '\\'],
  ["'", "'"],
  ['"', '"'],
  ['?', '?'],
]);

/** `$'…'` (bash ANSI-C quoting) from `src[i] === '$'`. `\xHH` and octal escapes are bytes, as in bash. */
function scanAnsiC(src: string, i: number): Result<Scan> {
  let text = '';
  let bytes: number[] = [];
  const flush = () => {
    if (bytes.length > 0) text += utf8(bytes).text;
    bytes = [];
  };
  let j = i + 2;
  while (j < src.length) {
    const c = src.charAt(j);
    if (c === "'") {
      flush();
      return text.includes('\u0000') ? NUL_REFUSED : ok({ text, end: j + 1 });
    }
    if (c !== '\\') {
      flush();
      text += c;
      j++;
      continue;
    }
    const e = src.charAt(j + 1);
    const simple = ANSI_C_SIMPLE.get(e);
    if (e === '') break;
    if (simple !== undefined) {
      flush();
      text += simple;
      j += 2;
    } else if (e === 'x' || e === 'u' || e === 'U') {
      const digits = leadingDigits(src, j + 2, e === 'x' ? 2 : e === 'u' ? 4 : 8, true);
      const value = Number.parseInt(digits, 16);
      if (e === 'x' && digits !== '') bytes.push(value);
      else {
        flush();
        text +=
          digits === '' || value > 0x10ffff
            ? src.slice(j, j + 2 + digits.length)
            : String.fromCodePoint(value);
      }
      j += 2 + digits.length;
    } else if (e >= '0' && e <= '7') {
      const digits = leadingDigits(src, j + 1, 3, false);
      bytes.push(Number.parseInt(digits, 8) & 0xff);
      j += 1 + digits.length;
    } else if (e === 'c' && src.charAt(j + 2) !== '') {
      flush();
      text += String.fromCharCode(src.charCodeAt(j + 2) & 0x1f);
      j += 3;
    } else {
      flush();
      text += `\\${e}`;
      j += 2;
    }
  }
  return unterminated("a $'…' string");
}

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
function skipParens(src: string, i: number): number {
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

function skipBacktick(src: string, i: number): number {
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
function scanExpansion(src: string, i: number): Result<Expansion> {
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
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the shell's ${ is what this names
    return ok({ text, end: close + 1, name: text.length <= 40 ? text : '${…}' });
  }
  if (NAME_START.test(next)) {
    NAME_CHARS.lastIndex = i + 2;
    const end = i + 2 + (NAME_CHARS.exec(src)?.[0].length ?? 0);
    const text = src.slice(i, end);
    return ok({ text, end, name: text.length <= 40 ? text : '$…' });
  }
  if (next !== '' && '0123456789@*#?$!-'.includes(next)) {
    return ok({ text: `$${next}`, end: i + 2, name: `$${next}` });
  }
  return ok({ text: '$', end: i + 1, name: null });
}

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

/** The simple commands of a POSIX shell text, each as its words; redirections are left out. */
function posixCommands(src: string): Result<Word[][]> {
  const commands: Word[][] = [];
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
  const endCommand = () => {
    endWord();
    if (command.length > 0) commands.push(command);
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
      endCommand();
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
      endCommand();
      i++;
    } else {
      text += c;
      started = true;
      if (c < '0' || c > '9') digitsOnly = false;
      i++;
    }
  }
  endCommand();
  return ok(commands);
}

const PERCENT_VARIABLE = /%[A-Za-z_][A-Za-z0-9_]{0,63}%/y;

/**
 * The commands of a cmd.exe text (Chrome's "Copy as cURL (cmd)"). First as cmd.exe reads it: `^`
 * escapes the next character, `^` before a line break joins the next line and escapes its first
 * character (Chrome writes a line break in a body as `^`, break, break), `"` switches cmd quoting,
 * a line break or an unescaped, unquoted `&` or `|` ends a command. Then each command line is split into words as
 * the MS C runtime does for curl.exe: `"` quotes, `\"` is a quote, backslashes are literal
 * elsewhere. `%VAR%` is kept as text and reported.
 *
 * One exception, for text that Chrome wrote (it starts `curl ^"`): Chrome doubles every backslash,
 * also one that precedes no quote, where the C runtime keeps both; curl.exe would send two. Such a
 * run is halved, so that the import gets the request the browser sent.
 */
function cmdCommands(raw: string): Result<Word[][]> {
  const src = raw.replaceAll('\r\n', '\n');
  const fromChrome = CHROME_CMD.test(src);
  const commands: Word[][] = [];
  let line = '';
  let marks: { at: number; name: string }[] = [];
  let quoted = false;
  let redirected = false;
  const endLine = () => {
    if (!redirected) {
      const words = runtimeWords(line, marks, fromChrome);
      if (!words.ok) return words;
      if (words.value.length > 0) commands.push(words.value);
    }
    line = '';
    marks = [];
    quoted = false;
    redirected = false;
    return ok(undefined);
  };
  let i = 0;
  while (i < src.length) {
    const c = src.charAt(i);
    if (c === '^' && !quoted) {
      const continued = src.charAt(i + 1) === '\n';
      line += src.charAt(continued ? i + 2 : i + 1);
      i += continued ? 3 : 2;
      continue;
    }
    if (c === '%') {
      PERCENT_VARIABLE.lastIndex = i;
      const name = PERCENT_VARIABLE.exec(src)?.[0];
      // `%E2%` in `%E2%9C%93` is percent-encoding far more often than a variable named E2.
      if (name !== undefined && !/^%[0-9A-Fa-f]{2}%$/.test(name)) {
        marks.push({ at: line.length, name });
        line += name;
        i += name.length;
        continue;
      }
    }
    if (c === '"') quoted = !quoted;
    // cmd.exe reads line by line: a line break ends the command even inside quotes.
    if (c === '\n' || (!quoted && (c === '&' || c === '|' || c === '<' || c === '>'))) {
      // A redirection ends what curl receives; its target (and the rest of that line) is dropped.
      const toRedirect = c === '<' || c === '>';
      if (toRedirect) line = line.replace(/(^|[ \t])\d$/, '$1');
      const ended = endLine();
      if (!ended.ok) return ended;
      redirected = toRedirect;
      i++;
      continue;
    }
    line += c;
    i++;
  }
  const ended = endLine();
  return ended.ok ? ok(commands) : ended;
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

/**
 * Chrome's (cmd) flavour starts `curl ^"`; a hand-written one calls `curl.exe` or continues lines
 * with ` ^` (and never with ` \`).
 */
const CHROME_CMD = /^[ \t]*curl(?:\.exe)?[ \t]+\^"/im;

function isCmdText(src: string): boolean {
  if (CHROME_CMD.test(src) || /^[ \t]*curl\.exe[ \t]/im.test(src)) return true;
  return /[ \t]\^\r?\n/.test(src) && !/[ \t]\\\r?\n/.test(src);
}

function refuseOtherFormats(src: string): Result<void> {
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

const COMMAND_WRAPPERS = new Set(['time', 'command', 'exec', 'env', 'sudo', 'nohup', 'noglob']);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
const CURL_NAME = /(?:^|[/\\])curl(?:\.exe)?$/i;

/** The arguments of the one curl command in the text, and the names of the other commands. */
function curlArguments(commands: readonly Word[][]): Result<{ args: Word[]; others: string[] }> {
  const found: Word[][] = [];
  const others: string[] = [];
  for (const words of commands) {
    let k = 0;
    while (k < words.length) {
      const text = words[k]?.text ?? '';
      if (!ASSIGNMENT.test(text) && !COMMAND_WRAPPERS.has(text)) break;
      k++;
    }
    const name = words[k]?.text;
    if (name === undefined) continue;
    if (CURL_NAME.test(name)) found.push(words.slice(k + 1));
    else others.push(/^[\w./-]{1,40}$/.test(name) ? name : 'a command');
  }
  const [args] = found;
  if (args === undefined) {
    return fail(
      'invalid_request',
      'No curl command was found in the pasted text.',
      'Paste a command that starts with curl, such as DevTools "Copy as cURL" copies.',
    );
  }
  if (found.length > 1) {
    return fail(
      'invalid_request',
      `The pasted text holds ${found.length} curl commands.`,
      'Paste one command at a time.',
    );
  }
  return ok({ args, others });
}

// ---------------------------------------------------------------------------------------------
// curl options

type OptionKind =
  | 'method'
  | 'header'
  | 'data'
  | 'data-raw'
  | 'data-urlencode'
  | 'json'
  | 'url'
  | 'url-query'
  | 'get'
  | 'head'
  | 'globoff'
  | 'credentials'
  | 'cookie'
  | 'browser-header'
  | 'insecure'
  | 'location'
  | 'refuse'
  | 'quiet'
  | 'noted';

interface OptionSpec {
  kind: OptionKind;
  argument: boolean;
}

/** Long option names by what the import does with them; `true` when the option takes a value. */
const OPTION_TABLE: readonly [OptionKind, boolean, string][] = [
  ['method', true, 'request'],
  ['header', true, 'header'],
  ['data', true, 'data data-ascii data-binary'],
  ['data-raw', true, 'data-raw'],
  ['data-urlencode', true, 'data-urlencode'],
  ['json', true, 'json'],
  ['url', true, 'url'],
  ['url-query', true, 'url-query'],
  ['get', false, 'get'],
  ['head', false, 'head'],
  ['globoff', false, 'globoff'],
  ['credentials', true, 'user oauth2-bearer'],
  ['cookie', true, 'cookie'],
  ['browser-header', true, 'user-agent referer'],
  ['insecure', false, 'insecure'],
  ['location', false, 'location location-trusted'],
  ['refuse', true, 'form form-string upload-file config'],
  ['refuse', false, 'next'],
  [
    'quiet',
    false,
    'silent show-error include verbose compressed fail fail-with-body fail-early no-buffer ' +
      'progress-bar no-progress-meter http1.0 http1.1 http2 http2-prior-knowledge http3 ipv4 ipv6 ' +
      'tlsv1 tlsv1.0 tlsv1.1 tlsv1.2 tlsv1.3 no-keepalive tcp-nodelay tcp-fastopen basic digest ' +
      'ntlm negotiate anyauth path-as-is raw tr-encoding remote-name remote-header-name ' +
      'remote-time create-dirs parallel junk-session-cookies styled-output ssl-no-revoke disable ' +
      'netrc netrc-optional proxytunnel',
  ],
  [
    'quiet',
    true,
    'output write-out dump-header max-time connect-timeout retry retry-delay retry-max-time ' +
      'max-redirs limit-rate cookie-jar trace trace-ascii stderr output-dir speed-limit ' +
      'speed-time keepalive-time expect100-timeout',
  ],
  [
    'noted',
    true,
    'proxy proxy-user resolve connect-to cacert capath cert key cert-type key-type pass ' +
      'interface dns-servers aws-sigv4 request-target range time-cond continue-at variable ' +
      'noproxy socks5 socks5-hostname proxy-header preproxy unix-socket abstract-unix-socket ' +
      'quote telnet-option ftp-port',
  ],
];

const LONG_OPTIONS = new Map<string, OptionSpec>(
  OPTION_TABLE.flatMap(([kind, argument, names]) =>
    names.split(' ').map((name): [string, OptionSpec] => [name, { kind, argument }]),
  ),
);

/** Short options as `letter=long name`. */
const SHORT_OPTIONS = new Map<string, string>(
  (
    'X=request H=header d=data u=user b=cookie A=user-agent e=referer G=get I=head g=globoff ' +
    'k=insecure L=location F=form T=upload-file K=config s=silent S=show-error i=include ' +
    'v=verbose f=fail N=no-buffer #=progress-bar 0=http1.0 1=tlsv1 4=ipv4 6=ipv6 ' +
    'O=remote-name J=remote-header-name R=remote-time Z=parallel j=junk-session-cookies ' +
    'q=disable n=netrc p=proxytunnel o=output w=write-out D=dump-header m=max-time ' +
    'c=cookie-jar Y=speed-limit y=speed-time x=proxy U=proxy-user E=cert r=range z=time-cond ' +
    'C=continue-at :=next Q=quote t=telnet-option P=ftp-port'
  )
    .split(' ')
    .map((pair): [string, string] => [pair.charAt(0), pair.slice(2)]),
);

const REFUSALS = new Map<string, [string, string]>([
  [
    'form',
    [
      'Multipart form data (-F/--form) cannot be imported: calls from the panel send a JSON body.',
      "Send the data as JSON with --data-raw '{…}', or build the request by hand.",
    ],
  ],
  [
    'upload-file',
    [
      'The command uploads a file (-T/--upload-file), which the import cannot read.',
      "Put the file's content into the command with --data-raw '…'.",
    ],
  ],
  [
    'config',
    [
      'The command reads more options from a file (-K/--config), which the import cannot read.',
      'Put the options from that file into the command.',
    ],
  ],
  [
    'next',
    [
      'The command holds several requests (--next).',
      'Import one request at a time: split the command at --next.',
    ],
  ],
]);

interface DataPiece {
  text: string;
  /** --json pieces are joined without the `&` that separates the other data options. */
  json: boolean;
}

/** What the options say, before it becomes a request. */
interface Draft {
  method: string | null;
  head: boolean;
  get: boolean;
  globoff: boolean;
  json: boolean;
  urls: Word[];
  headers: Word[];
  data: DataPiece[];
  /** A data option read a file: the call has a body, which the import cannot know. */
  dataFromFile: boolean;
  urlQuery: string[];
  browserHeaders: string[];
  ignored: string[];
  unknown: string[];
  expansions: string[];
  notes: string[];
}

const DROPPED_FOR_PROFILE = 'recognised and dropped: the active profile authenticates calls.';

function lookUp(name: string): { spec: OptionSpec; negated: boolean } | null {
  const spec = LONG_OPTIONS.get(name);
  if (spec !== undefined) return { spec, negated: false };
  const negated = name.startsWith('no-') ? LONG_OPTIONS.get(name.slice(3)) : undefined;
  return negated !== undefined && !negated.argument ? { spec: negated, negated: true } : null;
}

function looksLikeUrl(text: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(text) || text.includes('/v1');
}

/** curl's --data-urlencode escaping: every byte but A-Z a-z 0-9 - . _ ~ as %XX. */
function curlEscape(text: string): string {
  let out = '';
  for (const byte of UTF8_ENCODER.encode(text)) {
    const unreserved =
      (byte >= 48 && byte <= 57) ||
      (byte >= 65 && byte <= 90) ||
      (byte >= 97 && byte <= 122) ||
      byte === 45 ||
      byte === 46 ||
      byte === 95 ||
      byte === 126;
    out += unreserved
      ? String.fromCharCode(byte)
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** `content`, `=content`, `name=content` as curl encodes them; null for `@file` and `name@file`. */
function urlencodeArgument(text: string): string | null {
  let split = 0;
  while (split < text.length && text.charAt(split) !== '=' && text.charAt(split) !== '@') split++;
  if (split === text.length) return curlEscape(text);
  if (text.charAt(split) === '@') return null;
  const name = text.slice(0, split);
  return `${name}${name === '' ? '' : '='}${curlEscape(text.slice(split + 1))}`;
}

function fileNote(draft: Draft, option: string, file: string): void {
  draft.dataFromFile = true;
  draft.notes.push(
    `The body was to come from the file "${shorten(file, 60)}" (${option}), which the import cannot read: paste its content into the body.`,
  );
}

function applyOption(
  draft: Draft,
  found: { spec: OptionSpec; negated: boolean },
  name: string,
  option: string,
  argument: Word | null,
): Result<void> {
  const text = argument?.text ?? '';
  const use = () => {
    if (argument !== null) addExpansions(draft.expansions, argument.expansions);
  };
  switch (found.spec.kind) {
    case 'method':
      use();
      draft.method = text;
      break;
    case 'header':
      if (argument !== null) draft.headers.push(argument);
      break;
    case 'data':
    case 'json':
      if (text.startsWith('@')) fileNote(draft, option, text.slice(1));
      else {
        use();
        draft.data.push({ text, json: found.spec.kind === 'json' });
      }
      if (found.spec.kind === 'json') draft.json = true;
      break;
    case 'data-raw':
      use();
      draft.data.push({ text, json: false });
      break;
    case 'data-urlencode': {
      const encoded = urlencodeArgument(text);
      if (encoded === null) fileNote(draft, option, text.slice(text.indexOf('@') + 1));
      else {
        use();
        draft.data.push({ text: encoded, json: false });
      }
      break;
    }
    case 'url':
      if (argument !== null) draft.urls.push(argument);
      break;
    case 'url-query': {
      const encoded = text.startsWith('+') ? text.slice(1) : urlencodeArgument(text);
      if (encoded === null) draft.ignored.push(option);
      else {
        use();
        draft.urlQuery.push(encoded);
      }
      break;
    }
    case 'get':
      draft.get = !found.negated;
      break;
    case 'head':
      draft.head = !found.negated;
      break;
    case 'globoff':
      draft.globoff = !found.negated;
      break;
    case 'credentials':
      draft.notes.push(`The credentials given with ${option} were ${DROPPED_FOR_PROFILE}`);
      break;
    case 'cookie':
      draft.notes.push('Cookies dropped: calls from the panel carry no cookies.');
      break;
    case 'browser-header':
      draft.browserHeaders.push(name);
      break;
    case 'insecure':
      if (!found.negated) {
        draft.notes.push(`${option} ignored: the browser always checks TLS certificates.`);
      }
      break;
    case 'location':
      if (!found.negated) {
        draft.notes.push(
          `${option} ignored: the panel reports a redirect instead of following it.`,
        );
      }
      break;
    case 'refuse': {
      const [message, hint] = REFUSALS.get(name === 'form-string' ? 'form' : name) ?? [
        'The command uses an option the import cannot read.',
        '',
      ];
      return fail('invalid_request', message, hint);
    }
    case 'quiet':
      break;
    case 'noted':
      draft.ignored.push(option);
      break;
  }
  return ok(undefined);
}

function missingValue(option: string): { ok: false; error: AppError } {
  return fail(
    'invalid_request',
    `The option ${option} at the end of the command has no value.`,
    'Copy the whole command again: its end is probably missing.',
  );
}

/** An unknown option as a note may show it: its name only, never text glued to it (`--x=secret`). */
function optionName(text: string): string {
  const name = /^--[A-Za-z0-9][A-Za-z0-9.-]{0,39}/.exec(text)?.[0] ?? '--';
  return name.length < text.length ? `${name}…` : name;
}

function readOptions(args: readonly Word[]): Result<Draft> {
  const draft: Draft = {
    method: null,
    head: false,
    get: false,
    globoff: false,
    json: false,
    urls: [],
    headers: [],
    data: [],
    dataFromFile: false,
    urlQuery: [],
    browserHeaders: [],
    ignored: [],
    unknown: [],
    expansions: [],
    notes: [],
  };
  for (let k = 0; k < args.length; k++) {
    const word = args[k];
    if (word === undefined) break;
    const text = word.text;
    if (text.startsWith('--') && text.length > 2) {
      const name = text.slice(2);
      const found = lookUp(name);
      if (found === null) {
        // An unknown option may take a value: a next word that is neither an option nor a URL is its.
        draft.unknown.push(optionName(text));
        const next = args[k + 1];
        if (next !== undefined && !next.text.startsWith('-') && !looksLikeUrl(next.text)) k++;
        continue;
      }
      let argument: Word | null = null;
      if (found.spec.argument) {
        argument = args[k + 1] ?? null;
        if (argument === null) return missingValue(text);
        k++;
      }
      const applied = applyOption(
        draft,
        found,
        found.negated ? name.slice(3) : name,
        text,
        argument,
      );
      if (!applied.ok) return applied;
    } else if (text.startsWith('-') && text.length > 1) {
      for (let p = 1; p < text.length; p++) {
        const letter = text.charAt(p);
        const name = SHORT_OPTIONS.get(letter);
        const spec = name === undefined ? undefined : LONG_OPTIONS.get(name);
        if (name === undefined || spec === undefined) {
          draft.unknown.push(`-${letter}`);
          continue;
        }
        let argument: Word | null = null;
        if (spec.argument) {
          const rest = text.slice(p + 1);
          argument =
            rest !== '' ? { text: rest, expansions: word.expansions } : (args[k + 1] ?? null);
          if (argument === null) return missingValue(`-${letter}`);
          if (rest === '') k++;
        }
        const applied = applyOption(draft, { spec, negated: false }, name, `-${letter}`, argument);
        if (!applied.ok) return applied;
        if (spec.argument) break;
      }
    } else {
      draft.urls.push(word);
    }
  }
  return ok(draft);
}

// ---------------------------------------------------------------------------------------------
// From options to a request

/** At most this many expansion names are kept for the note; a hostile text can hold millions. */
const MAX_EXPANSIONS = 50;

function addExpansions(target: string[], names: readonly string[]): void {
  for (const name of names) {
    if (target.length >= MAX_EXPANSIONS) return;
    target.push(name);
  }
}

/** Trims spaces and tabs (HTTP's optional whitespace), without a regex that could backtrack. */
function trimBlanks(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && (text.charAt(start) === ' ' || text.charAt(start) === '\t')) start++;
  while (end > start && (text.charAt(end - 1) === ' ' || text.charAt(end - 1) === '\t')) end--;
  return text.slice(start, end);
}

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Percent-decodes as UTF-8; `clean` is false for a stray `%` or bytes that are not UTF-8. */
function percentDecode(text: string, plusIsSpace: boolean): { text: string; clean: boolean } {
  const source = plusIsSpace ? text.replaceAll('+', ' ') : text;
  if (!source.includes('%')) return { text: source, clean: true };
  const bytes: number[] = [];
  const pushText = (part: string) => {
    if (part === '') return;
    for (const byte of UTF8_ENCODER.encode(part)) bytes.push(byte);
  };
  let clean = true;
  let run = 0;
  for (let i = source.indexOf('%'); i >= 0; i = source.indexOf('%', run)) {
    pushText(source.slice(run, i));
    if (isHexCode(source.charCodeAt(i + 1)) && isHexCode(source.charCodeAt(i + 2))) {
      bytes.push(Number.parseInt(source.slice(i + 1, i + 3), 16));
      run = i + 3;
    } else {
      clean = false;
      bytes.push(37);
      run = i + 1;
    }
  }
  pushText(source.slice(run));
  const decoded = utf8(bytes);
  return { text: decoded.text, clean: clean && decoded.clean };
}

interface Target {
  path: string;
  rawQuery: string;
}

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;
const BASE_PLACEHOLDER = /^(?:\$[A-Za-z_][A-Za-z0-9_]*|\$\{[^}]{1,64}\}|\{\{[^}]{1,64}\}\})/;

function hostOf(scheme: string, authority: string): { origin: string; host: string } {
  try {
    const url = new URL(`${scheme}${authority}/`);
    return { origin: url.origin, host: url.host };
  } catch {
    return { origin: `${scheme}${authority}`, host: authority };
  }
}

/**
 * The path after `/v1/` shown decoded (`my report`, not `my%20report`) when the URL parser encodes
 * the decoded text back to the same address; otherwise (`%2F`, `%25`, …) as it was written.
 */
function readablePath(raw: string, v1Prefix: string): string {
  if (!raw.includes('%')) return raw;
  const decoded = percentDecode(raw, false);
  if (!decoded.clean || (decoded.text.includes('{{') && !raw.includes('{{'))) return raw;
  try {
    const same = new URL(v1Prefix + decoded.text).pathname === new URL(v1Prefix + raw).pathname;
    return same ? decoded.text : raw;
  } catch {
    return raw;
  }
}

/** The path under `/v1/` and the raw query of the command's URL, on the profile's Base URL. */
function resolveTarget(word: Word, draft: Draft, base: URL): Result<Target> {
  const basePath = base.pathname.replace(/\/+$/, '');
  const baseLabel = `${base.origin}${basePath}`;
  // Without --globoff, curl reads `\[` `\]` `\{` `\}` as escaped glob characters (Chrome writes them).
  const text = draft.globoff ? word.text.trim() : word.text.trim().replace(/\\([[\]{}])/g, '$1');
  let rest = text;
  let where: { origin: string; host: string } | null = null;
  const placeholder = BASE_PLACEHOLDER.exec(text)?.[0];
  addExpansions(
    draft.expansions,
    word.expansions.filter((name) => name !== placeholder),
  );
  if (placeholder !== undefined) {
    rest = text.slice(placeholder.length);
    draft.notes.push(
      `The URL starts with ${shorten(placeholder, 40)}: the profile's Base URL (${baseLabel}) takes its place.`,
    );
  } else if (text.startsWith('/')) {
    draft.notes.push(`The URL has no host: the profile's Base URL (${baseLabel}) is used.`);
  } else {
    const absolute = SCHEME.test(text) ? text : `http://${text}`; // curl's default, too
    const scheme = SCHEME.exec(absolute)?.[0] ?? 'http://';
    let authorityEnd = scheme.length;
    while (authorityEnd < absolute.length && !'/?#'.includes(absolute.charAt(authorityEnd))) {
      authorityEnd++;
    }
    let authority = absolute.slice(scheme.length, authorityEnd);
    const at = authority.lastIndexOf('@');
    if (at >= 0) {
      authority = authority.slice(at + 1);
      draft.notes.push(`The user name and password in the URL were ${DROPPED_FOR_PROFILE}`);
    }
    where = hostOf(scheme, authority);
    rest = absolute.slice(authorityEnd);
  }

  const hash = rest.indexOf('#');
  if (hash >= 0) {
    rest = rest.slice(0, hash);
    draft.notes.push('The #fragment of the URL was dropped: it is never sent to a server.');
  }
  const question = rest.indexOf('?');
  const rawPath = question < 0 ? rest : rest.slice(0, question);
  const rawQuery = question < 0 ? '' : rest.slice(question + 1);
  let v1 = rawPath.indexOf('/v1/');
  if (v1 < 0 && rawPath.endsWith('/v1')) v1 = rawPath.length - 3;
  if (v1 < 0) {
    // Whatever looks like user:password@ (even after a mistyped scheme) is never quoted.
    const shown = shorten(`${where?.origin ?? ''}${rawPath}`.replace(/[^/@\s]*@/g, '••••@'), 80);
    return fail(
      'path_outside_v1',
      `The URL ${shown === '' ? '(empty)' : shown} is not under /v1/.`,
      `Import a call to the service's /v1 API, e.g. ${baseLabel}/v1/orders.`,
    );
  }
  const before = rawPath.slice(0, v1);
  if (where !== null && where.origin !== base.origin) {
    draft.notes.push(
      where.host.toLowerCase() === base.host
        ? `The address ${shorten(`${where.origin}${before}`, 80)} was replaced by the profile's Base URL (${baseLabel}).`
        : `The host ${shorten(where.host, 80)} was replaced by the profile's Base URL (${baseLabel}).`,
    );
  } else if (where !== null && before !== basePath) {
    draft.notes.push(
      `The address ${shorten(`${where.origin}${before}`, 80)} was replaced by the profile's Base URL (${baseLabel}).`,
    );
  }
  const path = readablePath(rawPath.slice(v1 + 4), `${baseLabel}/v1/`);
  return ok({ path, rawQuery });
}

function queryRows(parts: readonly string[], notes: string[]): NameValue[] {
  const rows: NameValue[] = [];
  let plus = false;
  let clean = true;
  for (const part of parts) {
    for (const pair of part.split('&')) {
      if (pair === '') continue;
      if (rows.length > MAX_ROWS) return rows;
      const equals = pair.indexOf('=');
      const name = percentDecode(equals < 0 ? pair : pair.slice(0, equals), true);
      const value = percentDecode(equals < 0 ? '' : pair.slice(equals + 1), true);
      plus ||= pair.includes('+');
      clean &&= name.clean && value.clean;
      rows.push({ name: name.text, value: value.text });
    }
  }
  if (plus) notes.push('A + in the query was read as a space, as HTML forms write it.');
  if (!clean) {
    notes.push(
      'The query has a % that starts no valid escape, or escapes that are not UTF-8: check its values.',
    );
  }
  return rows;
}

function chooseMethod(draft: Draft): Result<HttpMethod> {
  const hasData = draft.data.length > 0 || draft.dataFromFile;
  const wanted =
    draft.method?.trim().toUpperCase() ??
    (draft.head ? 'HEAD' : hasData && !draft.get ? 'POST' : 'GET');
  const method = HTTP_METHODS.find((known) => known === wanted);
  if (method === undefined) {
    return fail(
      'invalid_request',
      `The method ${JSON.stringify(shorten(wanted, 20))} is not one the panel can send.`,
      `Use one of ${HTTP_METHODS.join(', ')}.`,
    );
  }
  return ok(method);
}

/** curl joins data options with `&`, but appends --json data as it is. */
function joinData(pieces: readonly DataPiece[]): string {
  const parts: string[] = [];
  for (const [index, piece] of pieces.entries()) {
    parts.push(index > 0 && !piece.json ? `&${piece.text}` : piece.text);
  }
  return parts.join('');
}

/** Headers whose value is a credential: never stored, whatever the scheme. */
const CREDENTIAL_HEADERS = new Map([
  ['authorization', 'Authorization'],
  ['proxy-authorization', 'Proxy-Authorization'],
  ['x-apikey', 'x-apikey'],
  ['x-api-key', 'x-api-key'],
  ['apikey', 'apikey'],
  ['api-key', 'api-key'],
  ['x-auth-token', 'x-auth-token'],
  ['x-access-token', 'x-access-token'],
]);

/** What a browser adds to every request: meaningless (or forbidden) in a call from the panel. */
const BROWSER_HEADERS = new Set([
  'authority',
  'user-agent',
  'accept-language',
  'accept-encoding',
  'origin',
  'referer',
  'priority',
  'dnt',
  'pragma',
  'cache-control',
  'upgrade-insecure-requests',
  'sec-gpc',
  'connection',
  'host',
  'content-length',
  'te',
  'keep-alive',
  'purpose',
  'sec-purpose',
  'x-client-data',
]);

function isBrowserHeader(lower: string): boolean {
  return (
    BROWSER_HEADERS.has(lower) || lower.startsWith('sec-ch-') || lower.startsWith('sec-fetch-')
  );
}

/** `-H` lines as curl reads them: `Name: value`, `Name;` (empty value); `Name:` removes a header. */
function splitHeader(line: string): NameValue | 'removal' | null {
  const colon = line.indexOf(':');
  if (colon > 0) {
    const value = trimBlanks(line.slice(colon + 1));
    return value === '' ? 'removal' : { name: line.slice(0, colon).trim(), value };
  }
  const trimmed = trimBlanks(line);
  if (colon < 0 && trimmed.length > 1 && trimmed.endsWith(';')) {
    return { name: trimmed.slice(0, -1).trim(), value: '' };
  }
  return null;
}

function keptHeaders(draft: Draft): NameValue[] {
  const kept: NameValue[] = [];
  for (const word of draft.headers) {
    if (word.text.startsWith('@')) {
      draft.notes.push(
        'Headers read from a file (-H @file) were not imported: the import cannot read files.',
      );
      continue;
    }
    const header = splitHeader(word.text);
    if (header === 'removal') continue; // `-H 'Accept:'` stops curl sending its own: nothing to keep
    if (header === null) {
      draft.notes.push('A -H value that is not "Name: value" was ignored.');
      continue;
    }
    const lower = header.name.toLowerCase();
    // Quotes and carets left by a half-understood paste (cmd quoting read as bash, or the reverse)
    // must not hide a credential header behind an odd-looking name.
    const credential = CREDENTIAL_HEADERS.get(lower.replace(/[\^'"`]/g, ''));
    if (credential !== undefined) {
      draft.notes.push(`${credential} header ${DROPPED_FOR_PROFILE}`);
    } else if (lower === 'cookie') {
      draft.notes.push('Cookies dropped: calls from the panel carry no cookies.');
    } else if (lower === 'companyid') {
      draft.notes.push('companyId header dropped: the active profile sends its own Company ID.');
    } else if (lower === 'content-type') {
      if (header.value.split(';')[0]?.trim().toLowerCase() !== 'application/json') {
        draft.notes.push(
          `Content-Type ${shorten(header.value, 60)} dropped: calls always send Content-Type: application/json.`,
        );
      }
    } else if (isBrowserHeader(lower)) {
      draft.browserHeaders.push(lower);
    } else {
      const checked = checkUserHeader(header);
      if (!checked.ok) {
        draft.notes.push(`${checked.error.message} That header was not imported.`);
      } else if (kept.length <= MAX_ROWS) {
        addExpansions(draft.expansions, word.expansions);
        kept.push(checked.value);
      }
    }
  }
  if (draft.json && !kept.some(({ name }) => name.toLowerCase() === 'accept')) {
    kept.push({ name: 'Accept', value: 'application/json' }); // what --json adds
  }
  return kept;
}

function tooLong(what: string): { ok: false; error: AppError } {
  return fail(
    'invalid_request',
    `${what} is longer than ${MAX_TEXT.toLocaleString('en')} characters.`,
    'Shorten it in the command, or import without it and add it by hand.',
  );
}

function checkLimits(request: ImportedRequest): Result<void> {
  if (request.query.length > MAX_ROWS || request.headers.length > MAX_ROWS) {
    return fail(
      'invalid_request',
      `The command has more than ${MAX_ROWS} ${request.query.length > MAX_ROWS ? 'query parameters' : 'headers'}.`,
      'A saved request holds at most 200 of each: remove some from the command.',
    );
  }
  if (request.path.length > MAX_TEXT) return tooLong('The path');
  for (const { name, value } of request.query) {
    if (name.length > MAX_TEXT || value.length > MAX_TEXT) {
      return tooLong(`The query parameter ${shorten(name, 40)}`);
    }
  }
  for (const { name, value } of request.headers) {
    if (name.length > MAX_TEXT || value.length > MAX_TEXT)
      return tooLong(`The header ${shorten(name, 40)}`);
  }
  return ok(undefined);
}

function listNote(label: string, items: readonly string[]): string[] {
  const unique = [...new Set(items)];
  if (unique.length === 0) return [];
  const shown = unique.slice(0, 12).join(', ');
  return [`${label}: ${shown}${unique.length > 12 ? `, and ${unique.length - 12} more` : ''}.`];
}

function assemble(draft: Draft, base: URL, others: readonly string[]): Result<CurlImport> {
  const [url, ...moreUrls] = draft.urls;
  if (url === undefined) {
    return fail(
      'invalid_request',
      'The command has no URL.',
      'Paste the whole command: it needs the address of the call, e.g. https://api.example.com/v1/orders.',
    );
  }
  if (moreUrls.length > 0) {
    return fail(
      'invalid_request',
      `The command has ${draft.urls.length} URLs; a request has one.`,
      'Remove the other URLs, or import them one at a time.',
    );
  }
  const target = resolveTarget(url, draft, base);
  if (!target.ok) return target;
  const method = chooseMethod(draft);
  if (!method.ok) return method;

  let body = joinData(draft.data);
  let queryParts = [target.value.rawQuery];
  if (draft.get) {
    queryParts.push(body); // -G: the data goes into the query
    body = '';
  }
  queryParts = queryParts.concat(draft.urlQuery);
  const query = queryRows(queryParts, draft.notes);
  if ((method.value === 'GET' || method.value === 'HEAD') && body.trim() !== '') {
    draft.notes.push(
      `curl would send the data as the body of a ${method.value} request, which the panel refuses: choose POST, PUT or PATCH, add -G to send it as the query, or clear the body.`,
    );
  }
  const headers = keptHeaders(draft);
  const request: ImportedRequest = {
    method: method.value,
    path: target.value.path,
    query,
    headers,
    body,
  };
  const limits = checkLimits(request);
  if (!limits.ok) return limits;
  // The same path rule as sending: no `..` (plain or encoded) may leave /v1/.
  const check = buildV1Request(
    { baseUrl: base.href, companyId: 'import-check' },
    { kind: 'apiKey', apiKey: 'import-check' },
    { method: 'POST', path: request.path, query: [], headers: [], body: '' },
  );
  if (!check.ok) return check;

  const expansions = [...new Set(draft.expansions)];
  const notes = [
    ...draft.notes,
    ...listNote('Browser headers dropped', draft.browserHeaders),
    ...listNote(
      'Options ignored, as they do not change the request the panel sends',
      draft.ignored,
    ),
    ...listNote('Options the import does not know were ignored', draft.unknown),
    ...listNote('Other shell commands in the text were ignored', others),
    ...(expansions.length === 0
      ? []
      : [
          `The command uses shell variables or commands the import cannot know (${expansions.slice(0, 12).join(', ')}): they were kept as text; replace them with values or {{variables}}.`,
        ]),
  ];
  return ok({ request, notes: [...new Set(notes)] });
}

function importCommand(command: string, baseUrl: string): Result<CurlImport> {
  if (command.length > MAX_CURL_INPUT) {
    return fail(
      'invalid_request',
      'The pasted text is larger than 1 MB.',
      'Import the command with a shorter body, then paste the body into the request.',
    );
  }
  if (command.trim() === '') {
    return fail('invalid_request', 'There is no command to import.', 'Paste a curl command.');
  }
  if (command.includes('\u0000')) return NUL_REFUSED;
  const base = parseServiceUrl(baseUrl, "The active profile's Base URL");
  if (!base.ok) return base;
  const format = refuseOtherFormats(command);
  if (!format.ok) return format;
  const commands = isCmdText(command) ? cmdCommands(command) : posixCommands(command);
  if (!commands.ok) return commands;
  const found = curlArguments(commands.value);
  if (!found.ok) return found;
  const draft = readOptions(found.value.args);
  if (!draft.ok) return draft;
  return assemble(draft.value, base.value, found.value.others);
}

/**
 * The request a pasted curl command makes, on the active profile (`context.baseUrl`), and notes on
 * what was dropped or could not be carried over. Credentials in the command are never kept.
 */
export function importCurl(command: string, context: { baseUrl: string }): Result<CurlImport> {
  try {
    return importCommand(command, context.baseUrl);
  } catch (error) {
    // A safety net, not a path: the tests feed random text and require that it is never taken.
    return fail(
      'internal',
      `The import failed unexpectedly (${error instanceof Error ? error.name : 'unknown error'}).`,
      'Build the request by hand, and report the command (without its secrets).',
    );
  }
}
