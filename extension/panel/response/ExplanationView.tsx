/**
 * The Explanation tab: what the gateway or service said, what it means and what to do, and the
 * evidence the panel holds beside the fault string (a decoded rate, when to try again, the
 * token's products and issue time, who can fix it), with the public source of the facts.
 */
import type { ComponentChildren } from 'preact';
import type { ServiceErrorExplanation } from '../../../src/service/call/service-error';

interface Props {
  explanation: ServiceErrorExplanation;
  /** Shown under the explanation (the support report). */
  children?: ComponentChildren;
}

export function ExplanationView({ explanation, children }: Props) {
  const { said, advice, facts, evidence } = explanation;
  return (
    <div class="notice notice-error" role="alert">
      <strong>The service said: {said}</strong>
      {facts !== undefined && (
        <p>
          {facts.title} ({facts.policy} policy).
        </p>
      )}
      <p>{advice}</p>
      {evidence.length > 0 && (
        <dl class="fault-evidence" aria-label="Evidence">
          {evidence.map((item) => (
            <div key={item.label}>
              <dt>{item.label}</dt>
              <dd>{item.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {facts !== undefined && <p class="muted">Source: {facts.source}</p>}
      {children}
    </div>
  );
}
