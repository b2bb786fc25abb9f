/**
 * How the capture learns that a page sent an access token this extension knows to be expired,
 * without the token ever leaving the capture step: the capture keeps only a fingerprint, the
 * SHA-256 of the token's UTF-8 bytes in lower-case hex, and asks the worker which fingerprints
 * belong to tokens it obtained (`capture/check-tokens`). The worker fingerprints its own tokens the
 * same way and answers with the profile and the expiry, never a token. Tokens are compared by
 * fingerprint only; nothing compares token values outside the worker.
 *
 * SHA-256 of a bearer token is one-way for the random, high-entropy values token endpoints issue;
 * it is kept in panel memory for the captured calls and never stored.
 */
import * as v from 'valibot';

/** The list holds at most this many calls, so no question needs more fingerprints. */
export const MAX_FINGERPRINTS = 1_000;
const FINGERPRINT_PATTERN = /^[0-9a-f]{64}$/;

export const CheckTokensSchema = v.strictObject({
  fingerprints: v.pipe(
    // A custom message: valibot's own would quote the value, which may be a token sent by mistake.
    v.array(
      v.pipe(
        v.string(),
        v.regex(FINGERPRINT_PATTERN, 'expected a SHA-256 fingerprint (64 hexadecimal digits)'),
      ),
    ),
    v.maxLength(MAX_FINGERPRINTS),
  ),
});
export type CheckTokensRequest = v.InferOutput<typeof CheckTokensSchema>;

/** A token the worker obtained, as the capture may know it: whose, and until when. */
export interface KnownToken {
  fingerprint: string;
  profileId: string;
  profileName: string;
  /** When it expires (ms since the epoch), or null when the token response gave no lifetime. */
  expiresAtMs: number | null;
}

export interface CheckTokensResponse {
  /** The asked fingerprints that are tokens of this extension; the others are not listed. */
  tokens: KnownToken[];
}

function hex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** SHA-256 of the token's UTF-8 bytes, lower-case hex: the same in the panel and the worker. */
export async function fingerprintToken(token: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
}

/** The known tokens whose fingerprint was asked about, each once, in the order asked. */
export function matchFingerprints(
  asked: readonly string[],
  known: readonly KnownToken[],
): KnownToken[] {
  const byFingerprint = new Map(known.map((token) => [token.fingerprint, token]));
  const answered: KnownToken[] = [];
  for (const fingerprint of new Set(asked)) {
    const token = byFingerprint.get(fingerprint);
    if (token !== undefined) answered.push(token);
  }
  return answered;
}
