/**
 * The request pane's Auth tab for an OAuth profile: Compare variants (the grant with variant A, B
 * and A form-encoded, side by side) and, in the region named "Token" (the only region whose name
 * contains "Token", so automation finds it by that name), the token inspector or the explanation
 * of a failed token request. Get token lives in the toolbar; its outcome shows here. Loaded when
 * first shown: the inspector is the panel's largest view after the JSON viewer.
 */
import type { ProfileView } from '../../../src/service/profile/profile-input';
import type { TokenState } from '../state/use-token';
import { ErrorNotice } from '../ui/ErrorNotice';
import { TokenFailure } from './TokenFailure';
import { TokenInspector } from './TokenInspector';
import { VariantComparison } from './VariantComparison';

export function AuthTab({ profile, token }: { profile: ProfileView; token: TokenState }) {
  const { shown, busy, attempts } = token;
  return (
    <div class="auth-tab">
      <div class="row">
        <button type="button" aria-disabled={busy !== null} onClick={() => void token.compare()}>
          Compare variants
        </button>
        <span class="muted" role="status">
          {busy === 'compare'
            ? 'Trying each variant…'
            : busy === 'token'
              ? 'Getting a token…'
              : 'Runs the token request with variant A (Basic header), B (form body) and, where it differs, A form-encoded.'}
        </span>
      </div>
      {attempts !== null &&
        ('error' in attempts ? (
          <ErrorNotice error={attempts.error} />
        ) : (
          <VariantComparison attempts={attempts} />
        ))}
      <section aria-label="Token" class="token">
        {shown === null && (
          <p class="muted">
            Press Get token (in the toolbar) to request a token and see every field of the answer.
          </p>
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
