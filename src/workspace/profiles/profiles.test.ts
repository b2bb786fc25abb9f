/**
 * The profiles' commands against the fake worker (the real router and schemas): the list read
 * and its failure, choosing the active profile, the editor opened and closed from anywhere, Save
 * profile (refused, saved with the worker's and the site access's warnings), Delete profile,
 * Duplicate profile and Use local sandbox.
 */
import { describe, expect, it } from 'vitest';
import { profileSavePayload } from '../../protocol/profile-save-payload';
import type { ProfileView } from '../../service/profile/profile-input';
import { workspaceHarness } from '../../testing/workspace-harness';
import type { AppError } from '../../vocabulary/errors';
import {
  chooseProfile,
  closeProfileEditor,
  loadProfiles,
  openEditProfile,
  openNewProfile,
} from './profile-commands';
import {
  deleteProfile,
  duplicateProfile,
  fillFromSandbox,
  profileDeleted,
  saveProfile,
} from './profile-editor-commands';

const prod: ProfileView = {
  id: 'p1',
  name: 'Prod',
  authUrl: 'https://auth.example.test',
  baseUrl: 'https://api.example.test',
  companyId: 'c-1',
  authMethod: 'oauthBasic',
  clientId: 'client-1',
  formEncodeCredentials: false,
  variables: [{ name: 'region', value: 'eu' }],
  secrets: { apiKey: null, clientSecret: '••••3f9a' },
};

const demo = {
  name: 'Local sandbox',
  authUrl: 'http://127.0.0.1:8787',
  baseUrl: 'http://127.0.0.1:8787',
  companyId: 'demo-company',
  apiKey: 'demo-key',
  clientId: 'demo-client',
  clientSecret: 'demo-secret',
};

const refused: AppError = {
  code: 'storage_failed',
  message: 'Could not save.',
  hint: 'Try again.',
};
const GRANTED = Promise.resolve({ granted: true as const });

/** The message the editor builds for a profile's settings (the secret left as saved). */
function payloadOf(profile: ProfileView, id: string | null) {
  const { id: _id, secrets: _secrets, ...settings } = profile;
  const built = profileSavePayload(id, settings, { clientSecret: '' }, false);
  if (!built.ok) throw new Error(built.error.message);
  return built.value;
}

describe('the profile list', () => {
  it('is read with the active profile, and a failure keeps the list and says why', async () => {
    const { worker, store, deps } = workspaceHarness({
      'profiles/list': () => ({ ok: true, value: { profiles: [prod], activeProfileId: 'p1' } }),
    });
    expect(store.get().profiles.list).toBeNull();
    await loadProfiles(deps);
    expect(store.get().profiles).toMatchObject({ list: [prod], activeId: 'p1', loadError: null });
    worker.handle('profiles/list', () => ({ ok: false, error: refused }));
    await loadProfiles(deps);
    expect(store.get().profiles).toMatchObject({ list: [prod], loadError: refused });
  });

  it('shows a chosen profile at once and tells the worker; a refusal is said', async () => {
    const { worker, store, deps } = workspaceHarness({
      'profiles/activate': ({ id }) => ({ ok: true, value: { activeProfileId: id } }),
    });
    await chooseProfile(deps, 'p2');
    expect(worker.payloads('profiles/activate')).toEqual([{ id: 'p2' }]);
    expect(store.get().profiles.activeId).toBe('p2');
    worker.handle('profiles/activate', () => ({ ok: false, error: refused }));
    await chooseProfile(deps, 'p3');
    expect(store.get().profiles).toMatchObject({ activeId: 'p3', loadError: refused });
  });
});

describe('the profile editor open', () => {
  it('opens New profile filled in, Edit profile on a profile, and closes', () => {
    const { store, deps } = workspaceHarness();
    expect(store.get().profiles.editor).toEqual({ mode: 'closed' });
    openNewProfile(deps, { name: 'Orders API', baseUrl: 'https://api.example.test' });
    expect(store.get().profiles.editor).toEqual({
      mode: 'new',
      prefill: { name: 'Orders API', baseUrl: 'https://api.example.test' },
      seq: 0,
    });
    openEditProfile(deps, prod);
    expect(store.get().profiles.editor).toEqual({ mode: 'edit', profile: prod });
    closeProfileEditor(deps);
    expect(store.get().profiles.editor).toEqual({ mode: 'closed' });
  });

  it('Duplicate profile opens a new profile with the settings, never the secrets', () => {
    const { store, deps } = workspaceHarness();
    openEditProfile(deps, prod);
    duplicateProfile(deps, prod);
    const { editor } = store.get().profiles;
    expect(editor).toMatchObject({
      mode: 'new',
      prefill: { name: 'Prod (copy)', clientId: 'client-1' },
    });
    expect(JSON.stringify(editor)).not.toContain('3f9a');
  });
});

