/**
 * Builds an authenticated call of spec section 4.2: `{base_url}/v1/<path>` with the contract
 * headers (Content-Type, companyId and exactly one auth header) followed by the user's own headers.
 * A path that would leave `/v1/` after URL normalisation (`..`, `%2e%2e`, backslashes) is refused.
 */
import { fail, ok, type Result } from '../../vocabulary/errors';
import type { HttpMethod, NameValue } from '../../vocabulary/terms';
import { checkHeaderValue, checkUserHeader } from '../wire/headers';

export type CallAuth = { kind: 'apiKey'; apiKey: string } | { kind: 'bearer'; accessToken: string };

export interface V1Call {
  method: HttpMethod;
  path: string;
  query: readonly NameValue[];
  headers: readonly NameValue[];
  body: string;
}

export interface PreparedRequest {
  method: HttpMethod;
  url: string;
  headers: NameValue[];
  body: string | null;
}

const NO_BODY_METHODS: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD']);

/** Characters every client sends raw in a path or query: RFC 3986's unreserved and sub-delims. */
const KEPT = /^[A-Za-z0-9._~!$&'()*+,;=:@/?-]$/;
const UNRESERVED = /^[A-Za-z0-9._~-]$/;

/**
 * The path or query written as every HTTP client sends it, byte for byte. A WHATWG URL (fetch, the
 * panel) leaves raw what urllib3 (under Python's requests and HTTPie) percent-encodes (`[`, `]`,
 * `|`, `^`; in the query also `{`, `}`, `\`, `` ` ``), while requests decodes escapes of
 * unreserved characters (`%41` to `A`) and urllib3 upper-cases the others (`%2f` to `%2F`); and a
 * `%` that starts no escape (`%s`) makes urllib3 re-encode every escape beside it (`%22` to
 * `%2522`). Written here the way those clients would, the URL is one that fetch, curl, requests
 * and HTTPie all send unchanged; to a server that decodes it, it is the same URL.
 */
export function encodeForEveryClient(part: string): string {
  return part.replace(/%[0-9A-Fa-f]{2}|[\s\S]/gu, (piece) => {
    if (piece.length === 3 && piece.startsWith('%')) {
      const char = String.fromCharCode(Number.parseInt(piece.slice(1), 16));
      return UNRESERVED.test(char) ? char : piece.toUpperCase();
    }
    if (piece === '%') return '%25';
    return KEPT.test(piece) ? piece : encodeURIComponent(piece);
  });
}

function resolveV1Url(baseUrl: string, rawPath: string): Result<URL> {
  const path = rawPath.trim().replace(/^\/+/, '');
  if (path.includes('#')) {
    return fail(
      'invalid_request',
      'The path contains "#".',
      'A fragment is never sent to a server: remove it.',
    );
  }
  const base = new URL(baseUrl);
  const prefix = `${base.pathname.replace(/\/+$/, '')}/v1/`;
  let url: URL;
  try {
    url = new URL(`${base.origin}${prefix}${path}`);
    url.pathname = encodeForEveryClient(url.pathname);
    url.search = encodeForEveryClient(url.search);
  } catch {
    return fail(
      'invalid_request',
      'The path does not form a valid URL.',
      'Check the path for stray characters.',
    );
  }
  // A server that decodes %2F or %2E before routing would see the decoded path: check it too.
  const decoded = decodeOnce(url.pathname);
  const decodedUrl = new URL(`${base.origin}${decoded.replace(/\\/g, '/')}`);
  for (const pathname of [url.pathname, decodedUrl.pathname]) {
    if (url.origin !== base.origin || !pathname.startsWith(prefix)) {
      return fail(
        'path_outside_v1',
        `The path resolves to ${pathname}, outside ${prefix}.`,
        'Give a path under /v1/ without ".." segments (plain or percent-encoded), e.g. products/42.',
      );
    }
  }
  return ok(url);
}

function decodeOnce(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname; // malformed escapes stay as they are; the server will judge them
  }
}

/** Query rows are appended to whatever query the path carries, without re-encoding it. */
function appendQuery(url: URL, rows: readonly NameValue[]): Result<URL> {
  const pairs: string[] = [];
  for (const { name, value } of rows) {
    if (name === '' && value === '') continue;
    if (name === '') {
      return fail(
        'invalid_request',
        'A query parameter has a value but no name.',
        'Name it or remove it.',
      );
    }
    pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  }
  if (pairs.length > 0) {
    const existing = url.search.replace(/^\?/, '');
    url.search = `?${existing === '' ? '' : `${existing}&`}${pairs.join('&')}`;
  }
  return ok(url);
}

function authHeader(auth: CallAuth): NameValue {
  return auth.kind === 'apiKey'
    ? { name: 'x-apikey', value: auth.apiKey }
    : { name: 'Authorization', value: `Bearer ${auth.accessToken}` };
}

export function buildV1Request(
  target: { baseUrl: string; companyId: string },
  auth: CallAuth,
  call: V1Call,
): Result<PreparedRequest> {
  const resolved = resolveV1Url(target.baseUrl, call.path);
  if (!resolved.ok) return resolved;

  const withQuery = appendQuery(resolved.value, call.query);
  if (!withQuery.ok) return withQuery;
  const url = withQuery.value;

  const companyId = checkHeaderValue(target.companyId, 'Company ID');
  if (!companyId.ok) return companyId;
  const headers: NameValue[] = [
    { name: 'Content-Type', value: 'application/json' },
    { name: 'companyId', value: target.companyId },
    authHeader(auth),
  ];
  const secretCheck = checkHeaderValue(headers[2]?.value ?? '', 'The stored credential');
  if (!secretCheck.ok) return secretCheck;
  for (const header of call.headers) {
    if (header.name.trim() === '' && header.value === '') continue;
    const checked = checkUserHeader(header);
    if (!checked.ok) return checked;
    headers.push(checked.value);
  }

  if (NO_BODY_METHODS.has(call.method) && call.body.trim() !== '') {
    return fail(
      'invalid_request',
      `A ${call.method} request cannot carry a body.`,
      'Clear the body, or choose POST, PUT or PATCH.',
    );
  }
  const body = NO_BODY_METHODS.has(call.method) || call.body === '' ? null : call.body;
  return ok({ method: call.method, url: url.href, headers, body });
}
