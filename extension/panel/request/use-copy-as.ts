/**
 * Copy as code as the request bar shows it: the composed call as a runnable cURL command, or as
 * JavaScript fetch, Python requests, HTTPie or PowerShell (src/workspace/copy-as.ts, loaded with
 * the first use; what is shown is the store's workbench slice). By default secrets are
 * environment variables (and the code is shown); "with secrets" first asks in the panel, then
 * copies the real API key or access token (never the client secret) and does not show it.
 */
import { useEffect } from 'preact/hooks';
import type { ProfileView } from '../../../src/service/profile/profile-input';
import type { CodeLanguage } from '../../../src/vocabulary/terms';
import type { CopyMode } from '../../../src/workspace/copy-as';
import { requestOf } from '../../../src/workspace/request-slice';
import type { CopyAsShown } from '../../../src/workspace/workspace-state';
import { useStore } from '../state/store';
import { sharedOf } from '../state/workbench-intents';
import { deps, store } from '../state/workspace';
import { copyText } from '../ui/copy-text';

export type { CopyMode };

const loadCopyAs = () => import('../../../src/workspace/copy-as');

/** How each language is named on its buttons: "Copy as cURL", "Copy as Python", … */
export const LANGUAGE_NAMES: Record<CodeLanguage, string> = {
  curl: 'cURL',
  fetch: 'fetch',
  python: 'Python',
  httpie: 'HTTPie',
  powershell: 'PowerShell',
};

const PREVIEW_DELAY_MS = 300;

const set = (change: Partial<CopyAsShown>) =>
  store.dispatch({ type: 'workbench/copy-as', set: change });

/** The code shown follows the draft: an edit rewrites it (a moment later, not on every key). */
export function useCopyAsFollow(profile: ProfileView) {
  const draft = useStore((state) => requestOf(state, profile.id).draft);
  const shared = useStore((state) => sharedOf(state, profile.id));
  const language = useStore((state) => state.workbench.copyAs.shown?.language ?? null);
  useEffect(() => {
    if (language === null) return;
    let stale = false;
    const source = { profileId: profile.id, draft, shared };
    const timer = setTimeout(async () => {
      const code = await (await loadCopyAs()).codeFor(deps, source, language);
      if (code !== null && !stale) set({ shown: { language, code } });
    }, PREVIEW_DELAY_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [draft, shared, language]);
}

const secretOf = (profile: ProfileView) =>
  profile.authMethod === 'apiKey' ? 'API key' : 'access token';

export function useCopyAs(profile: ProfileView) {
  const copyAs = useStore((state) => state.workbench.copyAs);
  const secret = secretOf(profile);
  return {
    ...copyAs,
    secret,
    copy: async (language: CodeLanguage, mode: CopyMode) => {
      const state = store.get();
      const source = {
        profileId: profile.id,
        draft: requestOf(state, profile.id).draft,
        shared: sharedOf(state, profile.id),
      };
      return (await loadCopyAs()).copyCode(deps, source, { language, mode, secret }, copyText);
    },
    askForSecrets: (language: CodeLanguage) => set({ confirming: language }),
    cancelSecrets: () => set({ confirming: null }),
    hide: () => set({ shown: null, status: '' }),
  };
}

export type CopyAs = ReturnType<typeof useCopyAs>;
