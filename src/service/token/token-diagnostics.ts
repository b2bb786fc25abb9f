/**
 * Checks a decoded token response against what the user configured and what the clock says, and
 * explains each finding in plain language with what to do about it.
 */
import { spanWords } from '../../vocabulary/span-words';
import { expiryDiagnostic, type TokenDiagnostic } from './token-finding';
import { type DecodedToken, isBearerLike } from './token-response';

export type { Severity, TokenDiagnostic } from './token-finding';

export interface DiagnosticContext {
  configuredClientId: string;
  /** The response's Date header, if any. */
  dateHeader: string | null;
  receivedAtMs: number;
  nowMs: number;
}

const SKEW_LIMIT_MS = 60_000;

export function diagnoseToken(token: DecodedToken, context: DiagnosticContext): TokenDiagnostic[] {
  const found: TokenDiagnostic[] = [];
  const add = (item: TokenDiagnostic) => found.push(item);

  if (token.accessToken === null || token.accessToken === '') {
    add({
      id: 'no_access_token',
      severity: 'error',
      title: 'No access_token in the response',
      explanation:
        'The endpoint answered without a token, so no call can be authenticated with it.',
      action:
        'Check that the Auth URL points at the token endpoint’s host and read the raw response below.',
    });
  }
  if (token.clientId !== null && token.clientId !== context.configuredClientId) {
    add({
      id: 'client_id_mismatch',
      severity: 'warning',
      title: 'The token belongs to another client',
      explanation: `The response names client_id "${token.clientId}", but this profile’s Client ID is "${context.configuredClientId}".`,
      action:
        'Check the Client ID in the profile, or whether the server maps your client to another one.',
    });
  }
  if (token.status !== null && token.status.toLowerCase() !== 'approved') {
    add({
      id: 'status_not_approved',
      severity: 'warning',
      title: `Credential status is "${token.status}"`,
      explanation:
        'The spec shows "approved" for a usable credential; other values usually mean it was revoked or is pending.',
      action: 'Ask the provider’s professional services team about the state of this credential.',
    });
  }
  const expiry = expiryDiagnostic(token, context.receivedAtMs, context.nowMs);
  if (expiry !== null) add(expiry);
  if (token.expiresInLooksLikeMs) {
    add({
      id: 'expires_in_milliseconds',
      severity: 'warning',
      title: 'expires_in looks like milliseconds',
      explanation: token.expiryExplanation,
      action:
        'If the server counts in milliseconds the real expiry is much sooner: expect a 401 before the time shown.',
    });
  }
  const serverDate = context.dateHeader === null ? Number.NaN : Date.parse(context.dateHeader);
  if (token.issuedAtMs !== null && Number.isFinite(serverDate)) {
    // Date has one-second resolution; issued_at milliseconds.
    const skew = token.issuedAtMs - serverDate;
    if (Math.abs(skew) > SKEW_LIMIT_MS) {
      add({
        id: 'clock_skew',
        severity: 'warning',
        title: 'issued_at and the response’s Date header disagree',
        explanation: `issued_at is ${spanWords(skew)} ${skew > 0 ? 'after' : 'before'} the Date header: the gateway and the token service clocks differ, or issued_at is not in milliseconds.`,
        action:
          'Expiry is computed from issued_at; if tokens expire early or late, report the skew to the provider.',
      });
    }
  }
  if (
    Number.isFinite(serverDate) &&
    Math.abs(serverDate - context.receivedAtMs) > SKEW_LIMIT_MS + 1000
  ) {
    const skew = context.receivedAtMs - serverDate;
    add({
      id: 'local_clock_skew',
      severity: 'warning',
      title: 'This computer’s clock differs from the server’s',
      explanation: `The local clock is ${spanWords(skew)} ${skew > 0 ? 'ahead of' : 'behind'} the server’s Date header.`,
      action: 'Sync the system clock; expiry countdowns are shown in local time.',
    });
  }
  if (token.missing.length > 0) {
    add({
      id: 'missing_fields',
      severity: token.missing.includes('access_token') ? 'error' : 'warning',
      title: `Missing field${token.missing.length > 1 ? 's' : ''}: ${token.missing.join(', ')}`,
      explanation:
        'The spec’s token response (section 5.3) carries these fields even in its short form.',
      action:
        'Make sure the Auth URL is the provider’s token endpoint, not a proxy that rewrites answers.',
    });
  }
  if (token.productsFrom !== null && token.products.length === 0) {
    add({
      id: 'no_products',
      severity: 'warning',
      title: 'The credential has no API products',
      explanation:
        'api_product_list is empty: the gateway will refuse every /v1 call with this token.',
      action: 'Ask the provider to add the API products you need to this credential.',
    });
  }
  if (token.productListsDisagree) {
    add({
      id: 'product_lists_disagree',
      severity: 'info',
      title: 'The two product lists disagree',
      explanation:
        'api_product_list and api_product_list_json name different products; the JSON list is shown.',
      action: 'Nothing to do unless a call is refused; then mention it to the provider.',
    });
  }
  if (!isBearerLike(token.tokenType)) {
    add({
      id: 'token_type',
      severity: 'warning',
      title: `token_type is ${token.tokenType === null ? 'missing' : `"${token.tokenType}"`}`,
      explanation:
        'The spec’s value is "Bearer" (Apigee sends "BearerToken"); the panel still sends Authorization: Bearer <token>.',
      action:
        'If calls are refused, ask the provider which authorization scheme this token is for.',
    });
  }
  return found;
}
