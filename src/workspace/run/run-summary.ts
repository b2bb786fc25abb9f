/**
 * The Run view's status line, in words, from what the runs slice holds of a run (run-state.ts):
 * how far a run going has got, and how an ended one ended (finished, cancelled, stopped on a
 * failure, on a gateway's used-up quota with when to try again, or on a token refused twice, with
 * what to check). Pure: `now` is the time a quota's reset is counted from.
 */
import { formatDuration, quotaIdentifier, retryWhen } from '../../service/call/fault-evidence';
import { headerValue, readGatewayFault } from '../../service/call/gateway-fault';
import type { RunResult } from './collection-runner';
import type { RunShown } from './run-state';

/** What the quota's answer says: the identifier it counts, and when to try again. */
function quotaFacts(result: RunResult | undefined, now: number) {
  const exchange = result?.outcome.ok ? result.outcome.value : null;
  if (exchange === null) return { identifier: null, when: null };
  const contentType = headerValue(exchange.headers, 'content-type') ?? '';
  const text = readGatewayFault({ ...exchange, contentType })?.text ?? '';
  return { identifier: quotaIdentifier(text), when: retryWhen(exchange.headers, now) };
}

export function runSummary(run: RunShown, now: number): string {
  const { results, total } = run;
  const passed = results.filter((result) => result.passed).length;
  if (run.running) return `Running: ${results.length} of ${total} requests done…`;
  if (run.end === null) return '';
  const counted = `${passed} of ${results.length} requests passed`;
  if (run.end === 'done') return `Run finished: ${counted}.`;
  if (run.end === 'cancelled')
    return `Run cancelled after ${results.length} of ${total} requests: ${counted}.`;
  if (run.end === 'stopped on a quota') {
    const { identifier, when } = quotaFacts(results.at(-1), now);
    return `Run stopped after ${results.length} of ${total} requests: the gateway’s quota${identifier === null ? '' : ` for ${identifier}`} is used up (QuotaViolation), and calling on would only be refused. Try again ${when ?? 'when the quota period resets (the answer names no time: ask the provider for the period)'}: ${counted}.`;
  }
  if (run.end === 'token refused again')
    return `Run stopped after ${results.length} of ${total} requests: the API refused the profile’s token, and the renewed one too, so every next request would be refused the same way (${counted}). Press Get token to see the token request and its answer, check the profile’s client ID and secret and its access to the API, then run again.`;
  return `Run stopped on a failure after ${results.length} of ${total} requests: ${counted}.`;
}

/** The pace line, while a gateway's spike arrest set one. */
export const paceLine = (paceMs: number): string =>
  `Paced to one call every ${formatDuration(paceMs)}: the gateway’s spike arrest.`;
