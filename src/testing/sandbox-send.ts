/**
 * The worker's send path for an API-key profile, in Node, for the run tests and the run bench:
 * `{{variables}}` resolved from the profile, the carried values and the collection's, the /v1
 * request built with the contract headers and sent over real HTTP (to the sandbox), exactly as
 * extension/background/handlers/send-request.ts does it, less the browser's storage and permissions.
 */
import { carryValues } from '../checks/carried-values';
import { withCarried } from '../checks/with-carried';
import type { SavedRequest } from '../collections/model';
import type { HttpExchange } from '../service/call/execute';
import { buildV1Request } from '../service/call/v1-request';
import { resolveCall, unresolvedError, variablesOf } from '../service/call/variables';
import { executeRequest } from '../service/wire/observed-send';
import type { Result } from '../vocabulary/errors';
import type { NameValue } from '../vocabulary/terms';

export interface SandboxProfile {
  baseUrl: string;
  companyId: string;
  apiKey: string;
  variables: NameValue[];
}

/** A profile's send and carry, with its carried values kept in memory as the worker keeps them. */
export function sandboxSender(profile: SandboxProfile, shared: readonly NameValue[] = []) {
  let carried: NameValue[] = [];
  return {
    send: async (request: SavedRequest): Promise<Result<HttpExchange>> => {
      const values = variablesOf(withCarried(profile, carried), shared);
      const resolved = resolveCall(request, values);
      if (resolved.unresolved.length > 0) return unresolvedError(resolved.unresolved);
      const prepared = buildV1Request(
        profile,
        { kind: 'apiKey', apiKey: profile.apiKey },
        resolved.call,
      );
      if (!prepared.ok) return prepared;
      return executeRequest(prepared.value, {
        fetch: (input, init) => fetch(input, init),
        timeoutMs: 30_000,
        maxBodyBytes: 16 * 1024 * 1024,
      });
    },
    carry: async (values: NameValue[]) => {
      const result = carryValues(carried, values, [profile.apiKey]);
      carried = result.values;
      return result.refused;
    },
    carried: () => carried,
    /** What `{{name}}` in an assertion's value stands for now (as the panel gives a run). */
    variables: () => variablesOf(withCarried(profile, carried), shared),
  };
}
