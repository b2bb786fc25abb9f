/**
 * Handlers for the profile messages. Secrets arrive here once, typed by the user, and leave only
 * as masked views.
 */

import * as v from 'valibot';
import { refuseSecretVariables } from '../../../src/collections/secrets-at-rest';
import type { Handlers } from '../../../src/protocol/router';
import type { KnownSecrets } from '../../../src/redaction/known-secret-redaction';
import { toProfileView, usesOAuth, validateProfile } from '../../../src/service/profile/profile';
import type { ProfileView } from '../../../src/service/profile/profile-input';
import { secretsForSave } from '../../../src/service/profile/secret-origin';
import { ProfileIdSchema } from '../../../src/service/storage/stored-shapes';
import { originsOnlyUsedBy } from '../../../src/service/wire/url-rules';
import { fail, ok, type Result } from '../../../src/vocabulary/errors';
import { knownSecrets } from '../stores/known-secrets';
import { deleteProfile, saveProfile } from '../stores/profile-store';
import { loadSecretMasks, loadSecrets } from '../stores/secret-store';
import {
  loadActiveProfileId,
  loadProfiles,
  StorageError,
  setActiveProfileId,
} from '../stores/storage';
import { forgetAnswers } from '../stores/workspace-store';
import { forgetToken } from './workspace';

function notFound(id: string): Result<never> {
  return fail(
    'not_found',
    `There is no profile with id ${id.slice(0, 64)}.`,
    'It may have been deleted in another DevTools window: pick a profile from the list again.',
  );
}

export const listProfiles: Handlers['profiles/list'] = async () => {
  const masks = await loadSecretMasks();
  const views = (await loadProfiles()).map(
    (profile): ProfileView => ({
      ...profile,
      secrets: masks.get(profile.id) ?? { apiKey: null, clientSecret: null },
    }),
  );
  const active = await loadActiveProfileId();
  const activeProfileId = views.some((view) => view.id === active)
    ? active
    : (views[0]?.id ?? null);
  return ok({ profiles: views, activeProfileId });
};

/** Every stored secret and held token; while the lock holds them, none (this save's are added). */
async function storedSecrets(): Promise<KnownSecrets> {
  try {
    return await knownSecrets();
  } catch (error) {
    if (!(error instanceof StorageError) || error.appError.code !== 'vault_locked') throw error;
    return { secrets: [], pairs: [] };
  }
}

export const saveProfileHandler: Handlers['profiles/save'] = async ({
  profile,
  secrets,
  keepSecretsForNewOrigin,
}) => {
  const id = profile.id;
  if (id !== undefined && !v.is(ProfileIdSchema, id)) return notFound(id);
  const existing =
    id === undefined ? undefined : (await loadProfiles()).find((item) => item.id === id);
  if (id !== undefined && existing === undefined) return notFound(id);
  // A saved secret goes to a moved host only when the save says so (secret-origin.ts).
  const kept = secretsForSave(
    existing,
    profile,
    secrets,
    id === undefined ? {} : await loadSecrets(id),
    keepSecretsForNewOrigin,
  );
  if (!kept.ok) return kept;
  const checked = validateProfile(profile, secrets, kept.value, () => crypto.randomUUID());
  if (!checked.ok) return checked;
  // Variables are kept unsealed: none may hold a secret, this profile's or another's.
  const saved = checked.value;
  const known = await storedSecrets();
  const own = [saved.secrets.apiKey, saved.secrets.clientSecret].filter(
    (secret): secret is string => secret !== undefined,
  );
  const { clientSecret } = saved.secrets;
  const pairs =
    clientSecret !== undefined && usesOAuth(saved.profile.authMethod)
      ? [...known.pairs, { clientId: saved.profile.clientId, clientSecret }]
      : known.pairs;
  const clean = refuseSecretVariables(saved.profile.variables, [...known.secrets, ...own], pairs);
  if (!clean.ok) return clean;
  await saveProfile(checked.value.profile, checked.value.secrets);
  // New settings or secrets may make the cached token wrong: the next call gets a new one. A new
  // profile has no token to forget, so its first token event is never a false "Forgotten".
  if (existing !== undefined) await forgetToken(checked.value.profile.id, 'profile-edit');
  if (id === undefined) await setActiveProfileId(checked.value.profile.id);
  return ok({
    profile: toProfileView(checked.value.profile, checked.value.secrets),
    warnings: checked.value.warnings,
  });
};

export const deleteProfileHandler: Handlers['profiles/delete'] = async ({ id }) => {
  const profiles = await loadProfiles();
  const deleted = profiles.find((item) => item.id === id);
  if (deleted === undefined) return notFound(id);
  const unusedOrigins = originsOnlyUsedBy(
    deleted,
    profiles.filter((item) => item.id !== id),
  );
  await deleteProfile(id);
  await forgetToken(id, 'profile-deleted');
  await forgetAnswers(id, 'all');
  return ok({ id, unusedOrigins });
};

export const activateProfile: Handlers['profiles/activate'] = async ({ id }) => {
  const exists = (await loadProfiles()).some((item) => item.id === id);
  if (!exists) return notFound(id);
  await setActiveProfileId(id);
  return ok({ activeProfileId: id });
};
