/**
 * One captured call, chosen in the Capture list: what is wrong with it (security advisories
 * first, a critical one as an alert), what it sent and what came back (credentials masked, as
 * Chrome's Network panel shows them), and the actions that take it into the composer.
 */
import type { CaptureRow } from '../../../../src/capture/call-matching';
import type { CapturedBody } from '../../../../src/capture/captured-body';
import type { Finding } from '../../../../src/capture/finding';
import type { CaptureAction } from '../../../../src/workspace/capture/capture-state';
import { HeaderList } from '../../ui/HeaderList';

interface Props {
  row: CaptureRow;
  findings: Finding[];
  /** The response body is still being read from DevTools. */
  reading: boolean;
  onAct: (action: CaptureAction) => void;
}

const SEVERITY_TEXT: Record<Finding['severity'], string> = {
  critical: 'Critical',
  high: 'Security',
  error: 'Contract',
  warning: 'Warning',
  info: 'Note',
};

/** Why a response body shows no text, in words. */
function responseBodyNote(body: CapturedBody, reading: boolean): string {
  if (reading) return 'Reading the response body…';
  if (body.omitted === 'too-large') return 'The response body is too large to keep here.';
  if (body.omitted === 'binary') return 'The response body is binary.';
  return 'DevTools has no response body for this call.';
}

export function CapturedCallDetails({ row, findings, reading, onAct }: Props) {
  const { call, match } = row;
  const canCompose = match.kind === 'api';
  return (
    <section aria-label="Captured call" class="capture-details">
      <p class="mono capture-url" title={call.url}>
        {call.method} {call.url}
      </p>
      <p class="muted">
        {call.status === 0
          ? `Failed: ${call.error ?? 'no answer'}`
          : `${call.status} ${call.statusText}`}
        {match.kind === 'api' && ` · profile “${match.profile.name}”`}
        {match.kind === 'token' && ' · a token request'}
      </p>
      {canCompose && (
        <div class="row">
          <button type="button" onClick={() => onAct('open')}>
            Open in composer
          </button>
          <button type="button" onClick={() => onAct('replay')}>
            Replay with profile
          </button>
          <button type="button" onClick={() => onAct('save')}>
            Save to collection
          </button>
        </div>
      )}
      {findings.length === 0 ? (
        <p class="good">The call keeps the contract: no finding.</p>
      ) : (
        <ul class="findings" aria-label="Findings">
          {findings.map((finding) => (
            <li
              key={finding.code + finding.message}
              class={`finding ${finding.severity}`}
              role={finding.severity === 'critical' ? 'alert' : undefined}
              data-code={finding.code}
            >
              <strong>
                <span class="badge">{SEVERITY_TEXT[finding.severity]}</span> {finding.message}
              </strong>
              <p>
                <em>What to do:</em> {finding.hint}
              </p>
            </li>
          ))}
        </ul>
      )}
      <h3>Request headers (credentials masked)</h3>
      <HeaderList headers={call.requestHeaders} label="Captured request headers" />
      {call.requestBody?.text && (
        <>
          <h3>Request body</h3>
          <pre class="body">{call.requestBody.text}</pre>
        </>
      )}
      <h3>Response headers (credentials masked)</h3>
      <HeaderList headers={call.responseHeaders} label="Captured response headers" />
      <h3>Response body</h3>
      {call.responseBody.text === null ? (
        <p class="muted" role="status">
          {responseBodyNote(call.responseBody, reading)}
        </p>
      ) : (
        <section aria-label="Captured response body">
          <pre class="body">
            {call.responseBody.text === '' ? '(empty)' : call.responseBody.text}
          </pre>
        </section>
      )}
    </section>
  );
}
