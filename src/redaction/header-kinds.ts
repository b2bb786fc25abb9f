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

/** Set by the browser itself: a call from the panel cannot set them, whoever wrote the command. */
const BROWSER_SET = new Set([
  'authority',
  'user-agent',
  'accept-encoding',
  'origin',
  'referer',
  'connection',
  'host',
  'content-length',
  'te',
  'keep-alive',
]);

/** What a browser adds to every request: noise in a browser's copy, meant when a person wrote it. */
const BROWSER_ADDED = new Set([
  'accept-language',
  'priority',
  'dnt',
  'pragma',
  'cache-control',
  'upgrade-insecure-requests',
  'purpose',
  'x-client-data',
]);

/**
 * The credential header `lowerName` names, as it is usually written, or undefined. Quotes and
 * carets left by a half-understood paste must not hide a credential behind an odd-looking name.
 */
export function credentialHeaderLabel(lowerName: string): string | undefined {
  return CREDENTIAL_HEADERS.get(lowerName.replace(/[\^'"`]/g, ''));
}

/**
 * Headers only the browser may set (fetch cannot): HTTP/2 pseudo-headers (`:authority`, `:path`,
 * …) and every `Sec-` header included.
 */
export function isBrowserOnlyHeader(lowerName: string): boolean {
  return BROWSER_SET.has(lowerName) || lowerName.startsWith(':') || lowerName.startsWith('sec-');
}

/** Headers a browser adds to every request, which a person may also mean (Accept-Language). */
export function isBrowserAddedHeader(lowerName: string): boolean {
  return BROWSER_ADDED.has(lowerName);
}

/** Either kind: what a call recorded by a browser (a HAR file, a captured call) carries by itself. */
export function isBrowserHeader(lowerName: string): boolean {
  return isBrowserOnlyHeader(lowerName) || isBrowserAddedHeader(lowerName);
}

/** A copy from a browser's network panel: it carries the headers only a browser sends. */
export function isBrowserCopy(headers: readonly { name: string; value: string }[]): boolean {
  return headers.some(({ name, value }) => {
    const lower = name.toLowerCase();
    return (
      lower.startsWith('sec-ch-ua') ||
      lower.startsWith('sec-fetch-') ||
      (lower === 'user-agent' && value.startsWith('Mozilla/'))
    );
  });
}

/** `application/json`, with or without parameters (`; charset=utf-8`). */
export function isJsonContentType(value: string): boolean {
  return value.split(';')[0]?.trim().toLowerCase() === 'application/json';
}
