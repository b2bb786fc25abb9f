/**
 * The one redaction of the worker's own secrets: every stored API key and client secret of every
 * profile and every token the worker holds, wherever they appear in text it keeps or shows. A
 * secret is found however a server or a user may have written it back: as typed, upper- or
 * lower-cased, percent- or form-encoded (hex in either case), JSON-escaped (`\/`, `\uXXXX`, mixed
 * as a server pleases), as base64 of itself or of `client_id:client_secret` (raw or RFC 6749
 * form-encoded), or inside any `Basic …` value or a JWT's header or claims (base64url or standard
 * base64), which are decoded and checked again (a server may echo a client secret inside a token
 * it signs). A start of a secret (8 characters or more, as typing it leaves in a draft) is hidden
 * too. A text is read once for all of them (needle-scan.ts), not once per form of each secret.
 *
 * Invariant: `redactor.text(t)` contains none of these forms of any secret it was given; a found
 * secret becomes its mask (`••••3f9a`), a found encoding of one or a start of one becomes `••••`.
 */

import { jwtSpans } from './jwt-spans';
import { MASK, maskSecret } from './mask';
import { type NeedleHits, needleScanner } from './needle-scan';
import {
  BASIC_VALUE,
  base64Forms,
  type CredentialPair,
  decodeBase64Text,
  secretPattern,
} from './secret-forms';
import { MIN_STORED_SECRET } from './secret-patterns';

export type { CredentialPair };

export interface KnownSecrets {
  /** API keys, client secrets, access tokens: each masked in any form. */
  secrets: readonly string[];
  pairs: readonly CredentialPair[];
}

export interface Redactor {
  text(text: string): string;
  /** The first secret `text` holds in any of the forms above (a start of one aside), or null. */
  holds(text: string): string | null;
  /** The masks with a tail (`••••3f9a`) that `text(t)` writes for the secrets `t` holds. */
  masksIn(text: string): string[];
  /** `value` with every string in it (keys too) redacted; other values unchanged. */
  deep<T>(value: T): T;
}

/** The shortest start of a secret that is hidden (a typed prefix in a draft). */
const MIN_SECRET_START = 8;

/** A place in the text where a form of a secret was found, and what it becomes. */
interface Found {
  start: number;
  end: number;
  mask: string;
  secret: string;
}

/** Finds its form of a secret in a text, given where its needles occur (one scan for all). */
interface Finder {
  /** The literal strings it looks for first (none: it searches the text with its pattern). */
  needles: string[];
  find(text: string, hits: NeedleHits): Found[];
}

/**
 * Finds the forms of one secret, written as `form` (the secret itself or it in other case), each
 * found place masked as the secret is. Searching a pattern at every position of a 16 MB body costs
 * seconds; instead its longest run of letters and digits (written the same in every form) is its
 * needle, and only around each place it occurs are the patterns of the parts before and after it
 * tried.
 */
function secretFinder(secret: string, form = secret): Finder {
  const runs = [...form.matchAll(/[A-Za-z0-9]+/g)];
  const anchor = runs.reduce<RegExpMatchArray | undefined>(
    (best, run) => (best === undefined || run[0].length > best[0].length ? run : best),
    undefined,
  );
  const mask = maskSecret(secret);
  if (anchor === undefined || anchor[0].length < 3) {
    const whole = new RegExp(secretPattern(form), 'g');
    return {
      needles: [],
      find: (text) =>
        [...text.matchAll(whole)].map((hit) => ({
          start: hit.index,
          end: hit.index + hit[0].length,
          mask,
          secret,
        })),
    };
  }
  const at = anchor.index ?? 0;
  const word = anchor[0];
  const before = form.slice(0, at);
  /** The longest form of one character is 12 characters (`\uXXXX\uXXXX`, `%XX%XX%XX%XX`). */
  const reach = 12 * before.length;
  const beforePattern = new RegExp(`(?:${secretPattern(before)})$`);
  const afterPattern = new RegExp(secretPattern(form.slice(at + word.length)), 'y');
  const find = (text: string, hits: NeedleHits) => {
    const found: Found[] = [];
    for (const hit of hits.get(word) ?? []) {
      const lead =
        before === '' ? '' : beforePattern.exec(text.slice(Math.max(0, hit - reach), hit));
      if (lead === null) continue;
      afterPattern.lastIndex = hit + word.length;
      const tail = afterPattern.exec(text);
      if (tail === null) continue;
      const start = hit - (typeof lead === 'string' ? 0 : lead[0].length);
      found.push({ start, end: afterPattern.lastIndex, mask, secret });
    }
    return found;
  };
  return { needles: [word], find };
}

function literalFinder([form, secret]: [string, string]): Finder {
  return {
    needles: [form],
    find: (_text, hits) =>
      (hits.get(form) ?? []).map((hit) => ({
        start: hit,
        end: hit + form.length,
        mask: MASK,
        secret,
      })),
  };
}

