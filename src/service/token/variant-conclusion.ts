/**
 * The conclusion of Compare variants, in words: one variant accepted means use it; every variant
 * refused for the credentials means the ID or secret is wrong, or has a stray space pasted in; every variant refused for where it
 * came from means the server polices browsers. Reads only the explanations' causes, never a secret.
 */
import type { FailureCause } from './token-failure';

/** The part of a Compare variants attempt the conclusion reads (a TokenView has it). */
export interface VariantAttempt {
  label: string;
  view: { outcome: 'token' } | { outcome: 'failure'; explanation: { cause: FailureCause } };
}

function quoted(labels: readonly string[]): string {
  const shown = labels.map((label) => `“${label}”`);
  return shown.length <= 1
    ? (shown[0] ?? '')
    : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1) ?? ''}`;
}

const WHEN_ALL_REFUSED: Partial<Record<FailureCause, string>> = {
  credentials:
    'Every variant was refused for its credentials: the client ID or secret is wrong (or revoked). Check both against what the provider issued.',
  pasted:
    'Every variant was refused for its credentials, and the client secret or ID has a stray space or line break from copy and paste: edit the profile, retype it without them, and compare again. See Why it failed under Get token.',
  origin:
    'Every variant was refused for where it came from, not for its credentials: this server polices browser origins. See Why it failed under Get token.',
  endpoint:
    'No variant reached a token endpoint: check the Auth URL (host only; the path is added for you).',
  encoding:
    'Every variant was refused for how its credentials were encoded: see Why it failed under Get token.',
  server:
    'The server failed for every variant: try again later, and tell the provider if it persists.',
  network: 'No variant reached the server: check the Auth URL and your connection.',
};

export function concludeComparison(attempts: readonly VariantAttempt[]): string {
  const accepted = attempts
    .filter(({ view }) => view.outcome === 'token')
    .map(({ label }) => label);
  const refused = attempts
    .filter(({ view }) => view.outcome === 'failure')
    .map(({ label }) => label);
  if (attempts.length === 0) return 'Nothing was compared.';
  if (refused.length === 0) return 'The server accepts every variant: any of them works.';
  if (accepted.length > 0) {
    return `Use ${quoted(accepted)}: the server accepted ${accepted.length === 1 ? 'it' : 'them'} and refused ${quoted(refused)}.`;
  }
  const causes = new Set(
    attempts.map(({ view }) =>
      view.outcome === 'failure' ? view.explanation.cause : ('unknown' as const),
    ),
  );
  // An encoding problem in one variant and refused credentials in the others: still the credentials.
  if (causes.has('encoding') && causes.has('credentials')) causes.delete('encoding');
  // A stray space or line break explains a refusal for the credentials or their encoding alike.
  if (causes.has('pasted')) {
    causes.delete('credentials');
    causes.delete('encoding');
  }
  const [only] = [...causes];
  const words = causes.size === 1 && only !== undefined ? WHEN_ALL_REFUSED[only] : undefined;
  return (
    words ??
    'No variant got a token, each for its own reason: press Get token with each auth method and read Why it failed.'
  );
}
