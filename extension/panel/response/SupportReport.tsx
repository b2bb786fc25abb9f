/**
 * Support report, under a failed call's explanation: Preview support report builds the report
 * (src/service/call/support-report.ts) with the call as cURL (secrets as environment variables),
 * has the worker mask every secret it knows in any encoding and count them, and shows it; only
 * then do Copy support report and Save support report (a .md file) appear.
 */
import { useState } from 'preact/hooks';
import type { HttpExchange } from '../../../src/service/call/execute';
import type { ServiceErrorExplanation } from '../../../src/service/call/service-error';
import { buildSupportReport } from '../../../src/service/call/support-report';
import type { ProfileView } from '../../../src/service/profile/profile-input';
import type { AppError } from '../../../src/vocabulary/errors';
import type { ComposedCall } from '../../../src/vocabulary/terms';
import { ask } from '../state/worker-client';
import { copyText } from '../ui/copy-text';
import { downloadFile } from '../ui/download';
import { ErrorNotice } from '../ui/ErrorNotice';

interface Props {
  exchange: HttpExchange;
  call: ComposedCall;
  profile: ProfileView;
  explanation: ServiceErrorExplanation;
  /** When the answer arrived, ms since the epoch. */
  atMs: number;
}

function browserName(): string {
  const found = /(Firefox|Edg|Chrome)\/(\d+)/.exec(navigator.userAgent);
  return found === null
    ? 'unknown browser'
    : `${found[1] === 'Edg' ? 'Edge' : found[1]} ${found[2]}`;
}

/** The gateway's code and text, as the explanation read them. */
function faultOf({ fault, facts }: ServiceErrorExplanation) {
  return fault === undefined
    ? null
    : { code: fault.code, text: fault.text, title: facts?.title ?? null };
}

export function SupportReport({ exchange, call, profile, explanation, atMs }: Props) {
  const [report, setReport] = useState<{ text: string; replaced: number } | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [status, setStatus] = useState('');

  async function preview() {
    setError(null);
    const curl = await ask('code/build', {
      profileId: profile.id,
      language: 'curl',
      mode: 'variables',
      ...call,
    });
    const text = buildSupportReport({
      atMs,
      method: exchange.request.method,
      url: exchange.request.url,
      status: exchange.status,
      statusText: exchange.statusText,
      headers: exchange.headers,
      fault: faultOf(explanation),
      token: exchange.token,
      authMethod: profile.authMethod,
      formEncodeCredentials: profile.formEncodeCredentials,
      extension: { version: chrome.runtime.getManifest().version, browser: browserName() },
      curl: curl.ok ? curl.value.code : null,
    });
    const redacted = await ask('report/redact', { text });
    if (!redacted.ok) setError(redacted.error);
    else setReport(redacted.value);
  }

  const fileName = `support-report-${new Date(atMs).toISOString().replace(/[:.]/g, '-')}.md`;
  return (
    <section class="support-report" aria-label="Support report">
      <button type="button" onClick={preview}>
        Preview support report
      </button>
      {error !== null && <ErrorNotice error={error} />}
      {report !== null && (
        <>
          <p role="status">
            {report.replaced === 0
              ? 'No secret was found in the report.'
              : `${report.replaced} place${report.replaced === 1 ? '' : 's'} held a secret and now hold its mask.`}{' '}
            {status}
          </p>
          <textarea
            class="support-report-text"
            readOnly
            rows={14}
            aria-label="Support report preview"
            value={report.text}
          />
          <button
            type="button"
            onClick={async () =>
              setStatus(
                (await copyText(report.text))
                  ? 'Support report copied.'
                  : 'Copying failed: use Save support report.',
              )
            }
          >
            Copy support report
          </button>
          <button
            type="button"
            onClick={() => downloadFile(fileName, report.text, 'text/markdown')}
          >
            Save support report
          </button>
        </>
      )}
    </section>
  );
}
