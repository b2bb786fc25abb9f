/**
 * A failed token request, laid out for debugging: the exact request sent (the headers we set and
 * as they went out on the wire, secrets masked), the raw response, and why it failed with what to
 * try, most likely first, and its support report for the provider. (Plain blocks, not regions: the panel's one
 * region whose name starts with "Response" is the call's response.)
 */
import { useMemo } from 'preact/hooks';
import type { TokenFailureView } from '../../../src/service/token/token-grant';
import { HeaderList } from '../ui/HeaderList';
import { lazyComponent } from '../ui/lazy';
import { SentHeaders } from '../ui/SentHeaders';

/** The report's code loads when a report is first shown. */
const SupportReport = lazyComponent(() =>
  import('../ui/SupportReport').then((module) => module.SupportReport),
);

export function TokenFailure({ view }: { view: TokenFailureView }) {
  const { request, response, explanation } = view;
  // The view carries no time of its own: a failure is shown as it arrives (a time, not a state).
  const shownAt = useMemo(Date.now, []);
  return (
    <>
      <h3 class="bad">Token request failed</h3>
      <p>{explanation.summary}</p>
      <h4 id="why-it-failed">Why it failed</h4>
      <ul aria-labelledby="why-it-failed" class="advice">
        {explanation.advice.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div class="sent">
        <h4 id="request-sent">Request sent</h4>
        <p>
          <code>
            {request.method} {request.url}
          </code>{' '}
          <span class="muted">
            (variant {request.variant === 'basic' ? 'A, Basic header' : 'B, form body'}
            {request.formEncoded ? ', RFC 6749 form-encoded' : ''})
          </span>
        </p>
        <SentHeaders set={request.headers} wire={request.wire} level={5} />
        <pre class="body">{request.body}</pre>
      </div>
      <div class="received">
        <h4 id="response-received">Response received</h4>
        {response === null ? (
          <p>No response: the request did not reach a server.</p>
        ) : (
          <>
            <p>
              <code>
                HTTP {response.status} {response.statusText}
              </code>{' '}
              <span class="muted">in {response.durationMs} ms</span>
            </p>
            <HeaderList headers={response.headers} />
            <pre class="body">{response.bodyText === '' ? '(empty body)' : response.bodyText}</pre>
          </>
        )}
      </div>
      <SupportReport source={{ kind: 'token', view, atMs: shownAt }} />
    </>
  );
}
