/**
 * The request pane's Auth tab for an OAuth profile, which takes the whole main area while open
 * (the answer comes back with Send or another tab): Compare variants (the grant with variant A, B
 * and A form-encoded, side by side), then, in the region named "Token" (the only region whose name
 * contains "Token", so automation finds it by that name), the token inspector or the explanation
 * of a failed token request (when a good token stays cached, both: the token still in use, and why
 * a new one could not be had), then the token's recent events. Get token lives in the toolbar; its
 * outcome shows here. Loaded when first shown: the inspector is the panel's largest view after the
 * JSON viewer.
 */
import type { ProfileView } from '../../../src/service/profile/profile-input';
import { whyWords } from '../../../src/workspace/token/token-words';
import type { TokenLogEntry } from '../../../src/workspace/workspace-state';
import type { TokenState } from '../state/use-token';
import { ErrorNotice } from '../ui/ErrorNotice';
import { StillUsing } from '../ui/StillUsing';
import { TokenFailure } from './TokenFailure';
import { TokenInspector } from './TokenInspector';
import { VariantComparison } from './VariantComparison';

const CHANGE_WORDS = {
  issued: 'Issued',
  renewed: 'Renewed',
  refused: 'Refused',
  forgotten: 'Forgotten',
} as const;

/** The profile's recent token events, newest first, as the worker told them. */
function TokenEvents({ log }: { log: readonly TokenLogEntry[] }) {
  if (log.length === 0) return null;
  return (
    <div class="token-events">
      <h3 id="token-events">Token events</h3>
      <ol aria-labelledby="token-events">
        {log.map((entry) => (
          <li key={`${entry.atMs}-${entry.change}`} class={`token-event-${entry.change}`}>
            <span class="muted">{new Date(entry.atMs).toLocaleTimeString()}</span>{' '}
            {CHANGE_WORDS[entry.change]}
            {entry.tail !== null && (
              <>
                {' '}
                <code>{entry.tail}</code>
              </>
            )}
            : {whyWords(entry.why)}
          </li>
        ))}
      </ol>
    </div>
  );
}

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
        {shown !== null &&
          'view' in shown &&
          shown.view.outcome === 'token' &&
          shown.refreshFailure !== null && (
            <>
              <p>
                <StillUsing view={shown.view} summary={shown.refreshFailure.explanation.summary} />
              </p>
              <details open class="refresh-failure">
                <summary>Why a new token could not be had</summary>
                <TokenFailure view={shown.refreshFailure} />
              </details>
            </>
          )}
        {shown !== null && 'view' in shown && shown.view.outcome === 'token' && (
          // Keyed by the token: a revealed token hides the moment the token changes.
          <TokenInspector
            key={shown.view.receivedAtMs}
            profileId={profile.id}
            view={shown.view}
            fromCache={shown.fromCache}
          />
        )}
        {shown !== null && 'view' in shown && shown.view.outcome === 'failure' && (
          <TokenFailure view={shown.view} />
        )}
      </section>
      <TokenEvents log={token.log} />
    </div>
  );
}