/** `text` with every found place replaced; of overlapping finds the earliest and longest wins. */
function replaceFound(text: string, found: Found[]): string {
  if (found.length === 0) return text;
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  let out = '';
  let from = 0;
  for (const item of found) {
    if (item.start < from) {
      if (item.end > from) from = item.end; // overlaps the previous find: hidden with it
      continue;
    }
    out += text.slice(from, item.start) + item.mask;
    from = item.end;
  }
  return out + text.slice(from);
}

function createTextRedactor({ secrets, pairs }: KnownSecrets): Omit<Redactor, 'deep'> {
  const usable = [...new Set(secrets)].filter((secret) => secret.length >= MIN_STORED_SECRET);
  const finders = [
    ...usable.flatMap((secret) => caseForms(secret).map((form) => secretFinder(secret, form))),
    ...base64Forms(usable, pairs).map(literalFinder),
  ];
  const starts = usable.filter((secret) => secret.length > MIN_SECRET_START);
  const heads = starts.map((secret) => secret.slice(0, MIN_SECRET_START));
  const scan = needleScanner([...finders.flatMap((finder) => finder.needles), ...heads]);
  const scanHeads = needleScanner(heads);
  const findIn = (text: string, hits: NeedleHits) =>
    finders.flatMap((finder) => finder.find(text, hits));
  const findAll = (text: string) => findIn(text, scan(text));
  const inBasic = (text: string, found: (decoded: string) => boolean) =>
    !/basic/i.test(text)
      ? text
      : text.replace(BASIC_VALUE, (whole, lead: string, value: string) => {
          const decoded = decodeBase64Text(value);
          return decoded !== null && found(decoded) ? `${lead}${MASK}` : whole;
        });
  /** A JWT whose decoded header or claims hold a secret becomes one mask, whole. */
  const inJwt = (text: string, found: (decoded: string) => boolean) =>
    !text.includes('.e')
      ? text
      : replaceSpans(
          text,
          jwtSpans(text).filter((span) => found(`${span.header}\n${span.claims}`)),
        );
  const inEncoded = (text: string, found: (decoded: string) => boolean) =>
    inJwt(inBasic(text, found), found);
  return {
    text(text) {
      if (usable.length === 0 || text.length < MIN_STORED_SECRET) return text;
      const checked = inEncoded(text, (decoded) => findAll(decoded).length > 0);
      const hits = scan(checked);
      let out = replaceFound(checked, findIn(checked, hits));
      // Each start is hidden in what the one before left, looked for in one scan of each new text.
      let seen = { text: checked, hits };
      starts.forEach((secret, i) => {
        if (out !== seen.text) seen = { text: out, hits: scanHeads(out) };
        if (seen.hits.has(heads[i] as string)) out = hideStarts(out, secret);
      });
      return out;
    },
    masksIn(text) {
      if (usable.length === 0 || text.length < MIN_STORED_SECRET) return [];
      return [...new Set(findAll(text).map((item) => item.mask))].filter((mask) => mask !== MASK);
    },
    holds(text) {
      if (usable.length === 0 || text.length < MIN_STORED_SECRET) return null;
      const direct = findAll(text)[0];
      if (direct !== undefined) return direct.secret;
      let inside: string | null = null;
      inEncoded(text, (decoded) => {
        inside ??= findAll(decoded)[0]?.secret ?? null;
        return inside !== null;
      });
      return inside;
    },
  };
}

/** `text` with each span (in order, not overlapping) replaced by one mask. */
function replaceSpans(text: string, spans: readonly { start: number; end: number }[]): string {
  let out = '';
  let from = 0;
  for (const { start, end } of spans) {
    out += text.slice(from, start) + MASK;
    from = end;
  }
  return out + text.slice(from);
}

/** A secret as typed, and upper- and lower-cased (a server that folds case echoes it so). */
function caseForms(secret: string): string[] {
  return [...new Set([secret, secret.toUpperCase(), secret.toLowerCase()])];
}

/** Hides every run of text that is the first MIN_SECRET_START or more characters of `secret`. */
function hideStarts(text: string, secret: string): string {
  const head = secret.slice(0, MIN_SECRET_START);
  let out = '';
  let from = 0;
  for (let at = text.indexOf(head); at >= 0; at = text.indexOf(head, from)) {
    let end = at + head.length;
    while (end < text.length && end - at < secret.length && text[end] === secret[end - at]) end++;
    out += text.slice(from, at) + MASK;
    from = end;
  }
  return from === 0 ? text : out + text.slice(from);
}

function deepWith(redact: (text: string) => string, value: unknown): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((item) => deepWith(redact, item));
  if (value === null || typeof value !== 'object') return value;
  // fromEntries defines own properties: a key named `__proto__` stays a plain key.
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [redact(key), deepWith(redact, item)]),
  );
}

export function createRedactor(known: KnownSecrets): Redactor {
  const { text, holds, masksIn } = createTextRedactor(known);
  return { text, holds, masksIn, deep: <T>(value: T) => deepWith(text, value) as T };
}
