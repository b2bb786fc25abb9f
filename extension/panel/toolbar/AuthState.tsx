/**
 * The profile's authentication at a glance, in the toolbar: for an API-key profile the masked key;
 * for an OAuth profile the token's state (none yet, its status and a live countdown, a failed
 * request, or the cached token still in use after a failed one) and Get token. The full story is in the request pane's Auth tab.
 */
import type { ProfileView } from '../../../src/service/profile/profile-input';
import { nextChangeAt, tokenStateAt } from '../../../src/service/token/token-clock';
import type { TokenSuccessView } from '../../../src/service/token/token-grant';
import type { TokenState } from '../state/use-token';
import { Countdown } from '../ui/Countdown';
import { lazyComponent } from '../ui/lazy';
import { useClock } from '../ui/use-clock';

/** Shown only while a renewal failed: its code loads then, not with the panel. */
const StillUsing = lazyComponent(() =>
  import('../ui/StillUsing').then((module) => module.StillUsing),
);

interface Props {
  profile: ProfileView;
  token: TokenState | null;
  onGetToken: () => void;
}

function TokenGlance({ token }: { token: TokenState }) {
  const { shown, busy } = token;
  if (busy === 'token') return <span class="muted">Getting a token…</span>;
  if (shown === null) return <span class="muted">No token yet</span>;
  if ('error' in shown) return <span class="bad">No token: {shown.error.code}</span>;
  if (shown.view.outcome === 'failure') return <span class="bad">Token request failed</span>;
  if (shown.refreshFailure !== null) {
    return <StillUsing view={shown.view} summary={shown.refreshFailure.explanation.summary} />;
  }
  return <TokenBadge view={shown.view} />;
}

/** The token's status badge, as it is now: it turns to "expired" the moment the token expires. */
function TokenBadge({ view }: { view: TokenSuccessView }) {
  const now = useClock(nextChangeAt(view, Date.now()));
  const { status, expiresAtMs, accessTokenMasked } = view.token;
  const state = tokenStateAt(view, now);
  const approved = status?.toLowerCase() === 'approved';
  return (
    <>
      <span
        class={`badge ${state === 'expired' ? 'bad' : approved && state === 'good' ? 'good' : 'warn'}`}
      >
        {state === 'expired' ? 'expired' : (status ?? 'token')}
      </span>
      <code class="token-tail" title="The token the next call carries (masked)">
        {accessTokenMasked}
      </code>
      {expiresAtMs !== null && <Countdown until={expiresAtMs} />}
    </>
  );
}

export function AuthState({ profile, token, onGetToken }: Props) {
  if (profile.authMethod === 'apiKey' || token === null) {
    return (
      <span class="auth-state" title="Sent as x-apikey on every call">
        <span class="muted">API key</span> <code>{profile.secrets.apiKey ?? '(none saved)'}</code>
      </span>
    );
  }
  return (
    <span class="auth-state">
      <span class="muted wide-only">Token</span>
      <TokenGlance token={token} />
      <button
        type="button"
        class="primary"
        aria-disabled={token.busy !== null}
        onClick={onGetToken}
      >
        Get token
      </button>
    </span>
  );
}
