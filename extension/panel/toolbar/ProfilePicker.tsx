/** The active-profile picker with the actions that open the profile editor. */
import type { ProfileView } from '../../../src/service/profile/profile-input';

interface Props {
  profiles: ProfileView[];
  activeId: string | null;
  onChoose: (id: string) => void;
  onNew: () => void;
  onEdit: () => void;
}

export function ProfilePicker({ profiles, activeId, onChoose, onNew, onEdit }: Props) {
  return (
    <>
      <label for="active-profile" class="visually-hidden">
        Profile
      </label>
      <select
        id="active-profile"
        class="profile-picker"
        value={activeId ?? ''}
        disabled={profiles.length === 0}
        title="Profile"
        onChange={(event) => onChoose(event.currentTarget.value)}
      >
        {profiles.length === 0 && <option value="">No profiles yet</option>}
        {profiles.map((profile) => (
          <option key={profile.id} value={profile.id}>
            {profile.name}
          </option>
        ))}
      </select>
      <button type="button" aria-label="Edit profile" onClick={onEdit} disabled={activeId === null}>
        Edit<span class="wide-only"> profile</span>
      </button>
      <button type="button" aria-label="New profile" onClick={onNew}>
        New<span class="wide-only"> profile</span>
      </button>
    </>
  );
}
