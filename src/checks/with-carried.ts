/**
 * Where carried values stand among a call's variables (src/service/call/variables.ts): over the
 * profile's own and the collection's shared ones, beneath the profile's settings (companyId,
 * baseUrl), whose names cannot be carried anyway. Types only, so the panel's first paint can use it.
 */
import type { NameValue } from '../vocabulary/terms';

/** The profile as calls resolve it: its own variables, then the carried ones (which win). */
export function withCarried<P extends { variables: readonly NameValue[] }>(
  profile: P,
  carried: readonly NameValue[],
): P {
  return carried.length === 0
    ? profile
    : { ...profile, variables: [...profile.variables, ...carried] };
}
