/**
 * Storage written by any earlier build still opens after an update: every snapshot in
 * tests/fixtures/storage/ is migrated as the worker does it (storage.ts) and read back with
 * today's schemas, and a stored version this build cannot read is refused with a typed error.
 */
import { existsSync, readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CollectionSchema, validateCollection } from '../../collections/collection-schema';
import { accepted, refusal } from '../../testing/results';
import { keysRead, MIGRATIONS, migrationsFrom, runMigrations } from './storage-migrations';
import {
  ActiveProfileSchema,
  STORAGE_SCHEMA_VERSION,
  StoredHistorySchema,
  StoredProfilesSchema,
  StoredSecretsSchema,
} from './stored-shapes';

const FIXTURES = new URL('../../../tests/fixtures/storage/', import.meta.url);
const EARLIER_VERSIONS = Array.from(
  { length: STORAGE_SCHEMA_VERSION - 1 },
  (_, index) => index + 1,
);

type Snapshot = Record<string, unknown>;

const fixturePath = (name: string) => new URL(name, FIXTURES);
const fixture = (name: string): Snapshot =>
  JSON.parse(readFileSync(fixturePath(name), 'utf8')) as Snapshot;

/** Today's schema of every key a build keeps in storage.local (collections: one JSON string). */
const CURRENT_SCHEMAS: Record<string, v.GenericSchema> = {
  profiles: StoredProfilesSchema,
  activeProfileId: ActiveProfileSchema,
  secrets: StoredSecretsSchema,
  history: StoredHistorySchema,
  collections: v.pipe(v.string(), v.parseJson(), v.array(CollectionSchema)),
};

/** The secrets every snapshot holds (see the fixtures' README): fake, but they must survive. */
const FIXTURE_SECRETS = [
  { profileId: '6b1f0c2e-8d4a-4f3b-9e21-0a5c7d9e1f01', apiKey: 'fixture-api-key-0001' },
  {
    profileId: 'c4e8a1d2-3b5f-4a6c-8d7e-9f0a1b2c3d02',
    clientSecret: 'fixture-client-secret-0001',
  },
];

/** What the worker does on first access: read the keys the steps name, write the changes. */
function migrate(stored: Snapshot): { changes: Snapshot; after: Snapshot } {
  const steps = accepted(migrationsFrom(stored.schemaVersion));
  const read = Object.fromEntries(keysRead(steps).map((key) => [key, stored[key]]));
  const changes = runMigrations(steps, read);
  return { changes, after: { ...stored, ...changes, schemaVersion: STORAGE_SCHEMA_VERSION } };
}

function expectCurrentShape(snapshot: Snapshot): void {
  for (const [key, schema] of Object.entries(CURRENT_SCHEMAS)) {
    const parsed = v.safeParse(schema, snapshot[key]);
    expect(
      parsed.issues?.map((issue) => issue.message),
      `key ${key}`,
    ).toBeUndefined();
  }
}

describe('MIGRATIONS', () => {
  it('have exactly one step from each earlier version, in order', () => {
    expect(MIGRATIONS.map((step) => step.from)).toEqual(EARLIER_VERSIONS);
  });

  it('change only keys that they name as read', () => {
    for (const step of MIGRATIONS) {
      const { changes } = migrate(fixture(`v${step.from}.json`));
      for (const key of Object.keys(changes)) expect(step.keys).toContain(key);
    }
  });
});

describe('snapshots of every earlier version', () => {
  it.each(EARLIER_VERSIONS)('a snapshot of version %i is kept', (version) => {
    expect(
      existsSync(fixturePath(`v${version}.json`)),
      `tests/fixtures/storage/v${version}.json`,
    ).toBe(true);
    expect(fixture(`v${version}.json`).schemaVersion).toBe(version);
  });

  it.each(EARLIER_VERSIONS)(
    'storage written at version %i reads with today’s schemas',
    (version) => {
      const snapshot = fixture(`v${version}.json`);
      for (const key of Object.keys(snapshot)) {
        if (key !== 'schemaVersion') expect(Object.keys(CURRENT_SCHEMAS)).toContain(key);
      }
      const { after } = migrate(snapshot);
      expect(after.schemaVersion).toBe(STORAGE_SCHEMA_VERSION);
      expectCurrentShape(after);
      for (const collection of JSON.parse(after.collections as string) as unknown[]) {
        expect(validateCollection(collection).ok).toBe(true);
      }
    },
  );

  it.each(EARLIER_VERSIONS)('storage written at version %i keeps every saved secret', (version) => {
    const { after } = migrate(fixture(`v${version}.json`));
    expect(after.secrets).toEqual({ kind: 'plain', records: FIXTURE_SECRETS });
  });

  it.each(EARLIER_VERSIONS)(
    'storage written at version %i keeps profiles, history and collections',
    (version) => {
      const snapshot = fixture(`v${version}.json`);
      const { after } = migrate(snapshot);
      for (const key of ['profiles', 'activeProfileId', 'history', 'collections']) {
        expect(after[key], key).toEqual(snapshot[key]);
      }
    },
  );

  it('turns the collections of early version-1 builds (objects, not a string) into the string', () => {
    const early = fixture('v1-collections-as-objects.json');
    expect(Array.isArray(early.collections)).toBe(true);
    const { after } = migrate(early);
    expectCurrentShape(after);
    expect(after.collections).toBe(fixture('v1.json').collections);
  });

  it('leaves the snapshot it migrates unchanged (the worker writes only the changes)', () => {
    const snapshot = fixture('v1.json');
    const before = structuredClone(snapshot);
    migrate(snapshot);
    expect(snapshot).toEqual(before);
  });
});

