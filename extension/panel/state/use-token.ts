/**
 * One OAuth profile's token as the panel shows it: what the store holds for the profile (the
 * worker's events keep it current: a renewal by a call, a refusal, a lock, an edit), Get token,
 * and the variant comparison. The toolbar shows its state at a glance; the request pane's Auth tab
 * shows it in full. A reopened panel starts from the worker's cached token (or last failure),
 * without a token request.
 */
import { useEffect, useState } from 'preact/hooks';
import type { TokenAttempt } from '../../../src/protocol/messages';
import type { AppError } from '../../../src/vocabulary/errors';
import type { TokenLogEntry, TokenShown } from '../../../src/workspace/workspace-state';
import { usePanelStore, useStore } from './store';
import { ask } from './worker-client';

export type { TokenShown };
export type Attempts = TokenAttempt[] | { error: AppError } | null;

const NO_LOG: readonly TokenLogEntry[] = [];

export function useToken(profileId: string, initial: TokenShown) {
  const store = usePanelStore();
  const entry = useStore((state) => state.tokens[profileId]);
  const [busy, setBusy] = useState<'token' | 'compare' | null>(null);
  const [attempts, setAttempts] = useState<Attempts>(null);
  const version = entry?.version ?? 0;

  useEffect(() => {
    // What the worker kept when the workspace opened, unless an event has told more since.
    if (store.get().tokens[profileId] === undefined) {
      store.dispatch({ type: 'token-shown', profileId, shown: initial });
    }
  }, [profileId]);

  // A comparison speaks of the credentials as they were: a new token or an edit makes it old.
  useEffect(() => setAttempts(null), [version]);

  async function getToken() {
    if (busy !== null) return;
    setBusy('token');
    const reply = await ask('token/get', { profileId, fresh: true });
    setBusy(null);
    store.dispatch({
      type: 'token-shown',
      profileId,
      shown: reply.ok ? reply.value : { error: reply.error },
    });
  }

  async function compare() {
    if (busy !== null) return;
    setBusy('compare');
    const reply = await ask('token/compare', { profileId });
    setBusy(null);
    setAttempts(reply.ok ? reply.value.attempts : { error: reply.error });
  }

  return {
    shown: entry?.shown ?? initial,
    log: entry?.log ?? NO_LOG,
    version,
    busy,
    attempts,
    getToken,
    compare,
  };
}

export type TokenState = ReturnType<typeof useToken>;
