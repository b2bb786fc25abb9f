/**
 * Saving and deleting a profile: its settings, its secrets, its history and its draft change in one
 * write,
 * so a stopped worker never leaves a profile without its secrets or secrets without their profile.
 */
import type { StoredProfile, StoredSecrets } from '../../../src/service/profile/profile';
import { StoredHistorySchema } from '../../../src/service/storage/stored-shapes';
import { loadSecretsValue, withoutRecord, withRecord } from './secret-store';
import { loadActiveProfileId, loadProfiles, readKey, serially, write } from './storage';
import { loadDraftChecks, loadDrafts } from './workspace-store';

export function saveProfile(profile: StoredProfile, secrets: StoredSecrets): Promise<void> {
  return serially(async () => {
    const profiles = await loadProfiles();
    const index = profiles.findIndex((item) => item.id === profile.id);
    if (index === -1) profiles.push(profile);
    else profiles[index] = profile;
    const stored = await withRecord(await loadSecretsValue(), {
      profileId: profile.id,
      ...secrets,
    });
    await write({ profiles, secrets: stored });
  });
}

export function deleteProfile(profileId: string): Promise<void> {
  return serially(async () => {
    const profiles = (await loadProfiles()).filter((item) => item.id !== profileId);
    const history = (await readKey('history', StoredHistorySchema, [])).filter(
      (item) => item.profileId !== profileId,
    );
    const active = await loadActiveProfileId();
    const { [profileId]: _dropped, ...drafts } = await loadDrafts();
    const { [profileId]: _droppedChecks, ...draftChecks } = await loadDraftChecks();
    await write({
      drafts,
      draftChecks,
      profiles,
      secrets: withoutRecord(await loadSecretsValue(), profileId),
      history,
      activeProfileId: active === profileId ? (profiles[0]?.id ?? null) : active,
    });
  });
}
