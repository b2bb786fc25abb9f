/**
 * The profiles' commands the panel needs from its first render: read the saved profiles (when the
 * panel opens, after a save or a delete, after a step that changed the lock), choose the active
 * one, and open or close the profile editor from anywhere (the toolbar's New profile and Edit
 * profile, an import's New profile from this API). Opening or closing the editor starts Use local
 * sandbox afresh. Saving, deleting and Use local sandbox load with the editor
 * (profile-editor-commands.ts).
 */
import type { ProfilePrefill, ProfileView } from '../../service/profile/profile-input';
import type { CommandDeps } from '../ask';
import { NO_SANDBOX_FILL, type ProfileEditorOpen, type ProfilesSlice } from './profiles-state';

type Deps = Pick<CommandDeps, 'ask' | 'dispatch'>;
type Dispatch = Pick<CommandDeps, 'dispatch'>;

const set = ({ dispatch }: Dispatch, change: Partial<ProfilesSlice>) =>
  dispatch({ type: 'profiles', set: change });

export async function loadProfiles(deps: Deps): Promise<void> {
  const reply = await deps.ask('profiles/list', {});
  set(
    deps,
    reply.ok
      ? { list: reply.value.profiles, activeId: reply.value.activeProfileId, loadError: null }
      : { loadError: reply.error },
  );
}

/** The chosen profile is shown at once; the worker remembers it for the next panel. */
export async function chooseProfile(deps: Deps, id: string): Promise<void> {
  set(deps, { activeId: id });
  const reply = await deps.ask('profiles/activate', { id });
  if (!reply.ok) set(deps, { loadError: reply.error });
}

const openEditor = (deps: Dispatch, editor: ProfileEditorOpen) =>
  set(deps, { editor, sandbox: NO_SANDBOX_FILL });

/** New profile, empty or filled in with `prefill`; `seq` starts the form afresh (a new fill). */
export const openNewProfile = (deps: Dispatch, prefill: ProfilePrefill | null = null, seq = 0) =>
  openEditor(deps, { mode: 'new', prefill, seq });

export const openEditProfile = (deps: Dispatch, profile: ProfileView) =>
  openEditor(deps, { mode: 'edit', profile });

export const closeProfileEditor = (deps: Dispatch) => openEditor(deps, { mode: 'closed' });
