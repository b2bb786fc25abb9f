/**
 * An Auth URL pasted with the token path: `https://host/o/oauth/accesstoken` copied from a spec or
 * a cURL command. The panel adds the token path itself (token-request.ts `tokenEndpoint`), so such
 * a URL would post to `…/accesstoken/o/oauth/accesstoken`. The profile editor offers the URL
 * without it ("Use https://host"); nothing is changed without the user's click.
 */
import { TOKEN_PATH } from '../token/token-request';

/**
 * The Auth URL without a pasted token path (and whatever follows it: a query, a slash), or null
 * when the URL does not end with the token path. Case-insensitive, as users paste it.
 */
export function withoutTokenPath(authUrl: string): string | null {
  const text = authUrl.trim();
  const at = text.toLowerCase().lastIndexOf(TOKEN_PATH);
  if (at === -1) return null;
  const after = text.slice(at + TOKEN_PATH.length);
  // Only at the end of the path: `/o/oauth/accesstoken`, `/…/`, `/…?grant_type=…`, `/…#…`.
  if (!/^\/?([?#].*)?$/.test(after)) return null;
  const before = text.slice(0, at);
  // A scheme and a host must remain: `https://host`, not `https:/` or nothing.
  if (!/^[a-z][a-z0-9+.-]*:\/\/[^/?#]+/i.test(before)) return null;
  return before.replace(/\/+$/, '');
}
