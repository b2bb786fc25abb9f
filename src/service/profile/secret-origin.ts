/**
 * A saved secret never follows a changed host silently. When a profile is saved with its Base URL
 * (or, for OAuth, its Auth URL) on another origin than before, and its secret field left empty
 * ("keep what is stored"), the saved secret would be sent to a server it was never meant for. The
 * save must then say whether it goes with the new address (`keepSecretsForNewOrigin`): false (the
 * panel's default) asks for the secret again; no answer at all is refused, naming the move.
 */
import { fail, ok, type Result } from '../../vocabulary/errors';
import type { StoredProfile } from '../storage/stored-shapes';
import { type StoredSecrets, usesOAuth } from './profile';
import type { ProfileInput, SecretsInput } from './profile-input';

export interface OriginMove {
  label: 'Base URL' | 'Auth URL';
  from: string;
  to: string;
}

function originOf(url: string): string | null {
  try {
    return new URL(url.trim()).origin;
  } catch {
    return null; // an invalid URL is refused by the profile's own checks
  }
}

/** The URLs of `input` that a saved secret would newly reach, with their old and new origins. */
export function originMoves(previous: StoredProfile, input: ProfileInput): OriginMove[] {
  const fields: [OriginMove['label'], string, string][] = [
    ['Base URL', previous.baseUrl, input.baseUrl],
  ];
  if (usesOAuth(input.authMethod)) fields.unshift(['Auth URL', previous.authUrl, input.authUrl]);
  const moves: OriginMove[] = [];
  for (const [label, before, after] of fields) {
    const from = originOf(before);
    const to = originOf(after);
    if (to !== null && from !== to) moves.push({ label, from: from ?? 'no address', to });
  }
  return moves;
}

/**
 * The stored secrets the save may keep: all of them, unless a URL moved to another origin while
 * the secret field was left empty; then only with `keep` true. A refusal names the move.
 */
export function secretsForSave(
  previous: StoredProfile | undefined,
  input: ProfileInput,
  typed: SecretsInput,
  stored: StoredSecrets,
  keep: boolean | undefined,
): Result<StoredSecrets> {
  if (previous === undefined || keep === true) return ok(stored);
  const oauth = usesOAuth(input.authMethod);
  const field = oauth ? 'clientSecret' : 'apiKey';
  const label = oauth ? 'client secret' : 'API key';
  const typedValue = typed[field];
  if (stored[field] === undefined || (typedValue !== undefined && typedValue !== '')) {
    return ok(stored);
  }
  const [move] = originMoves(previous, input);
  if (move === undefined) return ok(stored);
  const where = `The ${move.label} moved from ${move.from} to ${move.to}`;
  if (keep === false) {
    return fail(
      'missing_secret',
      `${where}, and the saved ${label} does not go with it.`,
      `Enter the ${label} issued for ${move.to}, or choose to send the saved one there.`,
    );
  }
  return fail(
    'secret_origin_changed',
    `${where}: the saved ${label} would be sent there, and it is not sent to a new address without your word.`,
    `Enter the ${label} for ${move.to}, or save again saying whether the saved one goes with the new address (the profile editor asks).`,
  );
}