describe('Save profile', () => {
  it('refused: the error comes back, the editor stays open and nothing else changes', async () => {
    const { store, deps } = workspaceHarness({
      'profiles/save': () => ({ ok: false, error: refused }),
    });
    openEditProfile(deps, prod);
    expect(await saveProfile(deps, payloadOf(prod, 'p1'), GRANTED)).toEqual(refused);
    expect(store.get().profiles).toMatchObject({ editor: { mode: 'edit' }, warnings: null });
  });

  it('saved: the editor closes on the saved profile, made active, with every warning, and the list is read again', async () => {
    const saved = { ...prod, id: 'p9', name: 'Copy' };
    const { worker, store, deps } = workspaceHarness({
      'profiles/save': () => ({
        ok: true,
        value: { profile: saved, warnings: [{ field: 'authUrl', message: 'Plain http.' }] },
      }),
      'profiles/list': () => ({
        ok: true,
        value: { profiles: [prod, saved], activeProfileId: 'p9' },
      }),
    });
    openNewProfile(deps, null);
    const denied = Promise.resolve({ granted: false as const, message: 'No site access.' });
    expect(await saveProfile(deps, payloadOf(saved, null), denied)).toBeNull();
    // What the worker got passed its real schema: a new profile carries no id.
    expect(worker.payloads('profiles/save')[0]?.profile).not.toHaveProperty('id');
    expect(store.get().profiles).toMatchObject({
      editor: { mode: 'closed' },
      activeId: 'p9',
      list: [prod, saved],
      warnings: {
        profileId: 'p9',
        list: [
          { field: 'authUrl', message: 'Plain http.' },
          { field: 'baseUrl', message: 'No site access.' },
        ],
      },
    });
  });
});

describe('Delete profile', () => {
  it('names the site access no other profile needs; then the editor closes, the warnings go, and the list is read', async () => {
    const { worker, store, deps } = workspaceHarness({
      'profiles/delete': ({ id }) => ({
        ok: true,
        value: { id, unusedOrigins: ['https://auth.example.test/*'] },
      }),
      'profiles/list': () => ({ ok: true, value: { profiles: [], activeProfileId: null } }),
      'profiles/save': () => ({
        ok: true,
        value: { profile: prod, warnings: [{ field: 'authUrl', message: 'Plain http.' }] },
      }),
    });
    await saveProfile(deps, payloadOf(prod, 'p1'), GRANTED);
    openEditProfile(deps, prod);
    const reply = await deleteProfile(deps, 'p1');
    expect(reply).toEqual({
      ok: true,
      value: { id: 'p1', unusedOrigins: ['https://auth.example.test/*'] },
    });
    expect(store.get().profiles.editor.mode).toBe('edit');
    await profileDeleted(deps);
    expect(worker.payloads('profiles/delete')).toEqual([{ id: 'p1' }]);
    expect(store.get().profiles).toMatchObject({
      editor: { mode: 'closed' },
      warnings: null,
      list: [],
    });
  });
});

describe('Use local sandbox', () => {
  it('fills New profile afresh each time and says so; a failure says why and keeps the form', async () => {
    const { worker, store, deps } = workspaceHarness({
      'sandbox/demo': () => ({ ok: true, value: { profile: demo } }),
    });
    await fillFromSandbox(deps);
    expect(store.get().profiles.editor).toEqual({ mode: 'new', prefill: demo, seq: 1 });
    expect(store.get().profiles.sandbox).toEqual({ asking: false, filled: true, error: null });
    await fillFromSandbox(deps);
    expect(store.get().profiles.editor).toMatchObject({ seq: 2 });

    const down: AppError = {
      code: 'server_unreachable',
      message: 'No sandbox.',
      hint: 'npm run sandbox',
    };
    worker.handle('sandbox/demo', () => ({ ok: false, error: down }));
    await fillFromSandbox(deps);
    expect(store.get().profiles.editor).toMatchObject({ seq: 2, prefill: demo });
    expect(store.get().profiles.sandbox).toEqual({ asking: false, filled: true, error: down });
    // Another editor opened starts it afresh.
    closeProfileEditor(deps);
    expect(store.get().profiles.sandbox).toEqual({ asking: false, filled: false, error: null });
  });
});
