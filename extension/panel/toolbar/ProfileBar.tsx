/**
 * The start of the panel's toolbar, on every page of it: the panel's title and the profile
 * picker, which reads the store's profiles slice and calls its commands
 * (src/workspace/profiles/profile-commands.ts): choose a profile, New profile, Edit profile.
 */
import {
  chooseProfile,
  openEditProfile,
  openNewProfile,
} from '../../../src/workspace/profiles/profile-commands';
import { deps, useActiveProfile, useProfiles } from '../state/use-profiles';
import { ProfilePicker } from './ProfilePicker';

/** On the first-run page the editor is already open: New profile takes the user to it. */
function focusFirstField() {
  document.querySelector<HTMLInputElement>('form[aria-label="Profile editor"] input')?.focus();
}

export function ProfileBar() {
  const { list, activeId } = useProfiles();
  const active = useActiveProfile();
  const profiles = list ?? [];
  return (
    <>
      <h1 class="app-title">Partner API</h1>
      <ProfilePicker
        profiles={profiles}
        activeId={activeId}
        onChoose={(id) => void chooseProfile(deps, id)}
        onNew={() => (profiles.length === 0 ? focusFirstField() : openNewProfile(deps))}
        onEdit={() => active && openEditProfile(deps, active)}
      />
    </>
  );
}
