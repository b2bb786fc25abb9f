/**
 * Opening the profile editor from anywhere in the panel: `newProfile(prefill)` (New profile from
 * this API, under an import's summary) is a command a view calls, answered by the panel's one
 * profile editor (App.tsx), instead of a callback handed down through the workbench and the
 * sidebar. App.tsx answers with the workspace's `openNewProfile` (src/workspace/profile-commands.ts):
 * the editor open is the store's. This file imports nothing of the store's: a lazy chunk of the
 * sidebar reaching the store through it made the bundler split the store out of the panel's
 * start-up chunk (1.4 kB gzip more, tests/unit/panel-budget.test.ts).
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
