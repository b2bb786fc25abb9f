/**
 * Test support for the curl import tests (never bundled): the helpers that turn a pasted command
 * into its import or its refusal, and Chrome's "Copy as cURL" quoting rules rewritten from
 * DevTools' NetworkLogView (bash, cmd, and cmd as Chrome wrote it up to about version 110), so that
 * each module's tests can generate what Chrome writes for any request.
 */
import type { AppError } from '../vocabulary/errors';
import type { NameValue } from '../vocabulary/terms';
import { type CurlImport, importCurl } from './curl-import';

export const BASE = 'https://api.example.com';
export const AUTH_DROPPED = 'recognised and dropped: the active profile authenticates calls';

export function imported(command: string, baseUrl = BASE): CurlImport {
  const result = importCurl(command, { baseUrl });
  if (!result.ok) {
    throw new Error(`expected an import, got ${result.error.code}: ${result.error.message}`);
  }
  return result.value;
}

export function refused(command: string, baseUrl = BASE): AppError {
  const result = importCurl(command, { baseUrl });
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result.value)}`);
  return result.error;
}

export function rows(...pairs: [string, string][]): NameValue[] {
  return pairs.map(([name, value]) => ({ name, value }));
}

export const URL_V1 = `${BASE}/v1/orders`;

// -------------------------------------------------------------------------------------------
// Chrome's "Copy as cURL", quoting rules rewritten from DevTools' NetworkLogView (bash and cmd)

export type ChromeRequest = {
  url: string;
  method: string;
  headers: [string, string][];
  body?: string;
};

function chromeQuoteBash(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: Chrome escapes exactly these
  const special = /[\u0000-\u001f\u007f-\u009f!]/g;
  if (!special.test(text) && !text.includes("'")) return `'${text}'`;
  const escaped = text
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(special, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `$'${escaped}'`;
}

function chromeQuoteCmd(text: string): string {
  const escaped = text
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/[^a-zA-Z0-9\s_\-:=+~'/.',?;()*`]/g, '^$&')
    .replace(/%(?=[a-zA-Z0-9_])/g, '%^')
    .replace(/[^ -~\r\n]/g, ' ')
    .replace(/\r?\n|\r/g, '^\n\n');
  return `^"${escaped}^"`;
}

/**
 * Chrome's (cmd) quoting up to about Chrome 110: `"…"` around the argument (`^"…^"` only when it
 * holds a line break), every character it was unsure of `^`-escaped inside, so a quote became
 * `^\^"`. cmd.exe keeps carets inside quotes literal, which is why Chrome changed it.
 */
function chromeQuoteCmdBefore111(text: string): string {
  const outer = /[\r\n]/.test(text) ? '^"' : '"';
  const escaped = text
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/[^a-zA-Z0-9\s_\-:=+~'/.',?;()*`]/g, '^$&')
    .replace(/%(?=[a-zA-Z0-9_])/g, '%^')
    .replace(/\r\n|\r|\n/g, '^\n\n');
  return `${outer}${escaped}${outer}`;
}

export type ChromePlatform = 'bash' | 'cmd' | 'cmd-before-111';

export function chromeCurl(request: ChromeRequest, platform: ChromePlatform): string {
  const quote =
    platform === 'cmd'
      ? chromeQuoteCmd
      : platform === 'cmd-before-111'
        ? chromeQuoteCmdBefore111
        : chromeQuoteBash;
  const parts = [quote(request.url).replace(/[[{}\]]/g, '\\$&')];
  const ignored = new Set(['accept-encoding', 'host', 'method', 'path', 'scheme', 'version']);
  const data: string[] = [];
  let inferred = 'GET';
  if (request.body !== undefined) {
    data.push(`--data-raw ${quote(request.body)}`);
    ignored.add('content-length');
    inferred = 'POST';
  }
  if (request.method !== inferred) parts.push(`-X ${quote(request.method)}`);
  for (const [rawName, value] of request.headers) {
    const name = rawName.replace(/^:/, '');
    if (ignored.has(name.toLowerCase())) continue;
    if (value.trim() === '') parts.push(`-H ${quote(`${name};`)}`);
    else if (name.toLowerCase() === 'cookie') parts.push(`-b ${quote(value)}`);
    else parts.push(`-H ${quote(`${name}: ${value}`)}`);
  }
  const all = [...parts, ...data];
  const lineEnd = platform === 'bash' ? ' \\\n  ' : ' ^\n  ';
  return `curl ${all.join(all.length >= 3 ? lineEnd : ' ')}`;
}

export const BROWSER_NOISE: [string, string][] = [
  ['accept-language', 'en-GB,en-US;q=0.9,en;q=0.8'],
  ['origin', 'https://app.example.com'],
  ['priority', 'u=1, i'],
  ['referer', 'https://app.example.com/orders'],
  ['sec-ch-ua', '"Chromium";v="131", "Google Chrome";v="131", "Not_A Brand";v="24"'],
  ['sec-ch-ua-mobile', '?0'],
  ['sec-ch-ua-platform', '"macOS"'],
  ['sec-fetch-dest', 'empty'],
  ['sec-fetch-mode', 'cors'],
  ['sec-fetch-site', 'same-site'],
  [
    'user-agent',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  ],
];
