/**
 * Which captured calls concern the partner API: a call the page's code made to a saved profile's
 * Base URL (under `/v1/`, or a fetch/XHR elsewhere on that address, which the path check then
 * reports; the page's documents, scripts and images are not API calls), or a call
 * to a token endpoint (`/o/oauth/accesstoken`: at a profile's Auth URL, or anywhere, since a page
 * that runs the grant itself holds a client secret whoever's it is). Everything else is `other`,
 * listed only with "Show all requests". Also the text filter of that list.
 */
import { isPageResource } from '../formats/har/har-entry';
import type { StoredProfile } from '../service/profile/profile';
import { TOKEN_PATH } from '../service/token/token-request';
import type { CapturedCall } from './captured-call';

/** The profile settings matching needs: no secret. */
export type ProfileTarget = Pick<
  StoredProfile,
  'id' | 'name' | 'baseUrl' | 'authUrl' | 'authMethod' | 'companyId'
>;

export type CallMatch =
  | {
      kind: 'api';
      profile: ProfileTarget;
      /** The Base URL as the call used it: origin and base path, no trailing slash. */
      base: string;
      /** The path after `/v1/` (as sent), or null when the call is not under `/v1`. */
      path: string | null;
      /** The version segment as the call wrote it (`v1`, or a wrong case such as `V1`). */
      version: string | null;
    }
  | { kind: 'token'; profile: ProfileTarget | null }
  | { kind: 'other' };

/** What a script sends with fetch or XMLHttpRequest (unknown in HAR files of other tools). */
const SCRIPT_CALLS = new Set(['fetch', 'xhr']);

interface Address {
  origin: string;
  /** Without a trailing slash; '' for the root. */
  path: string;
}

function addressOf(raw: string): Address | null {
  try {
    const url = new URL(raw.trim());
    return { origin: url.origin, path: url.pathname.replace(/\/+$/, '') };
  } catch {
    return null; // an unfinished profile: nothing can match it
  }
}

/** The rest of `pathname` after `base`, when the path lies at or under it. */
function under(pathname: string, base: string): string | null {
  if (pathname === base) return '';
  return pathname.startsWith(`${base}/`) ? pathname.slice(base.length) : null;
}

function matchApi(call: CapturedCall, profiles: readonly ProfileTarget[]): CallMatch | null {
  // The page's own document, scripts and images are not API calls, even under /v1/.
  if (isPageResource(call.resourceType)) return null;
  let best: { profile: ProfileTarget; address: Address; rest: string } | null = null;
  for (const profile of profiles) {
    const address = addressOf(profile.baseUrl);
    if (address === null || address.origin !== call.origin) continue;
    const rest = under(call.pathname, address.path);
    // The most specific Base URL wins: `https://h/partner` over `https://h`.
    if (rest !== null && (best === null || address.path.length > best.address.path.length)) {
      best = { profile, address, rest };
    }
  }
  if (best === null) return null;
  const base = `${best.address.origin}${best.address.path}`;
  const version = /^\/(v1)(?:\/|$)/i.exec(best.rest)?.[1] ?? null;
  if (version !== null) {
    return { kind: 'api', profile: best.profile, base, path: best.rest.slice(4), version };
  }
  const scriptCall = call.resourceType === null || SCRIPT_CALLS.has(call.resourceType);
  return scriptCall
    ? { kind: 'api', profile: best.profile, base, path: null, version: null }
    : null;
}

function matchToken(call: CapturedCall, profiles: readonly ProfileTarget[]): CallMatch | null {
  if (!call.pathname.endsWith(TOKEN_PATH)) return null;
  const profile = profiles.find((candidate) => {
    const address = addressOf(candidate.authUrl);
    return (
      address !== null &&
      address.origin === call.origin &&
      call.pathname === `${address.path}${TOKEN_PATH}`
    );
  });
  return { kind: 'token', profile: profile ?? null };
}

/** What a captured call is to the partner API, judged against the saved profiles. */
export function matchCall(call: CapturedCall, profiles: readonly ProfileTarget[]): CallMatch {
  if (call.resourceType === 'preflight') return { kind: 'other' };
  return matchToken(call, profiles) ?? matchApi(call, profiles) ?? { kind: 'other' };
}

export interface CaptureRow {
  call: CapturedCall;
  match: CallMatch;
}

export interface CaptureFilter {
  /** "Show all requests": every call the page made, not only the partner API's. */
  showAll: boolean;
  /** Words to find (any case) in the method, URL, status or profile name; all must be found. */
  text: string;
}

function haystack({ call, match }: CaptureRow): string {
  const profile = match.kind === 'other' ? '' : (match.profile?.name ?? '');
  return `${call.method} ${call.url} ${call.status} ${profile}`.toLowerCase();
}

/** The rows the list shows, in their order. */
export function filterRows(rows: readonly CaptureRow[], filter: CaptureFilter): CaptureRow[] {
  const words = filter.text
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');
  return rows.filter((row) => {
    if (!filter.showAll && row.match.kind === 'other') return false;
    if (words.length === 0) return true;
    const text = haystack(row);
    return words.every((word) => text.includes(word));
  });
}
