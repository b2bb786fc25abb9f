/**
 * Masked views of secrets in what the sandbox shows (the /v1 echo and `GET /__sandbox/requests`):
 * an answer body ends up in the panel, in screenshots and in shared bug reports, so a secret never
 * appears there whole. In-process `sandbox.requests` keeps raw values for tests.
 */

export const MASK = '••••';
const SECRET_HEADERS = new Set(['x-apikey', 'authorization', 'proxy-authorization']);

/** `••••` and the last 4 characters; fewer for short values, so a mask never shows most of one. */
export function maskSecret(secret: string): string {
  if (secret.length === 0) return '';
  const shown = Math.min(4, Math.floor(secret.length / 4));
  return MASK + (shown > 0 ? secret.slice(-shown) : '');
}

export function redactHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  // fromEntries defines properties, so even a header named __proto__ stays a plain entry.
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      SECRET_HEADERS.has(name.toLowerCase()) ? maskSecret(value) : value,
    ]),
  );
}

/** Variant B sends the client secret in a form body; mask its value, leave the rest as sent. */
export function redactFormBody(body: string): string {
  return body.replace(
    /(^|&)(client_secret=)([^&]*)/g,
    (_all, start: string, name: string, value: string) => `${start}${name}${maskSecret(value)}`,
  );
}