describe('migrationsFrom', () => {
  it('asks nothing of a fresh install (no version stored yet)', () => {
    expect(accepted(migrationsFrom(undefined))).toEqual([]);
  });

  it('asks nothing of storage already at today’s version', () => {
    expect(accepted(migrationsFrom(STORAGE_SCHEMA_VERSION))).toEqual([]);
  });

  it.each(EARLIER_VERSIONS)('runs every step from version %i up to today', (version) => {
    const steps = accepted(migrationsFrom(version));
    expect(steps.map((step) => step.from)).toEqual(
      EARLIER_VERSIONS.filter((earlier) => earlier >= version),
    );
  });

  it('refuses storage from a newer build and says to update the extension', () => {
    const error = refusal(migrationsFrom(STORAGE_SCHEMA_VERSION + 1), 'storage_failed');
    expect(error.message).toContain(String(STORAGE_SCHEMA_VERSION + 1));
    expect(error.hint).toMatch(/update the extension/i);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '1', '2', null, true, {}, [1]])(
    'refuses the stored version %j as damaged and says how to recover',
    (version) => {
      const error = refusal(migrationsFrom(version), 'storage_failed');
      expect(error.message).toMatch(/no valid schema version/i);
      expect(error.hint).toMatch(/remove and re-add the extension/i);
    },
  );
});

describe('runMigrations over damaged or already migrated storage', () => {
  it.each([
    ['an object', { 0: { profileId: 'p1', apiKey: 'k' } }],
    ['a string', 'fixture-api-key-0001'],
    ['null', null],
    ['a number', 42],
  ])('leaves version-1 secrets that are %s as they are, for their read to report', (_, secrets) => {
    const stored = { ...fixture('v1.json'), secrets };
    const { changes, after } = migrate(stored);
    expect(changes).toEqual({});
    expect(after.secrets).toEqual(secrets);
    expect(v.is(StoredSecretsSchema, after.secrets)).toBe(false);
    for (const key of ['profiles', 'activeProfileId', 'history', 'collections']) {
      expect(v.is(CURRENT_SCHEMAS[key] as v.GenericSchema, after[key]), key).toBe(true);
    }
  });

  it('leaves version-1 storage without secrets without them (read as none saved)', () => {
    const { secrets: _, ...stored } = fixture('v1.json');
    const { changes, after } = migrate(stored);
    expect(changes).toEqual({});
    expect('secrets' in after).toBe(false);
  });

  it('keeps a damaged record in version-1 secrets, so the read reports it instead of dropping it', () => {
    const damaged = [...FIXTURE_SECRETS, { profileId: '../escape', apiKey: 7 }];
    const { after } = migrate({ ...fixture('v1.json'), secrets: damaged });
    expect(after.secrets).toEqual({ kind: 'plain', records: damaged });
    expect(v.is(StoredSecretsSchema, after.secrets)).toBe(false);
  });

  it('changes nothing in a version-2 snapshot with the lock on', () => {
    const snapshot = fixture('v2-sealed.json');
    expect(snapshot.schemaVersion).toBe(2);
    const { changes, after } = migrate(snapshot);
    expect(changes).toEqual({});
    expect(after).toEqual(snapshot);
    expectCurrentShape(after);
  });

  it('changes nothing when run a second time over what it migrated', () => {
    const once = migrate(fixture('v1.json')).after;
    const { changes, after } = migrate(once);
    expect(changes).toEqual({});
    expect(after).toEqual(once);
  });

  it('does not wrap version-2 secrets again if they are labelled version 1 (a lost version write)', () => {
    const sealed = fixture('v2-sealed.json');
    const { changes } = migrate({ ...sealed, schemaVersion: 1 });
    expect(changes).toEqual({});
    const plain = migrate(fixture('v1.json')).after;
    expect(migrate({ ...plain, schemaVersion: 1 }).changes).toEqual({});
  });
});
