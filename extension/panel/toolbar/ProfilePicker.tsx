import type { ProfileView } from '../../../src/service/profile-input';

interface Props {
  profiles: ProfileView[];
  activeId: string | null;
  onChoose: (id: string) => void;
  onNew: () => void;
  onEdit: () => void;
}

/** The active-profile picker with the actions that open the profile editor. */
export function ProfileBar({ profiles, activeId, onChoose, onNew, onEdit }: Props) {
  return (
    <div class="toolbar">
      <label for="active-profile">Profile</label>
      <select
        id="active-profile"
        value={activeId ?? ''}
        disabled={profiles.length === 0}
        onChange={(event) => onChoose(event.currentTarget.value)}
      >
        {profiles.length === 0 && <option value="">No profiles yet</option>}
        {profiles.map((profile) => (
          <option key={profile.id} value={profile.id}>
            {profile.name}
          </option>
        ))}
      </select>
      <button type="button" onClick={onEdit} disabled={activeId === null}>
        Edit profile
      </button>
      <button type="button" onClick={onNew}>
        New profile
      </button>
    </div>
  );
}
