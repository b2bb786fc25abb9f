/**
 * Masks the credentials of a captured call as it is built: header values (Authorization, API-key
 * headers, anything named like a token or secret), cookies (sent and set), query parameters named
 * like credentials (in the URL, and in headers that repeat it: `:path`, `Referer`, `Location`), a
 * password in the URL, and credentials in bodies. A masked value shows at most
 * its last 4 characters (`••••3f9a`, as everywhere in the panel), so that a user can tell which
 * key the page used; `MaskLog` remembers every masked form it produced, so that an export can
 * hide even those 4 (har-export.ts).
 *
 * Invariant: what these functions return holds no credential of their input; the raw values stay
 * in the capture step (captured-call.ts) and are dropped there.
 */

import type { NameValue } from '../vocabulary/terms';
import { decodeFormPart, replaceBodyCredentials } from './body-credentials';
import { credentialHeaderLabel } from './header-kinds';
import { MASK, maskSecret } from './mask';
import { findSecretInRow, isCredentialName } from './secret-patterns';

/** A header or query row of a captured call; `masked` when its value was a credential. */
export interface MaskedRow extends NameValue {
  masked: boolean;
}

/** The masked forms produced for one call (`••••3f9a`), to hide their tails on export. */
export class MaskLog {
  readonly forms = new Set<string>();

  /** The masked view of a secret, remembered. */
  mask(secret: string): string {
    const masked = maskSecret(secret);
    if (masked !== MASK && masked !== '') this.forms.add(masked);
    return masked === '' ? MASK : masked;
  }
}

/** Schemes whose credential is an encoding of the secret itself: hidden whole, never a tail. */
const WHOLE_SCHEMES = new Set(['basic', 'digest']);

function maskAuthorization(value: string, log: MaskLog): string {
  const trimmed = value.trim();
  const space = trimmed.indexOf(' ');
  if (space <= 0) return log.mask(trimmed);
  const scheme = trimmed.slice(0, space);
  const credential = trimmed.slice(space + 1).trim();
  if (credential === '') return scheme;
  return `${scheme} ${WHOLE_SCHEMES.has(scheme.toLowerCase()) ? MASK : log.mask(credential)}`;
}

/** `a=1; b=2` -> `a=••••; b=••••`: cookie names stay, so a user sees which were sent. */
function maskCookiePairs(value: string): string {
  return value
    .split(';')
    .map((pair) => {
      const equals = pair.indexOf('=');
      // A cookie without a name (`Cookie: abc`) is all value.
      if (equals < 0)
        return pair.trim() === '' ? pair : `${pair.startsWith(' ') ? ' ' : ''}${MASK}`;
      return `${pair.slice(0, equals)}=${MASK}`;
    })
    .join(';');
}

/** `name=value; Path=/; HttpOnly` -> `name=••••; Path=/; HttpOnly`. */
function maskSetCookie(value: string): string {
  const semicolon = value.indexOf(';');
  const first = semicolon < 0 ? value : value.slice(0, semicolon);
  return maskCookiePairs(first) + (semicolon < 0 ? '' : value.slice(semicolon));
}

/** A URL or a path with a query (`:path`, `Referer`, `Location`, …): its query may hold a token. */
const URL_WITH_QUERY = /^(?:[A-Za-z][A-Za-z0-9+.-]*:\/\/|\/)[^\s]*\?/;

/** One header of a request or a response, masked when it carries a credential or a cookie. */
export function maskHeader(header: NameValue, log: MaskLog): MaskedRow {
  const lower = header.name.trim().toLowerCase();
  const { name, value } = header;
  if (value === '') return { name, value, masked: false };
  if (URL_WITH_QUERY.test(value.trim())) {
    const masked = maskUrl(value, log).url;
    if (masked !== value) return { name, value: masked, masked: true };
  }
  if (lower === 'authorization' || lower === 'proxy-authorization') {
    return { name, value: maskAuthorization(value, log), masked: true };
  }
  if (lower === 'cookie') return { name, value: maskCookiePairs(value), masked: true };
  if (lower === 'set-cookie') return { name, value: maskSetCookie(value), masked: true };
  if (credentialHeaderLabel(lower) !== undefined || findSecretInRow(name, value, []) !== null) {
    return { name, value: log.mask(value), masked: true };
  }
  return { name, value, masked: false };
}

export function maskHeaders(headers: readonly NameValue[], log: MaskLog): MaskedRow[] {
  return headers.map((header) => maskHeader(header, log));
}

/** Cookies of a HAR entry (`request.cookies`, `response.cookies`): names kept, values hidden. */
export function maskCookies(cookies: readonly NameValue[]): NameValue[] {
  return cookies.map(({ name }) => ({ name, value: MASK }));
}

function isCredentialRow(name: string, value: string): boolean {
  return value !== '' && (isCredentialName(name) || findSecretInRow(name, value, []) !== null);
}

export interface MaskedUrl {
  /** The URL with credential query values and any password masked; otherwise as the page wrote it. */
  url: string;
  /** The query as name/value rows (decoded), credential values masked. */
  query: MaskedRow[];
}

/**
 * Credentials before the host: a password (`https://user:pass@host/`) is masked and the user name
 * kept; a user name alone (`https://TOKEN@host/`, as some APIs take a token) is masked too. The
 * authority ends at its last `@`, so an `@` the page left raw in a password hides the rest of it.
 */
function maskUserinfo(head: string): string {
  const found = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/)([^/]*)@/.exec(head);
  if (found === null) return head;
  const [whole, scheme = '', userinfo = ''] = found;
  const colon = userinfo.indexOf(':');
  const shown = colon < 0 ? MASK : `${userinfo.slice(0, colon)}:${MASK}`;
  return `${scheme}${shown}@${head.slice(whole.length)}`;
}

/** The call's URL and query rows with the credentials in them masked. */
export function maskUrl(raw: string, log: MaskLog): MaskedUrl {
  const hash = raw.indexOf('#');
  const withoutHash = hash < 0 ? raw : raw.slice(0, hash);
  const question = withoutHash.indexOf('?');
  let head = question < 0 ? withoutHash : withoutHash.slice(0, question);
  const search = question < 0 ? '' : withoutHash.slice(question + 1);
  head = maskUserinfo(head);
  const query: MaskedRow[] = [];
  const pairs = search === '' ? [] : search.split('&');
  const shown = pairs.map((pair) => {
    const equals = pair.indexOf('=');
    const name = decodeFormPart(equals < 0 ? pair : pair.slice(0, equals));
    const value = decodeFormPart(equals < 0 ? '' : pair.slice(equals + 1));
    if (pair !== '' && isCredentialRow(name, value)) {
      const masked = log.mask(value);
      query.push({ name, value: masked, masked: true });
      return `${equals < 0 ? pair : pair.slice(0, equals)}=${masked}`;
    }
    if (pair !== '') query.push({ name, value, masked: false });
    return pair;
  });
  return { url: question < 0 ? head : `${head}?${shown.join('&')}`, query };
}

export interface MaskedBody {
  text: string;
  /** The fields (or kinds of text) whose values were masked. */
  maskedFields: string[];
}

export function maskBody(text: string, mimeType: string, log: MaskLog): MaskedBody {
  const replaced = replaceBodyCredentials(text, mimeType, (secret) => log.mask(secret));
  return { text: replaced.text, maskedFields: replaced.fields };
}
