/**
 * Bytes and percent-encoding for the curl import: UTF-8 decoding that reports bad bytes instead of
 * throwing, curl's own --data-urlencode escaping, and percent-decoding of paths and queries. One
 * place, so that `\xHH` in bash text, `%XX` in a URL and --data-urlencode agree on what a byte is.
 */

const UTF8_ENCODER = new TextEncoder();
const FATAL_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const LENIENT_UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** Bytes as UTF-8 text; `clean` is false when they were not valid UTF-8 (bad bytes became U+FFFD). */
export function utf8(bytes: readonly number[]): { text: string; clean: boolean } {
  const array = Uint8Array.from(bytes);
  try {
    return { text: FATAL_UTF8.decode(array), clean: true };
  } catch {
    return { text: LENIENT_UTF8.decode(array), clean: false };
  }
}

export function isHexCode(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
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

/** curl's escaping, but `{{variables}}` stay readable: the panel resolves them before sending. */
function escapeAroundVariables(text: string): string {
  let out = '';
  let from = 0;
  for (const match of text.matchAll(/\{\{[A-Za-z_][A-Za-z0-9_.-]*\}\}/g)) {
    out += curlEscape(text.slice(from, match.index)) + match[0];
    from = match.index + match[0].length;
  }
  return out + curlEscape(text.slice(from));
}

/** `content`, `=content`, `name=content` as curl encodes them; null for `@file` and `name@file`. */
export function urlencodeArgument(text: string): string | null {
  let split = 0;
  while (split < text.length && text.charAt(split) !== '=' && text.charAt(split) !== '@') split++;
  if (split === text.length) return escapeAroundVariables(text);
  if (text.charAt(split) === '@') return null;
  const name = text.slice(0, split);
  return `${name}${name === '' ? '' : '='}${escapeAroundVariables(text.slice(split + 1))}`;
}

/** Percent-decodes as UTF-8; `clean` is false for a stray `%` or bytes that are not UTF-8. */
export function percentDecode(
  text: string,
  plusIsSpace: boolean,
): { text: string; clean: boolean } {
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
