/**
 * The worker's typed view of `storage.local`. Invariant: every read is schema-checked and sees
 * today's shape (earlier shapes are migrated first); a failed read or write rejects with a typed
 * error instead of returning half a value. Writes run one at a time so two saves cannot interleave
 * their read-modify-write cycles. The secrets have their own module on top (secret-store.ts).
 */
import type { GenericSchema, InferOutput } from 'valibot';
import * as v from 'valibot';
import type { StoredProfile } from '../../../src/service/profile/profile';
import {
  keysRead,
  migrationsFrom,
  runMigrations,
} from '../../../src/service/storage/storage-migrations';
import {
  ActiveProfileSchema,
  STORAGE_SCHEMA_VERSION,
  StoredProfilesSchema,
} from '../../../src/service/storage/stored-shapes';
import { type AppError, fail, ok, type Result } from '../../../src/vocabulary/errors';
import { createSerialQueue } from '../../../src/vocabulary/serial-queue';
import { browser } from '../ext';
import { phaseTimes } from '../phase-times';

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
/**
 * What a call reads whatever it is (its profile and its secret), read with the version check: one
 * `get` instead of three for the call that wakes a stopped worker. Kept unchecked until first read.
 */
const CALL_KEYS = ['profiles', 'secrets'];
const readAhead = new Map<string, unknown>();
browser.storage.onChanged.addListener((changes, area) => {
  if (area !== 'local') return;
  for (const key of Object.keys(changes)) {
    cache.delete(key);
    readAhead.delete(key);
  }
  if ('schemaVersion' in changes) {
    cache.clear();
    readAhead.clear();
    upToDate = null;
  }
});

/**
 * Settles once storage has today's shape: runs the migrations from the stored version first (one
 * write: the changed keys and the new version together). Every read and write waits for it.
 */
let upToDate: Promise<void> | null = null;
function currentShape(): Promise<void> {
  upToDate ??= migrate().catch((error: unknown) => {
    upToDate = null; // check again next time: the cause may be gone (say, after an update)
    throw error;
  });
  return upToDate;
}

/**
 * Reads the keys every call needs with the version check, once per worker (wake-reads.ts starts it
 * as the worker starts); rejects as a read does.
 */
export const readCallKeys = (): Promise<void> => currentShape();

async function migrate(): Promise<void> {
  const stored = await get(['schemaVersion', ...CALL_KEYS]);
  const steps = migrationsFrom(stored.schemaVersion);
  if (!steps.ok) throw new StorageError(steps.error);
  if (steps.value.length === 0) {
    // Today's shape: what was read ahead is current (a change drops it, as it drops the cache).
    for (const key of CALL_KEYS) readAhead.set(key, stored[key]);
    return;
  }
  const changes = runMigrations(steps.value, await get(keysRead(steps.value)));
  await set({ ...changes, schemaVersion: STORAGE_SCHEMA_VERSION });
}

async function get(keys: string[]): Promise<Record<string, unknown>> {
  try {
    return await phaseTimes.time('storage', () => browser.storage.local.get(keys));
  } catch {
    throw storageFailure(keys.join(', '));
  }
}

export async function readKey<S extends GenericSchema>(
  key: string,
  schema: S,
  fallback: InferOutput<S>,
) {
  // A mirrored value was read in today's shape (a version change empties the mirror).
  if (cache.has(key)) return structuredClone(cache.get(key)) as InferOutput<S>;
  await currentShape();
  // Another reader waiting on the same check may have taken the value read ahead and kept it.
  if (cache.has(key)) return structuredClone(cache.get(key)) as InferOutput<S>;
  const value = readAhead.has(key) ? readAhead.get(key) : (await get([key]))[key];
  readAhead.delete(key);
  if (value === undefined) return fallback;
  const parsed = v.safeParse(schema, value);
  if (!parsed.success) throw storageFailure(key);
  cache.set(key, structuredClone(parsed.output));
  return parsed.output;
}

export async function write(items: Record<string, unknown>): Promise<void> {
  await currentShape();
  for (const key of Object.keys(items)) {
    cache.delete(key);
    readAhead.delete(key);
  }
  await set({ ...items, schemaVersion: STORAGE_SCHEMA_VERSION });
}

async function set(items: Record<string, unknown>): Promise<void> {
  try {
    await phaseTimes.time('storage-write', () => browser.storage.local.set(items));
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

/** Runs `task` after every earlier write task has settled; its own outcome goes to its caller. */
export const serially = createSerialQueue();

export const loadProfiles = (): Promise<StoredProfile[]> =>
  readKey('profiles', StoredProfilesSchema, []);

/** The profile a call names, or the error to show when it was deleted meanwhile. */
export async function findProfile(profileId: string): Promise<Result<StoredProfile>> {
  const profile = (await loadProfiles()).find((item) => item.id === profileId);
  return profile === undefined
    ? fail(
        'not_found',
        'The chosen profile no longer exists.',
        'Pick a profile from the list again.',
      )
    : ok(profile);
}

export const loadActiveProfileId = (): Promise<string | null> =>
  readKey('activeProfileId', ActiveProfileSchema, null);

export function setActiveProfileId(profileId: string): Promise<void> {
  return serially(() => write({ activeProfileId: profileId }));
}
