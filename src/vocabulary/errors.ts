/**
 * Errors cross every boundary (worker -> panel, service -> worker) as data, never as thrown
 * strings: a code for programs, a plain-language message and a hint that tells the user what to do.
 * No error text may carry a secret; builders of messages receive names and masked views only.
 */

export type ErrorCode =
  | 'sender_refused'
  | 'bad_message'
  | 'unknown_type'
  | 'not_found'
  | 'invalid_profile'
  | 'invalid_request'
  | 'path_outside_v1'
  | 'missing_secret'
  | 'secret_origin_changed'
  | 'token_malformed'
  | 'token_refused'
  | 'server_unreachable'
  | 'host_unreachable'
  | 'request_not_delivered'
  | 'timeout'
  | 'cancelled'
  | 'unresolved_variable'
  | 'permission_missing'
  | 'redirect_not_followed'
  | 'storage_failed'
  | 'vault_locked'
  | 'wrong_passphrase'
  | 'invalid_passphrase'
  | 'worker_unavailable'
  | 'internal';

export interface AppError {
  code: ErrorCode;
  message: string;
  hint: string;
  /**
   * Only on a message the worker refused (`bad_message`, `unknown_type`): the worker's build id,
   * so that the panel can tell whether the two are from different builds (src/protocol/build-id.ts).
   */
  build?: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function fail(
  code: ErrorCode,
  message: string,
  hint: string,
): { ok: false; error: AppError } {
  return { ok: false, error: { code, message, hint } };
}
