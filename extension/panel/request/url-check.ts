/**
 * The composer's URL check (draft-checks.ts `previewUrl` and the service's URL rules it runs,
 * about 2.5 kB gzip) loads apart from the panel's start-up code: a plain call
 * (src/collections/plain-draft.ts) needs no Full URL line, so the request line shows none without
 * it. The check loads right after the workbench's first render; a workspace that opens on a call
 * that is not plain waits for it (Workspace.tsx), so that its first render shows the line too.
 */
import type { PreviewProfile } from '../../../src/collections/draft-checks';
import { isPlainDraft } from '../../../src/collections/plain-draft';
import type { ComposedCall, NameValue } from '../../../src/vocabulary/terms';
import { type LoadOnce, loadOnce } from '../ui/lazy';

type DraftChecks = typeof import('../../../src/collections/draft-checks');
export type UrlCheck = DraftChecks['previewUrl'];

/** The check, loaded once for the whole page (and again after a failure). */
export const urlChecks: LoadOnce<DraftChecks> = loadOnce(
  () => import('../../../src/collections/draft-checks'),
);

/** The check once loaded, else null. */
export function urlCheck(): UrlCheck | null {
  return urlChecks.value?.previewUrl ?? null;
}

/**
 * What the composer flags about the call (draft-checks.ts `draftProblem`), asked when Save request
 * opens, long after the check has loaded; null (nothing flagged) if it could not load, which the
 * request line says.
 */
export function draftProblem(
  profile: PreviewProfile,
  draft: ComposedCall,
  shared: readonly NameValue[],
  locate: Parameters<DraftChecks['draftProblem']>[3],
): string | null {
  const loaded = urlChecks.value;
  return loaded === null ? null : loaded.draftProblem(profile, draft, shared, locate);
}

/**
 * Settles once the request line can show `draft` as it will stay: at once for a plain call (or
 * none), after the check has loaded (or failed to) otherwise.
 */
export async function urlCheckReadyFor(
  profile: { baseUrl: string; companyId: string },
  draft: ComposedCall | null,
): Promise<void> {
  if (urlChecks.value !== null || draft === null || isPlainDraft(profile, draft)) return;
  await urlChecks.load().then(
    () => undefined,
    () => undefined, // the request line says the check could not load
  );
}
