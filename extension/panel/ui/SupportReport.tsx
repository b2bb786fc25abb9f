/**
 * A support report, wherever a call or a token request failed (the Explanation, a Timeline step,
 * a History entry, the Auth tab's failed token request): Preview support report builds it
 * (src/workspace/report/support-report-commands.ts), has the worker mask every secret it knows in any encoding and count them, and
 * shows it; only then do Copy support report and Save support report (a .md file) appear. While
 * the lock holds the secrets the worker cannot check the report, so it says to unlock first and
 * nothing can be copied. Each place loads it lazily, when a report is first shown. The profile is
 * the open workbench's, selected from the store.
 */
import { useEffect, useState } from 'preact/hooks';
import type { AppError } from '../../../src/vocabulary/errors';
import { activeProfileOf } from '../../../src/workspace/profiles/profiles-slice';
import type { ReportSource } from '../../../src/workspace/report/support-report-commands';
import { previewReport } from '../../../src/workspace/report/support-report-commands';
import { useStore } from '../state/store';
import { deps } from '../state/workspace';
import { copyText } from './copy-text';
import { downloadFile } from './download';
import { ErrorNotice } from './ErrorNotice';
import { thisExtension } from './report-draft';
import './SupportReport.css';

export interface SupportReportProps {
  source: ReportSource;
  /** Preview at once (the place already had a button saying "support report"). */
  previewAtOnce?: boolean;
}

/** The report as the worker masked it, why it could not be, and what Copy or Save did. */
interface Shown {
  report: { text: string; replaced: number } | null;
  error: AppError | null;
  status: string;
}

function atMsOf(source: ReportSource): number {
  if (source.kind === 'step') return source.step.atMs;
  if (source.kind === 'history') return source.entry.at;
  return source.atMs;
}

export function SupportReport({ source, previewAtOnce = false }: SupportReportProps) {
  // The open workbench's profile (this imports the store itself, not workbench-profile.ts, which
  // the start-up views import: that made the bundler split the store out of the start-up chunk).
  const profile = useStore(activeProfileOf);
  const [shown, setShown] = useState<Shown>({ report: null, error: null, status: '' });
  const { report, error, status } = shown;
  const show = (change: Partial<Shown>) => setShown((before) => ({ ...before, ...change }));

  async function preview() {
    if (profile === null) return;
    show({ error: null });
    const redacted = await previewReport(deps, source, profile, thisExtension());
    show(redacted.ok ? { report: redacted.value } : { error: redacted.error });
  }

  useEffect(() => {
    if (previewAtOnce) void preview();
  }, []);

  const stamp = new Date(atMsOf(source)).toISOString().replace(/[:.]/g, '-');
  const fileName = `support-report-${stamp}.md`;
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
              show({
                status: (await copyText(report.text))
                  ? 'Support report copied.'
                  : 'Copying failed: use Save support report.',
              })
            }
          >
            Copy support report
          </button>
          <button
            type="button"
            onClick={() => show({ status: downloadFile(fileName, report.text, 'text/markdown') })}
          >
            Save support report
          </button>
        </>
      )}
    </section>
  );
}
