/**
 * What a secret looks like in a piece of text: one of the user's stored secrets, a Bearer or
 * Basic credential, a JWT, `password=…`-style assignments, a field named like a credential with a
 * literal value, or a long random-looking token. Tuned so that ordinary values pass: UUIDs, hex
 * ids and hashes, ULIDs, ISO dates, paths, slugs, camelCase names and `{{variables}}`.
 */
import { decodeJwt } from './jwt';

export interface SecretHit {
  /** What it looks like, to end the sentence "… holds …". */
  reason: string;
  /** The secret-looking part: only ever shown masked. */
  secret: string;
}

export const MIN_STORED_SECRET = 4;

const VARIABLE = /\{\{[^{}]*\}\}/g;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** Sortable request ids, common in X-Request-Id headers. */
const ULID = /(?<![A-Za-z0-9])[0-7][0-9A-HJKMNP-TV-Z]{25}(?![A-Za-z0-9])/g;
const BEARER = /\bBearer\s+([A-Za-z0-9\-._~+/]+=*)/gi;
const BASIC = /\bBasic\s+([A-Za-z0-9+/]{4,}={0,2})(?![A-Za-z0-9+/=])/gi;
/** Runs of base64url and dots: split, not backtracked, so a long run costs linear time. */
const DOTTED_RUN = /[A-Za-z0-9_.-]{20,}/g;
const ASSIGNMENT =
  /(?<![A-Za-z0-9_-])(client[_-]?secret|api[_-]?key|access[_-]?token|refresh[_-]?token|id[_-]?token|auth[_-]?token|private[_-]?key|password|passwd|secret|token)["']?\s*[:=]\s*["']?([^"'&\s,;}\]]+)/gi;
const BASE64_RUN = /[A-Za-z0-9+/=_-]{24,}/g;
const TOKEN_RUN = /[A-Za-z0-9_-]{24,}/g;
const WORD_SEGMENT = /[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+/g;

/** Stand-ins that are not secrets: empty, `<token>`, `$TOKEN`, `••••3f9a`, `****`, `null`. */
export function isPlaceholder(value: string): boolean {
  const text = value.trim();
  return (
    text === '' ||
    /^<[^<>]*>$/.test(text) ||
    /^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?$/.test(text) ||
    /^[*•xX.]{3,}$/.test(text) ||
    text.includes('•') ||
    ['null', 'true', 'false', 'undefined'].includes(text)
  );
}

/** A value made only of `{{variables}}`, an auth scheme word and placeholders. */
export function isVariableOnly(value: string): boolean {
  const rest = value
    .replace(VARIABLE, ' ')
    .trim()
    .replace(/^(Bearer|Basic|Token|Digest|ApiKey|Key)\b/i, '');
  return isPlaceholder(rest);
}

/** Header, query parameter or variable names that carry credentials. */
export function isCredentialName(name: string): boolean {
  const n = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  return (
    /^(proxy)?authorization$/.test(n) ||
    /apikey|secret|password|passwd|credential/.test(n) ||
    (n.endsWith('token') && !/(page|continuation|next|sync|cursor)token$/.test(n))
  );
}

function looksLikeBasicCredentials(encoded: string): boolean {
  const padded = encoded.replace(/=+$/, '');
  if (padded.length % 4 === 1) return false;
  try {
    const bytes = Uint8Array.from(atob(padded + '='.repeat((4 - (padded.length % 4)) % 4)), (c) =>
      c.charCodeAt(0),
    );
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      text = new TextDecoder('latin1').decode(bytes); // older clients encode credentials so
    }
    return /^[^\p{Cc}:]+:[^\p{Cc}]*$/u.test(text);
  } catch {
    return false; // not base64 at all: a word such as "Basic authentication"
  }
}

/** Random-looking: mixed character classes in short runs, unlike words, ids and hashes. */
export function isRandomToken(token: string): boolean {
  // Hex parts are ids and hashes (ObjectId, MD5, SHA-*, pieces of UUIDs): leave them out.
  const run = token
    .split(/[-_]+/)
    .filter((part) => !/^[0-9a-fA-F]*$/.test(part))
    .join('');
  if (run.length < 20) return false;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/].filter((pattern) => pattern.test(run)).length;
  if (classes < 2) return false;
  const segments = run.match(WORD_SEGMENT) ?? [];
  const characters = segments.reduce((sum, segment) => sum + segment.length, 0);
  // camelCase and slugs are words of 4 to 8 letters; random text changes class every 1 or 2.
  return segments.length > 0 && characters / segments.length < 3;
}

