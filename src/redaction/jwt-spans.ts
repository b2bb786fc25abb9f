/**
 * Where a text holds something shaped as a JWT: a JSON header and claims (`{` is base64 `ew` to
 * `e3`: `{"` is `eyJ`, `{ ` `eyA`, `{\n` `ewo`) and a signature, each base64url or, as a careless
 * server writes them, standard base64, padded or not, percent-encoded in a URL. Found from each
 * `.e` (a plain string search) with a look at the characters just before it, so a long body costs
 * little more than reading it. Used by the redaction to decode a JWT's header and claims.
 */
import { decodeBase64Text } from './secret-forms';

const CHAR = '(?:[A-Za-z0-9_+/-]|%2[BbFf])';
const PADDING = '(?:=|%3[Dd]){0,2}';
/** The longest header looked for: a header is a few fields; claims may be long. */
const MAX_HEADER = 1024;
const CLAIMS_AND_SIGNATURE = new RegExp(
  `\\.(e[w-z0-3]${CHAR}{0,16384}${PADDING})\\.${CHAR}*${PADDING}`,
  'y',
);

export interface JwtSpan {
  start: number;
  end: number;
  /** The header and the claims decoded (text, not necessarily JSON), or null when not base64. */
  header: string | null;
  claims: string | null;
}

/** A JWT part's base64 text, its `%2B`, `%2F` and `%3D` decoded. */
const decodePart = (part: string) =>
  decodeBase64Text(
    part
      .replace(/%2[Bb]/g, '+')
      .replace(/%2[Ff]/g, '/')
      .replace(/%3[Dd]/g, '='),
  );

const isWord = (code: number) =>
  (code >= 48 && code <= 57) ||
  (code >= 65 && code <= 90) ||
  (code >= 97 && code <= 122) ||
  code === 95;
/** A character of base64, base64url or their percent-encoding (`+ / - _ % =`). */
const isPartText = (code: number) =>
  isWord(code) || code === 43 || code === 47 || code === 45 || code === 37 || code === 61;
/** The second character of base64 `{`: `w` to `z` or `0` to `3`. */
const isBraceTail = (code: number) => (code >= 119 && code <= 122) || (code >= 48 && code <= 51);

/** Where a header that ends at `dot` starts (an `e` after no word character), or -1. */
function headerStart(text: string, dot: number, floor: number): number {
  let at = dot;
  while (at > floor && isPartText(text.charCodeAt(at - 1))) at--;
  for (let p = at; p < dot - 1; p++) {
    const boundary = p === 0 || !isWord(text.charCodeAt(p - 1));
    if (boundary && text.charCodeAt(p) === 101 && isBraceTail(text.charCodeAt(p + 1))) return p;
  }
  return -1;
}

export function jwtSpans(text: string): JwtSpan[] {
  const spans: JwtSpan[] = [];
  let from = 0;
  for (let dot = text.indexOf('.e'); dot >= 0; dot = text.indexOf('.e', dot + 1)) {
    if (dot < from || !isBraceTail(text.charCodeAt(dot + 2))) continue;
    const start = headerStart(text, dot, Math.max(from, dot - MAX_HEADER));
    if (start < 0) continue;
    CLAIMS_AND_SIGNATURE.lastIndex = dot;
    const rest = CLAIMS_AND_SIGNATURE.exec(text);
    if (rest === null) continue;
    spans.push({
      start,
      end: CLAIMS_AND_SIGNATURE.lastIndex,
      header: decodePart(text.slice(start, dot)),
      claims: decodePart(rest[1] ?? ''),
    });
    from = CLAIMS_AND_SIGNATURE.lastIndex;
  }
  return spans;
}
