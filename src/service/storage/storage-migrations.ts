/**
 * How `storage.local` written by an earlier build becomes today's shape. Each step lifts one
 * version to the next and names the keys it reads; a value it cannot read is left as it is, so the
 * read of that key reports it and every other key keeps working. tests/fixtures/storage/ keeps a
 * snapshot of each earlier version, and a test runs every one of them up to today.
 */
import { fail, ok, type Result } from '../../vocabulary/errors';
import { STORAGE_SCHEMA_VERSION } from './stored-shapes';

export interface Migration {
  /** The version this step reads; it leaves storage at `from + 1`. */
  from: number;
  keys: readonly string[];
  /** The new values of the keys it changes (only those). */
  migrate(stored: Readonly<Record<string, unknown>>): Record<string, unknown>;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    // 2 brings the passphrase lock: `secrets` says whether its records are plain or sealed.
    // Early version-1 builds kept `collections` as objects, later ones as one JSON string.
    from: 1,
    keys: ['secrets', 'collections'],
    migrate: ({ secrets, collections }) => ({
      ...(Array.isArray(secrets) ? { secrets: { kind: 'plain', records: secrets } } : {}),
      ...(Array.isArray(collections) ? { collections: JSON.stringify(collections) } : {}),
    }),
  },
];

/** The steps that bring storage at `version` (the stored `schemaVersion`) to today's shape. */
export function migrationsFrom(version: unknown): Result<readonly Migration[]> {
  // Every build writes the version with its first write: none means nothing was stored yet.
  if (version === undefined) return ok([]);
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return fail(
      'storage_failed',
      'The stored data carries no valid schema version.',
      'The extension’s storage was damaged: export what you can, then remove and re-add the extension.',
    );
  }
  if (version > STORAGE_SCHEMA_VERSION) {
    return fail(
      'storage_failed',
      `The stored data has schema version ${version}, which this build does not know.`,
      'A newer build of the extension wrote it: update the extension.',
    );
  }
  return ok(MIGRATIONS.filter((step) => step.from >= version));
}

/** The changed keys after running `steps` in order over `stored`. */
export function runMigrations(
  steps: readonly Migration[],
  stored: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const step of steps) Object.assign(changes, step.migrate({ ...stored, ...changes }));
  return changes;
}

/** Every key some step reads. */
export function keysRead(steps: readonly Migration[]): string[] {
  return [...new Set(steps.flatMap((step) => step.keys))];
}
