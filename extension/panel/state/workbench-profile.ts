/**
 * The profile whose workbench is open, as each view in the workbench selects it from the store
 * rather than being handed it, as saved or as the composer resolves it. Its own module: the support report, loaded by views that are
 * themselves loaded lazily, imports it, and importing workbench-intents.ts from there made the
 * bundler split the store out of the panel's start-up chunk (tests/unit/panel-budget.test.ts).
 */
import { withCarried } from '../../../src/checks/with-carried';
import type { ProfileView } from '../../../src/service/profile/profile-input';
import { activeProfileOf } from '../../../src/workspace/profiles/profiles-slice';
import { useStore } from './store';

/**
 * The profile whose workbench is open, as each view in it selects it: the active one. Never none
 * while a view of the workbench renders: the workbench is mounted only while there is one
 * (Workspace.tsx, keyed by its id), and Preact renders App, which takes the workbench down when
 * the profile goes, before the views below it.
 */
export const useWorkbenchProfile = () => useStore(activeProfileOf) as ProfileView;

/** The profile as the composer resolves {{name}}: with the values carried from answers. */
export function useComposerProfile(): ProfileView {
  const profile = useWorkbenchProfile();
  const carried = useStore((state) => state.carried[profile.id]);
  return carried === undefined ? profile : withCarried(profile, carried);
}