function firstRandomToken(text: string): string | null {
  for (const [run] of text.matchAll(BASE64_RUN)) {
    if (run.length >= 120 && /[+/]/.test(run)) continue; // base64 data, such as an image
    for (const [part] of run.matchAll(TOKEN_RUN)) if (isRandomToken(part)) return part;
  }
  return null;
}

/** Decoding attempts per text: real texts have a handful of `eyJ….eyJ…` candidates at most. */
const MAX_JWT_ATTEMPTS = 200;

/** A JWT inside a dotted run: three parts, the first two base64url JSON objects (`eyJ…`). */
function firstJwt(run: string, budget: { attempts: number }): string | null {
  const parts = run.split('.');
  for (let i = 0; i + 2 < parts.length && budget.attempts < MAX_JWT_ATTEMPTS; i += 1) {
    // Header and claims are JSON objects, so both start with `{"` (base64url `eyJ`).
    if (!parts[i]?.startsWith('eyJ') || !parts[i + 1]?.startsWith('eyJ')) continue;
    budget.attempts += 1;
    const candidate = parts.slice(i, i + 3).join('.');
    if (decodeJwt(candidate) !== null) return candidate;
  }
  return null;
}

function firstMatch(
  text: string,
  pattern: RegExp,
  test: (match: RegExpMatchArray) => string | null,
) {
  for (const match of text.matchAll(pattern)) {
    const found = test(match);
    if (found !== null) return found;
  }
  return null;
}

/**
 * What each pattern below needs to match at all, tested first: an import scans every header,
 * URL and body of thousands of requests, and most of them hold none of it. Each is a necessary
 * condition of its pattern, so skipping a pattern on it changes no answer.
 */
const MIN_ASSIGNMENT = 'token=x'.length;
const MIN_RANDOM_TOKEN = 24;

/** `text` without `{{variables}}`, UUIDs and ULIDs, which are never secrets. */
function withoutIds(text: string): string {
  let plain = text.includes('{{') ? text.replace(VARIABLE, ' ') : text;
  if (plain.includes('-')) plain = plain.replace(UUID, ' ');
  return plain.length >= 26 ? plain.replace(ULID, ' ') : plain;
}

/** The first secret-looking part of `text`, or null. */
export function findSecretInText(text: string, storedSecrets: readonly string[]): SecretHit | null {
  for (const secret of storedSecrets) {
    if (secret.length < MIN_STORED_SECRET) continue;
    if (text.includes(secret) || text.includes(encodeURIComponent(secret))) {
      return { reason: 'one of your stored secrets', secret };
    }
  }
  if (text.length < MIN_ASSIGNMENT) return null; // shorter than the shortest match of any pattern
  const plain = withoutIds(text);
  const lower = plain.toLowerCase();
  const bearer = !lower.includes('bearer')
    ? null
    : firstMatch(plain, BEARER, ([, token = '']) =>
        token.length >= 8 &&
        (token.length >= 20 || [/[a-z]/, /[A-Z]/, /[0-9]/].filter((p) => p.test(token)).length >= 2)
          ? token
          : null,
      );
  if (bearer !== null) return { reason: 'a Bearer token', secret: bearer };
  const basic = !lower.includes('basic')
    ? null
    : firstMatch(plain, BASIC, ([, value = '']) =>
        looksLikeBasicCredentials(value) ? value : null,
      );
  if (basic !== null) return { reason: 'a Basic credentials value', secret: basic };
  const budget = { attempts: 0 };
  // A JWT's header and claims both start with `eyJ`.
  const jwt = !plain.includes('eyJ')
    ? null
    : firstMatch(plain, DOTTED_RUN, ([run]) => firstJwt(run, budget));
  if (jwt !== null) return { reason: 'a JWT', secret: jwt };
  let key = '';
  const assigned =
    !plain.includes('=') && !plain.includes(':')
      ? null
      : firstMatch(plain, ASSIGNMENT, ([, name = '', value = '']) => {
          key = name;
          return isPlaceholder(value) || /^[{[<$%]/.test(value) ? null : value;
        });
  if (assigned !== null) return { reason: `a value for "${key}"`, secret: assigned };
  const token = plain.length < MIN_RANDOM_TOKEN ? null : firstRandomToken(plain);
  return token === null
    ? null
    : { reason: 'a long random-looking token, like an API key', secret: token };
}

/** A name/value row (header, query parameter, variable): the name counts as well as the text. */
export function findSecretInRow(
  name: string,
  value: string,
  storedSecrets: readonly string[],
): SecretHit | null {
  const inValue = findSecretInText(value, storedSecrets);
  if (inValue !== null) return inValue;
  if (isCredentialName(name) && !isVariableOnly(value)) {
    return { reason: 'a literal value in a field named like a credential', secret: value.trim() };
  }
  return null;
}
