/**
 * Keeps an answer within what one runtime message can carry. Chrome refuses a message over
 * 64 MiB of JSON, and JSON writes a control character as six (`\u0001`): 11 MB of them, or a
 * gzip bomb of zeros, passes the 16 MB body cap and still does not fit. Such a body is cut where
 * its JSON form reaches the budget, and the exchange says it was cut (the panel's "showing its
 * first …" note), instead of the message failing as if the worker could not be reached.
 */
import type { HttpExchange } from './execute';

/** Room for the body's JSON in one message, leaving the rest of 64 MiB for everything else. */
export const MESSAGE_BODY_BUDGET = 32 * 1024 * 1024;

const ESCAPED_AS_UNICODE: ReadonlySet<number> = new Set([0x3c, 0x3e, 0x26, 0x7f, 0x2028, 0x2029]);
const SHORT_ESCAPES: ReadonlySet<number> = new Set([0x08, 0x09, 0x0a, 0x0c, 0x0d]);

/**
 * Bytes a UTF-16 code unit costs at most inside a JSON string sent as UTF-8. A surrogate counts 3:
 * a pair is 4 bytes, a lone one `\uXXXX` (6), so 3 each is never less than the truth for a pair.
 */
function jsonCost(code: number): number {
  if (code === 0x22 || code === 0x5c) return 2;
  // Chrome's JSON writer also escapes these (`<` as `\u003C`): count them as escaped.
  if (ESCAPED_AS_UNICODE.has(code)) return 6;
  if (code < 0x20) return SHORT_ESCAPES.has(code) ? 2 : 6;
  if (code < 0x80) return 1;
  return code < 0x800 ? 2 : 3;
}

/**
 * The cost of each ASCII code unit, looked up: a 10 MB body is walked code unit by code unit, and
 * working each cost out again took half a second of a 10 MB answer.
 */
const ASCII_COSTS = Uint8Array.from({ length: 0x80 }, (_, code) => jsonCost(code));

/** The code units that cost 6 bytes (`\uXXXX`); every other one costs at most 3. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what costs six
const COSTS_SIX = /[\u0000-\u0007\u000b\u000e-\u001f<>&\u007f\u2028\u2029]/g;

/**
 * An upper bound of the JSON cost of `text`, without walking it code unit by code unit: 3 bytes
 * each, and 3 more for each one that costs 6. One native regular expression scan: the walk below
 * took tens of milliseconds of a 10 MB answer's reply, before its message could leave.
 */
function costBound(text: string): number {
  let sixes = 0;
  COSTS_SIX.lastIndex = 0;
  while (COSTS_SIX.exec(text) !== null) sixes++;
  return 2 + 3 * text.length + 3 * sixes;
}

/** The length of the longest start of `text` whose JSON fits `budget` bytes, or null if all does. */
export function cutForBudget(text: string, budget: number): number | null {
  if (text.length * 6 <= budget) return null; // fits even if every character were escaped
  if (text.length * 3 <= budget && costBound(text) <= budget) return null;
  let used = 2;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    used += code < 0x80 ? (ASCII_COSTS[code] ?? 6) : jsonCost(code);
    if (used > budget) {
      const previous = text.charCodeAt(index - 1);
      // Never split a surrogate pair: the start would end in half a character.
      return index > 0 && previous >= 0xd800 && previous <= 0xdbff ? index - 1 : index;
    }
  }
  return null;
}

/** `exchange` with its body cut to the message budget when its JSON would not fit. */
export function fitForMessage(
  exchange: HttpExchange,
  budget: number = MESSAGE_BODY_BUDGET,
): HttpExchange {
  const cut = cutForBudget(exchange.bodyText, budget);
  if (cut === null) return exchange;
  const bodyText = exchange.bodyText.slice(0, cut);
  return {
    ...exchange,
    bodyText,
    truncated: true,
    bodyBytes: new TextEncoder().encode(bodyText).byteLength,
    totalBytes: exchange.truncated ? exchange.totalBytes : exchange.bodyBytes,
  };
}
