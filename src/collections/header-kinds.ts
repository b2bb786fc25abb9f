/**
 * What a request header is, for every way a call comes in from outside (a pasted curl command, a
 * HAR file, a call captured from the inspected page): a credential, a cookie, a header of the
 * service contract, one the browser adds by itself, or the user's own. Importers keep only the
 * user's own; credentials and cookies are dropped and named, never quoted.
 */

/** Headers whose value is a credential: never kept, whatever the scheme. Lower-case -> shown. */
const CREDENTIAL_HEADERS = new Map([
  ['authorization', 'Authorization'],
  ['proxy-authorization', 'Proxy-Authorization'],
  ['x-apikey', 'x-apikey'],
  ['x-api-key', 'x-api-key'],
  ['apikey', 'apikey'],
  ['api-key', 'api-key'],
  ['x-auth-token', 'x-auth-token'],
  ['x-access-token', 'x-access-token'],
]);

/** What a browser adds to every request: meaningless (or forbidden) in a call from the panel. */
const BROWSER_HEADERS = new Set([
  'authority',
  'user-agent',
  'accept-language',
  'accept-encoding',
  'origin',
  'referer',
  'priority',
  'dnt',
  'pragma',
  'cache-control',
  'upgrade-insecure-requests',
  'sec-gpc',
  'connection',
  'host',
  'content-length',
  'te',
  'keep-alive',
  'purpose',
  'sec-purpose',
  'x-client-data',
]);

/**
 * The credential header `lowerName` names, as it is usually written, or undefined. Quotes and
 * carets left by a half-understood paste must not hide a credential behind an odd-looking name.
 */
export function credentialHeaderLabel(lowerName: string): string | undefined {
  return CREDENTIAL_HEADERS.get(lowerName.replace(/[\^'"`]/g, ''));
}

/** Headers the browser sets itself, HTTP/2 pseudo-headers (`:authority`, `:path`, …) included. */
export function isBrowserHeader(lowerName: string): boolean {
  return (
    BROWSER_HEADERS.has(lowerName) ||
    lowerName.startsWith(':') ||
    lowerName.startsWith('sec-ch-') ||
    lowerName.startsWith('sec-fetch-')
  );
}

/** `application/json`, with or without parameters (`; charset=utf-8`). */
export function isJsonContentType(value: string): boolean {
  return value.split(';')[0]?.trim().toLowerCase() === 'application/json';
}
