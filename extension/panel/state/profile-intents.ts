/**
 * Opening the profile editor from anywhere in the panel: `newProfile(prefill)` (New profile from
 * this API, under an import's summary) is a command a view calls, answered by the panel's one
 * profile editor (App.tsx), instead of a callback handed down through the workbench and the
 * sidebar. Kept out of the workspace store: what the editor holds is only on screen.
 */
import type { ProfilePrefill } from '../../../src/service/profile/profile-input';

type Opener = (prefill: ProfilePrefill) => void;

let opener: Opener | null = null;

/** The profile editor answers `newProfile` while it is mounted. */
export function answerNewProfile(open: Opener): () => void {
  opener = open;
  return () => {
    if (opener === open) opener = null;
  };
}

/** Opens the profile editor for a new profile, filled in with `prefill`. */
export const newProfile = (prefill: ProfilePrefill) => opener?.(prefill);
