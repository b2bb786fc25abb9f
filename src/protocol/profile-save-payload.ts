/**
 * The `profiles/save` message the profile editor sends, built here so that a property test can
 * prove the worker's schema takes every one the editor sends: a field too long or too many
 * variables give a plain error naming the field, and nothing is sent. Apart from panel-payloads.ts
 * because the editor loads on first use, not with the panel. Type-only import of the contract.
 */
import { type ProfileFields, profileProblem } from '../service/profile/profile-limits';
import { ok, type Result } from '../vocabulary/errors';
import type { RequestOf } from './messages';

/** A profile saved from the editor: its settings, the secret typed, whether it may follow. */
export function profileSavePayload(
  id: string | null,
  settings: ProfileFields,
  secrets: { apiKey: string } | { clientSecret: string },
  keepSecretsForNewOrigin: boolean,
): Result<RequestOf<'profiles/save'>> {
  const problem = profileProblem(settings, secrets);
  if (problem !== null) return { ok: false, error: problem };
  return ok({
    profile: { ...(id === null ? {} : { id }), ...settings },
    secrets,
    keepSecretsForNewOrigin,
  });
}
