/**
 * Every secret value the worker holds for a profile (API key, client secret, cached access
 * token): what must be masked wherever a call, a draft or a history entry is kept, and what no
 * export may contain.
 */
import { loadSecrets } from './secret-store';
import { loadProfiles } from './storage';
import { sessionTokenCache } from './token-cache';

export async function profileSecrets(profileId: string): Promise<string[]> {
  const { apiKey, clientSecret } = await loadSecrets(profileId);
  const token = (await sessionTokenCache.get(profileId))?.accessToken;
  return [apiKey, clientSecret, token].filter((value): value is string => value !== undefined);
}

export async function allSecrets(): Promise<string[]> {
  const all: string[] = [];
  for (const profile of await loadProfiles()) all.push(...(await profileSecrets(profile.id)));
  return all;
}
