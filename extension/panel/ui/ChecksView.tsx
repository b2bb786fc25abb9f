/**
 * The Checks tab of an answer: each assertion passed or failed, with what its expression found
 * and, for a failure, why; the answer against its OpenAPI response schema (each place that does
 * not match, with what was expected); then the values taken from the answer for later calls (or
 * why one was not taken or not kept). Once the secrets are locked the values are no longer shown:
 * the lock drops every carried value (one may be a token's base64 or an upper-cased key, which
 * nothing masks once the secrets are sealed), and so does this view of them; so are what an
 * assertion found and expected and a schema finding's text (each may quote the answer, or a
 * carried value put into the assertion), the verdicts stay.
 */
import { useMemo } from 'preact/hooks';
import type { SchemaOutcome } from '../../../src/checks/schema-check';
import { useStore } from '../state/store';
import type { ShownChecks } from '../state/use-checks';

/** What a carried value shows once the lock dropped it. */
const DROPPED = 'dropped when the secrets were locked';
/** What an assertion or a schema finding shows of the answer's text once the secrets are locked. */
const HIDDEN = 'found and expected: hidden when the secrets were locked';

/** Whether the secrets are locked now, or were locked while this view was shown. */
function useLockedSince(): boolean {
  const lock = useStore((state) => state.lock);
  const sealings = useStore((state) => state.lockPanel.sealings);
  // The count when the view was first shown (a value taken once): a lock since moves it.
  const shownAt = useMemo(() => (lock === 'locked' ? -1 : sealings), []);
  return lock === 'locked' || sealings !== shownAt;
}

function SchemaResults({ schema, hidden }: { schema: SchemaOutcome; hidden: boolean }) {
  const against =
    schema.status === null ? schema.operation : `${schema.operation} ${schema.status}`;
  return (
    <>
      <h3>Response schema</h3>
      <ul class="check-results" aria-label="Schema results">
        {schema.findings.length === 0 ? (
          <li class="good">
            <strong>Passed</strong> the answer matches the schema of <code>{against}</code>
          </li>
        ) : (
          schema.findings.map((item, index) => (
            <li key={index} class="bad">
              <strong>Failed</strong> <code>{item.path}</code>
              {hidden ? (
                <span class="muted"> {HIDDEN}</span>
              ) : (
                <>
                  <span class="muted"> found {item.found}</span>
                  <span>: expected {item.expected}</span>
                </>
              )}
            </li>
          ))
        )}
        {schema.more > 0 && <li class="bad">and {schema.more} more places that do not match</li>}
      </ul>
    </>
  );
}

export function ChecksView({ checks }: { checks: ShownChecks }) {
  const { outcome, refused } = checks;
  const dropped = useLockedSince();
  return (
    <div class="checks-view">
      {outcome.assertions.length > 0 && (
        <ul class="check-results" aria-label="Assertion results">
          {outcome.assertions.map((item, index) => (
            <li key={index} class={item.passed ? 'good' : 'bad'}>
              <strong>{item.passed ? 'Passed' : 'Failed'}</strong>{' '}
              <code>
                {item.expression} {item.operator}
                {item.value === '' || dropped ? '' : ` ${item.value}`}
              </code>
              {dropped ? (
                <span class="muted"> {HIDDEN}</span>
              ) : (
                <>
                  <span class="muted"> found {item.found}</span>
                  {!item.passed && <span>: {item.why}</span>}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {outcome.schema && <SchemaResults schema={outcome.schema} hidden={dropped} />}
      {outcome.carried.length > 0 && (
        <>
          <h3>Values for later calls</h3>
          <ul class="check-results" aria-label="Values for later calls">
            {outcome.carried.map((item) => {
              const notKept = refused.find((entry) => entry.name === item.name);
              return (
                <li key={item.name} class={item.value === null || notKept ? 'bad' : 'good'}>
                  <code>{`{{${item.name}}}`}</code>{' '}
                  {item.value === null
                    ? `not set: ${item.problem}`
                    : notKept
                      ? `not kept: ${notKept.reason}`
                      : dropped
                        ? DROPPED
                        : `= ${item.value}`}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}
