/**
 * What an import did, line by line, opened across the main area (the sidebar has no room for
 * it): what was kept, changed or dropped, and, for an OpenAPI document, New profile from this API
 * (a command the panel's one profile editor answers, state/profile-intents.ts).
 */

import type { ImportSummaryLines } from '../../../../src/workspace/collections-state';
import { newProfile } from '../../state/profile-intents';

export function ImportSummary({
  summary,
  onDismiss,
}: {
  summary: ImportSummaryLines;
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
          <button type="button" onClick={() => summary.suggested && newProfile(summary.suggested)}>
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
