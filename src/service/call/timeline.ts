/**
 * A call's timeline: each step the worker took for it, with its time and duration, in order: the
 * token taken from the cache or requested (and why), the call as sent, a refusal of its token and
 * the retry with a renewed one. The response pane's Timeline tab shows it. Every step holds what
 * the panel may see (masked tokens, masked token requests), never a secret.
 */
import { maskSecretsIn } from '../../redaction/mask';
import type { TokenStep } from '../token/token-broker';
import type { HttpExchange } from './execute';

export interface CallStep {
  step: 'call';
  atMs: number;
  /** Null when the call ended without an answer (an error). */
  durationMs: number | null;
  method: string;
  /** As the panel shows it: the URL of the exchange, or the composed path when none came back. */
  url: string;
  status: number | null;
  /** The error code of a call that ended without an answer. */
  errorCode: string | null;
  /** 0 for the first try, 1 for the retry with a renewed token. */
  attempt: number;
}

export type TimelineStep = TokenStep | CallStep;

/** The call step of one try, from its outcome. */
export function callStep(
  atMs: number,
  attempt: number,
  fallback: { method: string; url: string },
  outcome: { ok: true; value: HttpExchange } | { ok: false; error: { code: string } },
): CallStep {
  if (!outcome.ok) {
    return {
      step: 'call',
      atMs,
      durationMs: null,
      ...fallback,
      status: null,
      errorCode: outcome.error.code,
      attempt,
    };
  }
  const { request, status, durationMs } = outcome.value;
  return {
    step: 'call',
    atMs,
    durationMs,
    method: request.method,
    url: request.url,
    status,
    errorCode: null,
    attempt,
  };
}

/** The steps with every one of `secrets` masked in the URLs they name (a secret typed in a path). */
export function maskTimeline(
  steps: readonly TimelineStep[],
  secrets: readonly string[],
): TimelineStep[] {
  return steps.map((step) =>
    step.step === 'call' ? { ...step, url: maskSecretsIn(step.url, secrets) } : step,
  );
}
