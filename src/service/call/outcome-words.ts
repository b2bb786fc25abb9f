/**
 * A call's outcome in the words a list shows (History, the timeline): the status code when an
 * answer came, else what happened instead, never an internal error code.
 */
const WORDS: Readonly<Record<string, string>> = {
  cancelled: 'cancelled',
  timeout: 'timed out',
  server_unreachable: 'no answer',
  host_unreachable: 'host not found',
  redirect_not_followed: 'redirect',
  token_refused: 'no token',
  missing_secret: 'no secret saved',
  permission_missing: 'no permission',
};

export function outcomeWords(status: number | null, errorCode: string | null): string {
  if (status !== null) return String(status);
  if (errorCode === null) return '—';
  return WORDS[errorCode] ?? errorCode.replaceAll('_', ' ');
}
