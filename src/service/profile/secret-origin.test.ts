import { describe, expect, it } from 'vitest';
import type { StoredProfile } from '../storage/stored-shapes';
import type { ProfileInput } from './profile-input';
import { originMoves, secretsForSave } from './secret-origin';

const previous: StoredProfile = {
  id: 'p1',
  name: 'K',
  authUrl: 'https://auth.example.com',
  baseUrl: 'https://api.example.com',
  companyId: '00000000-0000-0000-0000-000000000000',
  authMethod: 'apiKey',
  clientId: '',
  formEncodeCredentials: false,
  variables: [],
};
const input = (changes: Partial<ProfileInput>): ProfileInput => ({ ...previous, ...changes });
const stored = { apiKey: 'AK-saved-0123456789' };

describe('secretsForSave', () => {
  it('refuses to let a saved key follow the Base URL to another origin unasked', () => {
    const moved = input({ baseUrl: 'https://evil.example.net/api' });
    const result = secretsForSave(previous, moved, {}, stored, undefined);
    expect(result).toMatchObject({ ok: false, error: { code: 'secret_origin_changed' } });
    if (!result.ok) {
      expect(result.error.message).toContain('https://evil.example.net');
      expect(result.error.message).not.toContain(stored.apiKey);
    }
  });

  it('asks for the key again when the user chose not to keep it (the default)', () => {
    const moved = input({ baseUrl: 'http://127.0.0.1:9999' });
    const result = secretsForSave(previous, moved, { apiKey: '' }, stored, false);
    expect(result).toMatchObject({ ok: false, error: { code: 'missing_secret' } });
  });

  it('keeps the key when the user said it goes with the new address, or typed a new one', () => {
    const moved = input({ baseUrl: 'https://other.example.com' });
    expect(secretsForSave(previous, moved, {}, stored, true)).toEqual({ ok: true, value: stored });
    expect(secretsForSave(previous, moved, { apiKey: 'AK-new-1' }, stored, undefined).ok).toBe(
      true,
    );
  });

  it('lets a path change or a new profile pass without a question', () => {
    const samePlace = input({ baseUrl: 'https://api.example.com/v2/' });
    expect(secretsForSave(previous, samePlace, {}, stored, undefined).ok).toBe(true);
    expect(secretsForSave(undefined, samePlace, {}, {}, undefined).ok).toBe(true);
  });

  it('watches the Auth URL of an OAuth profile, where the client secret goes', () => {
    const oauth: StoredProfile = { ...previous, authMethod: 'oauthBasic', clientId: 'c' };
    const moved = { ...oauth, authUrl: 'https://login.other.example' };
    expect(originMoves(oauth, moved)).toEqual([
      { label: 'Auth URL', from: 'https://auth.example.com', to: 'https://login.other.example' },
    ]);
    const result = secretsForSave(oauth, moved, {}, { clientSecret: 'cs-saved-1' }, undefined);
    expect(result).toMatchObject({ ok: false, error: { code: 'secret_origin_changed' } });
  });
});
