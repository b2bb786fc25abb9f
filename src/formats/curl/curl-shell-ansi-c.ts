/**
 * Bash's ANSI-C quoting, `$'…'`, which Chrome's "Copy as cURL (bash)" writes for any text with a
 * quote or control character. Escapes are read as bash reads them (`\xHH` and octal are bytes,
 * joined as UTF-8), so the import gets the exact text the browser sent.
 */
import { ok, type Result } from '../../vocabulary/errors';
import { isHexCode, utf8 } from './curl-encoding';
import { NUL_REFUSED, type Scan, unterminated } from './curl-words';

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
export function scanAnsiC(src: string, i: number): Result<Scan> {
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
