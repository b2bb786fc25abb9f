/**
 * The query typed into Path (`orders?expand=items&flag`), split from the path and put back, as
 * typed: nothing decoded, nothing encoded, so what the user wrote is what is sent and exported.
 * The Params tab lists these pairs beside the query rows, and the exporters write them first.
 */

/** A query pair as written; `value` null for a bare name (`?flag`). */
export interface PathQueryPair {
  name: string;
  value: string | null;
}

export function splitPathQuery(path: string): { path: string; pairs: PathQueryPair[] } {
  const mark = path.indexOf('?');
  if (mark < 0) return { path, pairs: [] };
  const pairs: PathQueryPair[] = [];
  for (const pair of path.slice(mark + 1).split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    pairs.push(
      equals < 0
        ? { name: pair, value: null }
        : { name: pair.slice(0, equals), value: pair.slice(equals + 1) },
    );
  }
  return { path: path.slice(0, mark), pairs };
}

/** `path` (without a query) with `pairs` after a `?`; no `?` when there are none. */
export function joinPathQuery(path: string, pairs: readonly PathQueryPair[]): string {
  const written = pairs
    .filter((pair) => pair.name !== '' || (pair.value ?? '') !== '')
    .map(({ name, value }) => (value === null ? name : `${name}=${value}`));
  return written.length === 0 ? path : `${path}?${written.join('&')}`;
}

const VARIABLE_TOKEN = /(\{\{[^{}]*\}\})/;

/** Percent-encodes a query name or value as the request builder does, keeping `{{variables}}`. */
function encodeQueryPart(text: string): string {
  return text
    .split(VARIABLE_TOKEN)
    .map((part, index) => (index % 2 === 1 ? part : encodeURIComponent(part)))
    .join('');
}

/**
 * The query of a saved request as it is sent, for an exporter: the pairs typed into the path
 * first, as typed, then the query rows encoded as the request builder encodes them. `path` is
 * the path without its query and without leading slashes.
 */
export function sentQuery(request: {
  path: string;
  query: readonly { name: string; value: string }[];
}): { path: string; pairs: PathQueryPair[] } {
  const { path, pairs } = splitPathQuery(request.path.trim().replace(/^\/+/, ''));
  for (const { name, value } of request.query) {
    if (name === '' && value === '') continue;
    pairs.push({ name: encodeQueryPart(name), value: encodeQueryPart(value) });
  }
  return { path, pairs };
}
