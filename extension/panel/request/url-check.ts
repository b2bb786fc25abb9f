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

type DraftChecks = typeof import('../../../src/collections/draft-checks');
export type UrlCheck = DraftChecks['previewUrl'];

let loaded: DraftChecks | null = null;
let loading: Promise<DraftChecks> | null = null;

/** The check once loaded, else null. */
export function urlCheck(): UrlCheck | null {
  return loaded?.previewUrl ?? null;
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
  return loaded === null ? null : loaded.draftProblem(profile, draft, shared, locate);
}

/** Loads the check (once; again after a failure). */
export function loadUrlCheck(): Promise<DraftChecks> {
  loading ??= import('../../../src/collections/draft-checks').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Settles once the request line can show `draft` as it will stay: at once for a plain call (or
 * none), after the check has loaded (or failed to) otherwise.
 */
export async function urlCheckReadyFor(
  profile: { baseUrl: string; companyId: string },
  draft: ComposedCall | null,
): Promise<void> {
  if (loaded !== null || draft === null || isPlainDraft(profile, draft)) return;
  await loadUrlCheck().then(
    () => undefined,
    () => undefined, // the request line says the check could not load
  );
}
