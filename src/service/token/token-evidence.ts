/**
 * The non-secret metadata of the token a call carried, for the call's explanation: its API
 * products, issued_at, scope, and whether it came from the cache. Never the token itself.
 */
import type { TokenEvidence } from '../call/fault-evidence';
import type { TokenSuccessView } from './token-grant';

/** A text field of the token response, as it came (null when absent or not text). */
function textField(view: TokenSuccessView, name: string): string | null {
  const json = view.token.specFields.find((field) => field.name === name)?.json ?? null;
  if (json === null) return null;
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'string' ? value : null;
  } catch {
    // The field is kept as the JSON it arrived as; one that does not parse shows as no scope.
    return null;
  }
}

export function tokenEvidence(view: TokenSuccessView, fromCache: boolean): TokenEvidence {
  return {
    products: [...view.token.products],
    issuedAtMs: view.token.issuedAtMs,
    scope: textField(view, 'scope'),
    fromCache,
    applicationName: textField(view, 'application_name'),
    expiresInSeconds: view.token.expiresInSeconds,
    status: view.token.status,
    clientIdTail: view.token.clientId === null ? null : view.token.clientId.slice(-4),
  };
}
