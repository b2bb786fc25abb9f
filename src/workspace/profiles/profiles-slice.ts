/**
 * The profiles slice's reducer (its shape in profiles-state.ts): one action sets what a command
 * changed. What follows what (a save closes the editor and makes its profile the active one, a
 * new editor starts Use local sandbox afresh) is in the commands, where it is tested, so that the
 * panel's start-up code carries only this.
 */

import type { ProfileView } from '../../service/profile/profile-input';
import type { WorkspaceState } from '../workspace-state';
import type { ProfilesAction } from './profiles-state';

/** The profile chosen, once the list is read; null before, or with none saved. */
export const activeProfileOf = ({ profiles }: WorkspaceState): ProfileView | null =>
  profiles.list?.find((profile) => profile.id === profiles.activeId) ?? null;

export const reduceProfiles = (state: WorkspaceState, action: ProfilesAction): WorkspaceState => ({
  ...state,
  profiles: { ...state.profiles, ...action.set },
});
