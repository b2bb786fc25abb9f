/**
 * The profiles slice's shape and actions: the saved profiles as the worker last listed them, the
 * active one, the last error reading them, the profile editor open (New profile, perhaps filled
 * in; Edit profile; or none), what the last save warned of, and Use local sandbox's progress. Its
 * reducer is profiles-slice.ts, its commands profile-commands.ts (what the panel needs at once)
 * and profile-editor-commands.ts (loaded with the editor).
 */
import type { ProfilePrefill, ProfileView, Warning } from '../../service/profile/profile-input';
import type { AppError } from '../../vocabulary/errors';

/**
 * The profile editor open. `seq` counts fills of a New profile editor (Use local sandbox), so that
 * each starts the form afresh; Edit profile holds the profile as it was when it opened.
 */
export type ProfileEditorOpen =
  | { mode: 'closed' }
  | { mode: 'new'; prefill: ProfilePrefill | null; seq: number }
  | { mode: 'edit'; profile: ProfileView };

/** Use local sandbox: asking the sandbox, whether it filled the editor in, what went wrong. */
export interface SandboxFill {
  asking: boolean;
  filled: boolean;
  error: AppError | null;
}

export interface ProfilesSlice {
  /** Null until the worker first answered. */
  list: ProfileView[] | null;
  activeId: string | null;
  loadError: AppError | null;
  editor: ProfileEditorOpen;
  /** What the last save warned of, shown while its profile is the active one. */
  warnings: { profileId: string; list: Warning[] } | null;
  sandbox: SandboxFill;
}

/** What a command changed (profile-commands.ts, profile-editor-commands.ts). */
export type ProfilesAction = { type: 'profiles'; set: Partial<ProfilesSlice> };

export const NO_SANDBOX_FILL: SandboxFill = { asking: false, filled: false, error: null };

export const EMPTY_PROFILES: ProfilesSlice = {
  list: null,
  activeId: null,
  loadError: null,
  editor: { mode: 'closed' },
  warnings: null,
  sandbox: NO_SANDBOX_FILL,
};
