/**
 * The Timeline tab: what the worker did for one call, step by step, with when and how long: the
 * token taken from the cache (its masked tail, age and time left) or requested (why, the variant,
 * the request and answer with secrets masked), the call as sent, a refusal of its token and the
 * retry with a renewed one. A failed step (a refused token request, a call answered with an error
 * or not at all) offers its support report. Try it by hand: a profile on a sandbox started with
 * `--token-lifetime 75`, Send twice a minute apart, and read the second call's timeline.
 */
import { useState } from 'preact/hooks';
import type { HttpExchange } from '../../../src/service/call/execute';
import { outcomeWords } from '../../../src/service/call/outcome-words';
import type { TimelineStep } from '../../../src/service/call/timeline';
import type { TokenView } from '../../../src/service/token/token-grant';
import { spanWords } from '../../../src/vocabulary/span-words';
import type { ComposedCall } from '../../../src/vocabulary/terms';
import type { ReportSource } from '../../../src/workspace/report/support-report-commands';
import { whyWords } from '../../../src/workspace/token/token-words';
import { HeaderList } from '../ui/HeaderList';
import { lazyComponent } from '../ui/lazy';

/** The report's code loads when a report is first shown. */
const SupportReport = lazyComponent(() =>
  import('../ui/SupportReport').then((module) => module.SupportReport),
);

/** What a failed step's support report needs: the call, and its answer if any. */
export interface TimelineReport {
  call: ComposedCall;
  exchange?: HttpExchange;
  /** When the answer arrived. */
  at?: number;
}

const VARIANT_WORDS = { basic: 'variant A, Basic header', body: 'variant B, form body' } as const;

function TokenExchange({ view }: { view: TokenView }) {
  const { request, response } = view;
  return (
    <details>
      <summary>Token request and answer (secrets masked)</summary>
      <p>
        <code>
          {request.method} {request.url}
        </code>
      </p>
      <HeaderList headers={request.headers} label="Token request headers" />
      {request.body !== '' && <pre class="timeline-body">{request.body}</pre>}
      {response !== null && (
        <>
          <p>
            {response.status} {response.statusText} in {response.durationMs} ms
          </p>
          <pre class="timeline-body">{response.bodyText}</pre>
        </>
      )}
    </details>
  );
}

function StepText({ step }: { step: TimelineStep }) {
  switch (step.step) {
    case 'token-cached': {
      const left = step.expiresAtMs === null ? null : step.expiresAtMs - step.atMs;
      return (
        <>
          Token taken from the cache: <code>{step.tail}</code>,{' '}
          {spanWords(step.atMs - step.receivedAtMs)} old
          {left === null ? ', no known expiry' : `, ${spanWords(left)} left`}.
        </>
      );
    }
    case 'token-requested': {
      const { view } = step;
      const outcome =
        view.outcome === 'token'
          ? `a token came: ${view.token.accessTokenMasked ?? '(none)'}`
          : `refused: ${view.explanation.summary}`;
      return (
        <>
          Token requested ({VARIANT_WORDS[view.request.variant]}) because {whyWords(step.why)}:{' '}
          {outcome}
          <TokenExchange view={view} />
        </>
      );
    }
    case 'token-refused':
      return (
        <>
          The API refused the token <code>{step.tail}</code>
          {step.why === undefined ? '' : `: ${step.why}`}. It is dropped and a new one requested.
        </>
      );
    case 'call':
      return (
        <>
          {step.attempt > 0 ? 'Sent again with the renewed token: ' : 'Sent: '}
          <code>
            {step.method} {step.url}
          </code>{' '}
          → {outcomeWords(step.status, step.errorCode)}
        </>
      );
  }
}

/** The report of a failed step; null when the step did not fail. */
function failedSource(
  step: TimelineStep,
  last: boolean,
  { call, exchange, at }: TimelineReport,
): ReportSource | null {
  if (step.step === 'token-requested') {
    return step.view.outcome === 'failure'
      ? { kind: 'token', view: step.view, atMs: step.atMs }
      : null;
  }
  if (step.step !== 'call' || (step.status !== null && step.status < 400)) return null;
  // The last try is the answer shown: its report has all of it (headers, fault, token).
  return last && exchange !== undefined && at !== undefined
    ? { kind: 'answer', exchange, call, atMs: at }
    : { kind: 'step', step, call };
}

function StepReport({ number, source }: { number: number; source: ReportSource }) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button type="button" class="link" aria-expanded={open} onClick={() => setOpen(!open)}>
        Support report of step {number}
      </button>
      {open && <SupportReport source={source} previewAtOnce />}
    </div>
  );
}

interface Props {
  steps: readonly TimelineStep[] | null;
  /** Given, a failed step offers its support report. */
  report?: TimelineReport;
}

export function TimelineView({ steps, report }: Props) {
  if (steps === null) {
    return <p class="muted">No timeline for this call (it was kept by an earlier version).</p>;
  }
  if (steps.length === 0) return <p class="muted">The call was refused before it was sent.</p>;
  const first = steps[0]?.atMs ?? 0;
  const lastCall = steps.findLastIndex((step) => step.step === 'call');
  return (
    <ol class="timeline" aria-label="Timeline">
      {steps.map((step, index) => {
        const duration =
          step.step === 'token-requested' || step.step === 'call' ? step.durationMs : null;
        const source = report && failedSource(step, index === lastCall, report);
        return (
          <li key={index} class={`timeline-step timeline-${step.step}`}>
            <span class="timeline-time">
              +{step.atMs - first} ms{duration === null ? '' : ` · ${duration} ms`}
            </span>{' '}
            <StepText step={step} />
            {report && source && <StepReport number={index + 1} source={source} />}
          </li>
        );
      })}
    </ol>
  );
}
