/**
 * The command's URL as a saved request holds it: the path under `/v1/` and the query rows, on the
 * active profile's Base URL. Another host, a `$BASE`-style placeholder and `user:password@` are
 * replaced or dropped and named in the notes (never the password); a URL outside /v1 is refused.
 */
import { encodeForEveryClient } from '../../service/call/v1-request';
import { fail, ok, type Result } from '../../vocabulary/errors';
import type { NameValue } from '../../vocabulary/terms';
import { percentDecode } from './curl-encoding';
import { DROPPED_FOR_PROFILE, type Draft } from './curl-options';
import { addExpansions, MAX_ROWS, shorten, variableOf, type Word } from './curl-words';

interface Target {
  path: string;
  rawQuery: string;
}

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;
const BASE_PLACEHOLDER = /^(?:\$[A-Za-z_][A-Za-z0-9_]*|\$\{[^}]{1,64}\}|\{\{[^}]{1,64}\}\})/;

interface Where {
  /** As the URL parser normalises it, to compare with the Base URL. */
  origin: string;
  host: string;
  /** As the command wrote it, for the notes: `{{Host}}` keeps its case. */
  writtenOrigin: string;
  writtenHost: string;
}

function hostOf(scheme: string, authority: string): Where {
  const written = { writtenOrigin: `${scheme}${authority}`, writtenHost: authority };
  try {
    const url = new URL(`${scheme}${authority}/`);
    return { origin: url.origin, host: url.host, ...written };
  } catch {
    return { origin: `${scheme}${authority}`, host: authority, ...written };
  }
}

/**
 * The path after `/v1/` shown decoded (`my report`, not `my%20report`) when sending the decoded
 * text goes to the same address (the URL parser, then the panel's encoding for every client:
 * `[draft]` is sent as `%5Bdraft%5D`); otherwise (`%2F`, `%25`, …) as it was written.
 */
function readablePath(raw: string, v1Prefix: string): string {
  if (!raw.includes('%')) return raw;
  const decoded = percentDecode(raw, false);
  if (!decoded.clean || (decoded.text.includes('{{') && !raw.includes('{{'))) return raw;
  try {
    const sent = (path: string) => encodeForEveryClient(new URL(v1Prefix + path).pathname);
    const same = sent(decoded.text) === sent(raw);
    return same ? decoded.text : raw;
  } catch {
    return raw;
  }
}

/** The path under `/v1/` and the raw query of the command's URL, on the profile's Base URL. */
export function resolveTarget(word: Word, draft: Draft, base: URL): Result<Target> {
  const basePath = base.pathname.replace(/\/+$/, '');
  const baseLabel = `${base.origin}${basePath}`;
  // Without --globoff, curl reads `\[` `\]` `\{` `\}` as escaped glob characters (Chrome writes them).
  const text = draft.globoff ? word.text.trim() : word.text.trim().replace(/\\([[\]{}])/g, '$1');
  let rest = text;
  let where: Where | null = null;
  const placeholder = BASE_PLACEHOLDER.exec(text)?.[0];
  // A shell variable was read as {{NAME}}: the note names it as the command wrote it.
  const placeholderName =
    word.expansions.find((name) => placeholder === `{{${variableOf(name)}}}`) ?? placeholder;
  addExpansions(
    draft.expansions,
    word.expansions.filter((name) => name !== placeholderName),
  );
  if (placeholder !== undefined) {
    rest = text.slice(placeholder.length);
    draft.notes.push(
      `The URL starts with ${shorten(placeholderName ?? placeholder, 40)}: the profile's Base URL (${baseLabel}) takes its place.`,
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
  // A prefix made of slashes alone (`//v1`) drops nothing worth naming.
  const prefix = before.replace(/^\/+$/, '') === '' || before === basePath ? '' : before;
  if (where !== null && where.origin !== base.origin) {
    const host = shorten(where.writtenHost, 80);
    draft.notes.push(
      where.host.toLowerCase() === base.host
        ? `The address ${shorten(`${where.writtenOrigin}${before}`, 80)} was replaced by the profile's Base URL (${baseLabel}).`
        : prefix === ''
          ? `The host ${host} was replaced by the profile's Base URL (${baseLabel}).`
          : `The host ${host} and the path prefix ${shorten(prefix, 60)} were replaced by the profile's Base URL (${baseLabel}).`,
    );
  } else if (where !== null && before.replace(/^\/+$/, '') !== basePath) {
    draft.notes.push(
      `The address ${shorten(`${where.writtenOrigin}${before}`, 80)} was replaced by the profile's Base URL (${baseLabel}).`,
    );
  } else if (prefix !== '') {
    draft.notes.push(
      `The path prefix ${shorten(prefix, 60)} before /v1 was dropped: the profile's Base URL (${baseLabel}) takes its place.`,
    );
  }
  const path = readablePath(rawPath.slice(v1 + 4), `${baseLabel}/v1/`);
  return ok({ path, rawQuery });
}

export function queryRows(parts: readonly string[], notes: string[]): NameValue[] {
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
