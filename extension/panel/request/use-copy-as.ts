/**
 * Copy as code as the request bar shows it: the composed call as a runnable cURL command, or as
 * JavaScript fetch, Python requests, HTTPie or PowerShell (written by src/workspace/copy-as.ts,
 * loaded with the first use). By default secrets are environment variables (and the code is
 * shown); "with secrets" first asks in the panel, then copies the real API key or access token
 * (never the client secret) and does not show it.
 */
import { useEffect, useState } from 'preact/hooks';
import type { ProfileView } from '../../../src/service/profile/profile-input';
import type { AppError } from '../../../src/vocabulary/errors';
import type { CodeLanguage, NameValue } from '../../../src/vocabulary/terms';
import type { CopyMode } from '../../../src/workspace/copy-as';
import type { Draft } from '../state/use-request';
import { deps } from '../state/workspace';
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

export function useCopyAs(profile: ProfileView, draft: Draft, shared: readonly NameValue[]) {
  const [shown, setShown] = useState<{ language: CodeLanguage; code: string } | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<AppError | null>(null);
  const [confirming, setConfirming] = useState<CodeLanguage | null>(null);
  const secret = profile.authMethod === 'apiKey' ? 'API key' : 'access token';

  /** The code, or why the call cannot be written (a part too long: nothing is asked). */
  async function build(language: CodeLanguage, mode: CopyMode) {
    const { buildCode } = await loadCopyAs();
    return buildCode(deps, { profileId: profile.id, draft, shared }, language, mode);
  }

  // The code shown follows the draft: an edit rewrites it (a moment later, not on every key).
  const shownLanguage = shown?.language ?? null;
  useEffect(() => {
    if (shownLanguage === null) return;
    let stale = false;
    const timer = setTimeout(async () => {
      const reply = await build(shownLanguage, 'variables');
      if (reply.ok && !stale) setShown({ language: shownLanguage, code: reply.value.code });
    }, PREVIEW_DELAY_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [draft, shared, shownLanguage]);

  async function copy(language: CodeLanguage, mode: CopyMode) {
    setConfirming(null);
    const reply = await build(language, mode);
    if (!reply.ok) {
      setError(reply.error);
      return;
    }
    setError(null);
    setShown(mode === 'variables' ? { language, code: reply.value.code } : null);
    const copied = await copyText(reply.value.code);
    setStatus((await loadCopyAs()).copyStatus(copied, mode, secret));
  }

  return {
    secret,
    shown,
    status,
    error,
    confirming,
    copy,
    askForSecrets: (language: CodeLanguage) => setConfirming(language),
    cancelSecrets: () => setConfirming(null),
    hide: () => {
      setShown(null);
      setStatus('');
    },
  };
}

export type CopyAs = ReturnType<typeof useCopyAs>;
