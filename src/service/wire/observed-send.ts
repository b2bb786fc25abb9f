/**
 * Sends a prepared request and watches it on the wire: the worker's observer reports the headers
 * as they left the browser (wire-headers.ts), and the exchange carries them. `executeRequest` for a
 * call, whose failure shows only its error; `sendObserved` for the token grant, whose debugger
 * shows the request as sent even when nothing answered. The fetch itself, with its timeout and
 * body cap, is ../call/execute.ts.
 */
import { ok, type Result } from '../../vocabulary/errors';
import { type ExecuteOptions, exchange, type HttpExchange } from '../call/execute';
import type { PreparedRequest } from '../call/v1-request';
import { NOT_REPORTED, NOT_WATCHED, type WireView } from './wire-headers';
import { markForWire } from './wire-rules';

/** A call's outcome and what the wire observer saw of it, also when no answer came back. */
export interface ObservedOutcome {
  outcome: Result<HttpExchange>;
  wire: WireView;
}

/**
 * Sends the call and, when it failed, still waits for the observer's report: the token debugger
 * shows the request as sent even when nothing answered.
 */
export function sendObserved(
  prepared: PreparedRequest,
  options: ExecuteOptions,
): Promise<ObservedOutcome> {
  return observe(prepared, options, 'settle');
}

/** Sends the call; a failed call's wire report is not waited for (only the error is shown). */
export async function executeRequest(
  prepared: PreparedRequest,
  options: ExecuteOptions,
): Promise<Result<HttpExchange>> {
  return (await observe(prepared, options, 'cancel')).outcome;
}

async function observe(
  prepared: PreparedRequest,
  options: ExecuteOptions,
  onFailure: 'settle' | 'cancel',
): Promise<ObservedOutcome> {
  const target = markForWire(prepared.url, prepared.headers);
  const watch = options.wire?.watch({
    method: prepared.method,
    url: target,
    headers: prepared.headers,
  });
  const outcome = await exchange(prepared, target, options);
  let wire = NOT_WATCHED;
  if (watch !== undefined && !outcome.ok && onFailure === 'cancel') watch.cancel();
  else if (watch !== undefined) {
    wire = await watch.settle();
    // An answer came back, so the call did leave: its report was late, not missing for a reason.
    if (outcome.ok && !wire.observed) wire = NOT_REPORTED;
  }
  return {
    outcome: outcome.ok
      ? ok({ ...outcome.value, request: { ...outcome.value.request, wire } })
      : outcome,
    wire,
  };
}
