/**
 * The worker's typed view of `storage.local`. Invariant: the only module that reads the secret
 * records, and every read is schema-checked; a failed read or write rejects with a typed error
 * instead of returning half a value. Writes run one at a time so two saves cannot interleave their
 * read-modify-write cycles.
 */
import type { GenericSchema, InferOutput } from 'valibot';
import * as v from 'valibot';
import browser from 'webextension-polyfill';
import { type AppError, fail } from '../../src/protocol/errors';
import type { StoredProfile, StoredSecrets } from '../../src/service/profile';
import {
  ActiveProfileSchema,
  STORAGE_SCHEMA_VERSION,
  StoredHistorySchema,
  StoredProfilesSchema,
  type StoredSecretRecord,
  StoredSecretsSchema,
} from '../../src/service/stored-shapes';

export class StorageError extends Error {
  constructor(readonly appError: AppError) {
    super(appError.message);
    this.name = 'StorageError';
  }
}

function storageFailure(what: string): StorageError {
  return new StorageError(
    fail(
      'storage_failed',
      `The extension’s stored ${what} could not be read or written.`,
      'Reload the extension; if this persists, the stored data may be damaged (export what you can, then remove and re-add the extension).',
    ).error,
  );
}

/**
 * Validated values already read, so a call does not pay for storage reads and schema checks again.
 * Only a mirror: storage stays the truth. Every change, by this worker or any other page, drops the
 * changed keys (a stopped worker simply starts with an empty mirror).
 */
const cache = new Map<string, unknown>();
browser.storage.onChanged.addListener((changes, area) => {
  if (area !== 'local') return;
  for (const key of Object.keys(changes)) cache.delete(key);
  if ('schemaVersion' in changes) cache.clear();
});

export async function readKey<S extends GenericSchema>(
  key: string,
  schema: S,
  fallback: InferOutput<S>,
) {
  if (cache.has(key)) return structuredClone(cache.get(key)) as InferOutput<S>;
  let stored: Record<string, unknown>;
  try {
    stored = await browser.storage.local.get([key, 'schemaVersion']);
  } catch {
    throw storageFailure(key);
  }
  const version = stored.schemaVersion;
  if (version !== undefined && version !== STORAGE_SCHEMA_VERSION) {
    throw new StorageError(
      fail(
        'storage_failed',
        `The stored data has schema version ${String(version)}, which this build does not know.`,
        'A newer build of the extension wrote it: update the extension.',
      ).error,
    );
  }
  if (stored[key] === undefined) return fallback;
  const parsed = v.safeParse(schema, stored[key]);
  if (!parsed.success) throw storageFailure(key);
  cache.set(key, structuredClone(parsed.output));
  return parsed.output;
}

export async function write(items: Record<string, unknown>): Promise<void> {
  for (const key of Object.keys(items)) cache.delete(key);
  try {
    await browser.storage.local.set({ ...items, schemaVersion: STORAGE_SCHEMA_VERSION });
  } catch (error) {
    if (error instanceof Error && /quota/i.test(error.message)) {
      throw new StorageError(
        fail(
          'storage_failed',
          'The extension’s storage is full.',
          'Delete collections or history you no longer need, then try again.',
        ).error,
      );
    }
    throw storageFailure(Object.keys(items).join(', '));
  }
}

let queue: Promise<unknown> = Promise.resolve();
/** Runs `task` after every earlier write task has settled; its own outcome goes to its caller. */
export function serially<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.then(
    () => undefined,
    () => undefined, // the caller of `run` receives the failure; the queue only has to move on
  );
  return run;
}

export const loadProfiles = (): Promise<StoredProfile[]> =>
  readKey('profiles', StoredProfilesSchema, []);

export const loadActiveProfileId = (): Promise<string | null> =>
  readKey('activeProfileId', ActiveProfileSchema, null);

async function loadSecretRecords(): Promise<StoredSecretRecord[]> {
  return readKey('secrets', StoredSecretsSchema, []);
}

export async function loadSecrets(profileId: string): Promise<StoredSecrets> {
  const record = (await loadSecretRecords()).find((item) => item.profileId === profileId);
  const secrets: StoredSecrets = {};
  if (record?.apiKey !== undefined) secrets.apiKey = record.apiKey;
  if (record?.clientSecret !== undefined) secrets.clientSecret = record.clientSecret;
  return secrets;
}

export function saveProfile(profile: StoredProfile, secrets: StoredSecrets): Promise<void> {
  return serially(async () => {
    const profiles = await loadProfiles();
    const records = await loadSecretRecords();
    const index = profiles.findIndex((item) => item.id === profile.id);
    if (index === -1) profiles.push(profile);
    else profiles[index] = profile;
    const others = records.filter((item) => item.profileId !== profile.id);
    await write({ profiles, secrets: [...others, { profileId: profile.id, ...secrets }] });
  });
}

export function deleteProfile(profileId: string): Promise<void> {
  return serially(async () => {
    const profiles = (await loadProfiles()).filter((item) => item.id !== profileId);
    const records = (await loadSecretRecords()).filter((item) => item.profileId !== profileId);
    const history = (await readKey('history', StoredHistorySchema, [])).filter(
      (item) => item.profileId !== profileId,
    );
    const active = await loadActiveProfileId();
    await write({
      profiles,
      secrets: records,
      history,
      activeProfileId: active === profileId ? (profiles[0]?.id ?? null) : active,
    });
  });
}

export function setActiveProfileId(profileId: string): Promise<void> {
  return serially(() => write({ activeProfileId: profileId }));
}
