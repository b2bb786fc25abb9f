import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  ActiveProfileSchema,
  ProfileIdSchema,
  StoredProfileSchema,
  StoredProfilesSchema,
  StoredSecretRecordSchema,
} from './stored-shapes';

const profile = {
  id: '0f8c2a4e-9b1d-4c3e-8a7f-112233445566',
  name: 'Sandbox',
  authUrl: '',
  baseUrl: 'http://127.0.0.1:8787',
  companyId: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
  authMethod: 'apiKey',
  clientId: '',
  formEncodeCredentials: false,
  variables: [],
};

describe('stored shapes', () => {
  it('accept a profile id from crypto.randomUUID() and a simple slug', () => {
    expect(v.is(ProfileIdSchema, crypto.randomUUID())).toBe(true);
    expect(v.is(ProfileIdSchema, 'sandbox_1')).toBe(true);
    expect(v.is(ProfileIdSchema, 'a'.repeat(64))).toBe(true);
  });

  it.each(['', 'a'.repeat(65), '../secrets', 'a b', 'p1\n', '__proto__.x', 'ü'])(
    'refuse the profile id %j',
    (id) => {
      expect(v.is(ProfileIdSchema, id)).toBe(false);
    },
  );

  it('read back a stored profile as it was written', () => {
    expect(v.parse(StoredProfileSchema, profile)).toEqual(profile);
    expect(v.parse(StoredProfilesSchema, [profile, { ...profile, id: 'p2' }])).toHaveLength(2);
  });

  it('refuse a profile record that carries a secret or any other extra field', () => {
    expect(v.is(StoredProfileSchema, { ...profile, apiKey: 'ak_secret' })).toBe(false);
    expect(v.is(StoredProfileSchema, { ...profile, authMethod: 'password' })).toBe(false);
    const { clientId: _dropped, ...incomplete } = profile;
    expect(v.is(StoredProfileSchema, incomplete)).toBe(false);
  });

  it('refuse a whole list when one record is corrupt, instead of using half of it', () => {
    expect(v.is(StoredProfilesSchema, [profile, { ...profile, id: '' }])).toBe(false);
  });

  it('accept a secret record with either secret, and refuse unknown fields', () => {
    expect(v.is(StoredSecretRecordSchema, { profileId: 'p1', apiKey: 'k' })).toBe(true);
    expect(v.is(StoredSecretRecordSchema, { profileId: 'p1', clientSecret: 's' })).toBe(true);
    expect(v.is(StoredSecretRecordSchema, { profileId: 'p1' })).toBe(true);
    expect(v.is(StoredSecretRecordSchema, { profileId: 'p1', accessToken: 't' })).toBe(false);
    expect(v.is(StoredSecretRecordSchema, { apiKey: 'k' })).toBe(false);
  });

  it('store "no active profile" as null, and refuse an invalid id', () => {
    expect(v.is(ActiveProfileSchema, null)).toBe(true);
    expect(v.is(ActiveProfileSchema, 'p1')).toBe(true);
    expect(v.is(ActiveProfileSchema, '')).toBe(false);
    expect(v.is(ActiveProfileSchema, undefined)).toBe(false);
  });
});
