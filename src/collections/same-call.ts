/**
 * Whether the composed call is still the saved request it was opened from: the same method, path,
 * query, headers and body. Apart from draft-checks.ts, whose URL rules the panel loads only after
 * its first render (extension/panel/request/url-check.ts), since the workbench asks this at once.
 */
import type { ComposedCall } from '../vocabulary/terms';

/** Whether two calls are the same call (the draft and the saved request it was opened from). */
export function sameCall(draft: ComposedCall, other: ComposedCall): boolean {
  const fields = ({ method, path, query, headers, body }: ComposedCall) =>
    JSON.stringify({ method, path, query, headers, body });
  return fields(draft) === fields(other);
}
