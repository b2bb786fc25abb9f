/**
 * Which service addresses a profile may use. Credentials go over https, except to this machine's
 * loopback, where the sandbox emulator runs over plain http.
 */
import { fail, ok, type Result } from '../../vocabulary/errors';

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '[::1]') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * The plain-http hosts the manifest grants at install (`host_permissions`). Other loopback names
 * would pass the transport rule but could never be granted (optional permissions are https only).
 */
const GRANTED_HTTP_HOSTS = new Set(['localhost', '127.0.0.1']);

/** Parses a service address (Auth URL or Base URL) and applies the transport rules. */
export function parseServiceUrl(raw: string, label: string): Result<URL> {
  const text = raw.trim();
  if (text === '') {
    return fail(
      'invalid_profile',
      `${label} is empty.`,
      `Enter the ${label}, e.g. https://api.example.com.`,
    );
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail(
      'invalid_profile',
      `${label} is not a valid URL.`,
      `Write it in full with its scheme, e.g. https://api.example.com.`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return fail('invalid_profile', `${label} must use https.`, `Use an https:// address.`);
  }
  if (
    url.protocol === 'http:' &&
    isLoopbackHost(url.hostname) &&
    !GRANTED_HTTP_HOSTS.has(url.hostname)
  ) {
    return fail(
      'invalid_profile',
      `${label} uses http://${url.hostname}, which the extension cannot be allowed to reach.`,
      `Use http://127.0.0.1${url.port ? `:${url.port}` : ''} or http://localhost${url.port ? `:${url.port}` : ''} for a server on this machine.`,
    );
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return fail(
      'invalid_profile',
      `${label} uses plain http to ${url.hostname}: credentials would cross the network unencrypted.`,
      `Use https://${url.host}${url.pathname === '/' ? '' : url.pathname}. Plain http is allowed only for this machine (localhost, 127.0.0.1).`,
    );
  }
  if (url.username !== '' || url.password !== '') {
    return fail(
      'invalid_profile',
      `${label} contains a user name or password.`,
      'Remove the user:password@ part; credentials belong in the profile’s secret fields.',
    );
  }
  if (url.search !== '' || url.hash !== '' || /[?#]/.test(text)) {
    return fail(
      'invalid_profile',
      `${label} contains a query or fragment.`,
      'Give only the scheme, host and optional base path, e.g. https://api.example.com.',
    );
  }
  return ok(url);
}

/** The address without a trailing slash, so that `${base}/v1/...` never doubles a slash. */
export function withoutTrailingSlash(url: URL): string {
  return url.href.replace(/\/+$/, '');
}

/**
 * Host-permission patterns the browser must grant before the worker can reach these addresses:
 * plain http to this machine is granted at install; every https origin (localhost included, as
 * the install grant is http only) is asked for, one origin at a time.
 */
export function originPatternsToRequest(urls: readonly string[]): string[] {
  const patterns = new Set<string>();
  for (const raw of urls) {
    let url: URL;
    try {
      url = new URL(raw.trim());
    } catch {
      continue; // validation reports unparsable URLs; nothing to ask permission for
    }
    if (url.protocol === 'https:') patterns.add(`${url.protocol}//${url.hostname}/*`);
  }
  return [...patterns];
}

/** Host patterns only `removed` needed: what deleting it may give back to the user. */
export function originsOnlyUsedBy(
  removed: { authUrl: string; baseUrl: string },
  remaining: readonly { authUrl: string; baseUrl: string }[],
): string[] {
  const stillUsed = new Set(
    remaining.flatMap((profile) => originPatternsToRequest([profile.authUrl, profile.baseUrl])),
  );
  return originPatternsToRequest([removed.authUrl, removed.baseUrl]).filter(
    (origin) => !stillUsed.has(origin),
  );
}
