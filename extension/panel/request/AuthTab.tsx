/**
 * The OAuth tools of a profile: Get token (a new token, shown field by field), Compare variants
 * (the grant with variant A, B and A form-encoded, side by side), and the token inspector or the
 * failure explanation in the region named "Token" (the only region whose name contains "Token",
 * so automation can find it by that name alone).
 */
import { useState } from 'preact/hooks';
import type { TokenAttempt } from '../../../src/protocol/messages';
import type { ProfileView } from '../../../src/service/profile-input';
import type { TokenView } from '../../../src/service/token-grant';
import type { AppError } from '../../../src/vocabulary/errors';
import { ErrorNotice } from '../ui/ErrorNotice';
import { ask } from '../worker-client';
import { TokenFailure } from './TokenFailure';
import { TokenInspector } from './TokenInspector';
import { VariantComparison } from './VariantComparison';

type Shown = { view: TokenView; fromCache: boolean } | { error: AppError } | null;

export function TokenPanel({ profile }: { profile: ProfileView }) {
  const [busy, setBusy] = useState<'token' | 'compare' | null>(null);
  const [shown, setShown] = useState<Shown>(null);
  const [attempts, setAttempts] = useState<TokenAttempt[] | { error: AppError } | null>(null);

  async function getToken() {
    setBusy('token');
    const reply = await ask('token/get', { profileId: profile.id, fresh: true });
    setBusy(null);
    setShown(reply.ok ? reply.value : { error: reply.error });
  }

  async function compare() {
    setBusy('compare');
    const reply = await ask('token/compare', { profileId: profile.id });
    setBusy(null);
    setAttempts(reply.ok ? reply.value.attempts : { error: reply.error });
  }

  return (
    <div class="token-panel">
      <div class="toolbar">
        <h2 id="token-heading">OAuth token</h2>
        <button type="button" class="primary" onClick={getToken} disabled={busy !== null}>
          Get token
        </button>
        <button type="button" onClick={compare} disabled={busy !== null}>
          Compare variants
        </button>
        {busy && (
          <span role="status">
            {busy === 'token' ? 'Getting a token…' : 'Trying each variant…'}
          </span>
        )}
      </div>
      {attempts !== null &&
        ('error' in attempts ? (
          <ErrorNotice error={attempts.error} />
        ) : (
          <VariantComparison attempts={attempts} />
        ))}
      <section aria-label="Token" class="token">
        {shown === null && (
          <p class="muted">Press Get token to request a token and see every field of the answer.</p>
        )}
        {shown !== null && 'error' in shown && <ErrorNotice error={shown.error} />}
        {shown !== null && 'view' in shown && shown.view.outcome === 'token' && (
          <TokenInspector profileId={profile.id} view={shown.view} fromCache={shown.fromCache} />
        )}
        {shown !== null && 'view' in shown && shown.view.outcome === 'failure' && (
          <TokenFailure view={shown.view} />
        )}
      </section>
    </div>
  );
}
