/**
 * One OAuth profile's token as the panel shows it: what the store holds for the profile (the
 * worker's events keep it current: a renewal by a call, a refusal, a lock, an edit; a reopened
 * workspace starts from the worker's cached token, without a token request), Get token and the
 * variant comparison (src/workspace/token-commands.ts). The toolbar shows its state at a glance;
 * the request pane's Auth tab shows it in full. What is busy and the comparison are this view's.
 */
import { useEffect, useState } from 'preact/hooks';
import { type Attempts, compareVariants, getToken } from '../../../src/workspace/token-commands';
import type { TokenLogEntry } from '../../../src/workspace/workspace-state';
import { useStore } from './store';
import { deps } from './workspace';

const NO_LOG: readonly TokenLogEntry[] = [];

export function useToken(profileId: string) {
  const entry = useStore((state) => state.tokens[profileId]);
  const [busy, setBusy] = useState<'token' | 'compare' | null>(null);
  const [attempts, setAttempts] = useState<Attempts>(null);
  const version = entry?.version ?? 0;

  // A comparison speaks of the credentials as they were: a new token or an edit makes it old.
  useEffect(() => setAttempts(null), [version]);

  return {
    shown: entry?.shown ?? null,
    log: entry?.log ?? NO_LOG,
    version,
    busy,
    attempts,
    async getToken() {
      if (busy !== null) return;
      setBusy('token');
      await getToken(deps, profileId);
      setBusy(null);
    },
    async compare() {
      if (busy !== null) return;
      setBusy('compare');
      const compared = await compareVariants(deps, profileId);
      setBusy(null);
      setAttempts(compared);
    },
  };
}

export type TokenState = ReturnType<typeof useToken>;
