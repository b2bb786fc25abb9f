/**
 * What an import did, line by line, opened across the main area (the sidebar has no room for
 * it): what was kept, changed or dropped, and, for an OpenAPI document, New profile from this API.
 */
import type { ProfilePrefill } from '../../../../src/service/profile/profile-input';
import type { ImportSummaryLines } from '../../../../src/workspace/collections-state';

export function ImportSummary({
  summary,
  onNewProfile,
  onDismiss,
}: {
  summary: ImportSummaryLines;
  onNewProfile: (prefill: ProfilePrefill) => void;
  onDismiss: () => void;
}) {
  return (
    <>
      <ul role="status" aria-label="Import summary">
        {summary.lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div class="row">
        {summary.suggested && (
          <button
            type="button"
            onClick={() => summary.suggested && onNewProfile(summary.suggested)}
          >
            New profile from this API
          </button>
        )}
        <button type="button" class="link" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
    </>
  );
}
