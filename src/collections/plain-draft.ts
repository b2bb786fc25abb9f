/**
 * Whether the composer's Full URL line has nothing to say about a call, told without the URL
 * rules themselves (draft-checks.ts `previewUrl`, which the panel loads apart from its start-up
 * code): no {{variables}}, no query or header rows, no body on GET or HEAD, a path of plain
 * segments, a printable ASCII company ID and a base URL written as a browser writes it. When this
 * says true, `previewUrl` answers the URL exactly as written (plain-draft.test.ts holds the two
 * together); when it says false, only `previewUrl` can tell.
 */
import { type ComposedCall, oversizedPart } from '../vocabulary/terms';

/** A path segment every client sends as it is, and no `.` or `..`. */
const PLAIN_SEGMENT = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/;
const PLAIN_BASE_PATH = /^[A-Za-z0-9/._~-]*$/;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

export function isPlainDraft(
  profile: { baseUrl: string; companyId: string },
  draft: ComposedCall,
): boolean {
  if (draft.query.some((row) => row.name !== '' || row.value !== '')) return false;
  if (draft.headers.some((row) => row.name.trim() !== '' || row.value !== '')) return false;
  if (draft.body.includes('{{')) return false;
  if ((draft.method === 'GET' || draft.method === 'HEAD') && draft.body.trim() !== '') return false;
  if (oversizedPart(draft) !== null) return false;
  if (draft.path !== '' && !draft.path.split('/').every((part) => PLAIN_SEGMENT.test(part))) {
    return false;
  }
  if (!PRINTABLE_ASCII.test(profile.companyId)) return false;
  return plainBase(profile.baseUrl);
}

/** A base URL that `new URL` writes back unchanged, with no query, fragment or credentials. */
function plainBase(baseUrl: string): boolean {
  if (!URL.canParse(baseUrl)) return false;
  const base = new URL(baseUrl);
  if (base.search !== '' || base.hash !== '' || base.username !== '' || base.password !== '') {
    return false;
  }
  if (!PLAIN_BASE_PATH.test(base.pathname)) return false;
  return `${base.origin}${base.pathname.replace(/\/+$/, '')}` === baseUrl;
}
