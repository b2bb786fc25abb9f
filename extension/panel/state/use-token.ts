/**
 * One OAuth profile's token as the panel shows it: the last outcome of Get token (a decoded token,
 * or a failure explained), and the variant comparison. The toolbar shows its state at a glance;
 * the request pane's Auth tab shows it in full. A reopened panel starts from the worker's cached
 * token (or last failure), without a token request.
 */
import { useState } from 'preact/hooks';
import type { TokenAttempt } from '../../../src/protocol/messages';
import type { TokenView } from '../../../src/service/token/token-grant';
import type { AppError } from '../../../src/vocabulary/errors';
import { ask } from './worker-client';

export type TokenShown = { view: TokenView; fromCache: boolean } | { error: AppError } | null;
export type Attempts = TokenAttempt[] | { error: AppError } | null;

export function useToken(profileId: string, initial: TokenShown) {
  const [shown, setShown] = useState<TokenShown>(initial);
  const [busy, setBusy] = useState<'token' | 'compare' | null>(null);
  const [attempts, setAttempts] = useState<Attempts>(null);

  async function getToken() {
    if (busy !== null) return;
    setBusy('token');
    const reply = await ask('token/get', { profileId, fresh: true });
    setBusy(null);
    setShown(reply.ok ? reply.value : { error: reply.error });
  }

  async function compare() {
    if (busy !== null) return;
    setBusy('compare');
    const reply = await ask('token/compare', { profileId });
    setBusy(null);
    setAttempts(reply.ok ? reply.value.attempts : { error: reply.error });
  }

  return { shown, busy, attempts, getToken, compare };
}

export type TokenState = ReturnType<typeof useToken>;
