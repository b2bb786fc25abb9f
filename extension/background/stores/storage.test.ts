import * as v from 'valibot';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for storage.local that counts its reads and reports changes to the listener. */
const fake = vi.hoisted(() => ({
  data: {} as Record<string, unknown>,
  gets: [] as string[][],
  onChanged: null as null | ((changes: Record<string, unknown>, area: string) => void),
}));

vi.mock('../ext', () => ({
  browser: {
    storage: {
      local: {
        async get(keys: string[]) {
          fake.gets.push(keys);
          return Object.fromEntries(
            keys.filter((k) => k in fake.data).map((k) => [k, fake.data[k]]),
          );
        },
        async set(items: Record<string, unknown>) {
          Object.assign(fake.data, items);
          fake.onChanged?.(Object.fromEntries(Object.keys(items).map((k) => [k, {}])), 'local');
        },
      },
      onChanged: {
        addListener(listener: (changes: Record<string, unknown>, area: string) => void) {
          fake.onChanged = listener;
        },
      },
    },
  },
}));

async function freshStorage() {
  vi.resetModules();
  return import('./storage');
}

/** A stored profile in today's shape. */
const PROFILE = {
  id: 'p1',
  name: 'Sandbox',
  authUrl: 'http://127.0.0.1:8787',
  baseUrl: 'http://127.0.0.1:8787',
  companyId: 'c',
  authMethod: 'apiKey',
  clientId: '',
  formEncodeCredentials: false,
  variables: [],
};

beforeEach(() => {
  fake.gets = [];
  fake.onChanged = null;
});

describe('storage.local reads', () => {
  it('reads a call’s profile and secret with the version check, in one get', async () => {
    fake.data = { schemaVersion: 2, profiles: [PROFILE], secrets: { kind: 'plain', records: [] } };
    const storage = await freshStorage();
    const found = await storage.findProfile(PROFILE.id);
    expect(found.ok).toBe(true);
    await storage.readKey('secrets', v.unknown(), null);
    expect(fake.gets).toEqual([['schemaVersion', 'profiles', 'secrets']]);
  });

  it('reads again what changed after it was read ahead', async () => {
    fake.data = { schemaVersion: 2, profiles: [] };
    const storage = await freshStorage();
    await storage.loadActiveProfileId(); // the version check reads profiles ahead
    fake.data.profiles = [PROFILE];
    fake.onChanged?.({ profiles: {} }, 'local');
    expect(await storage.loadProfiles()).toHaveLength(1);
  });
});
