/**
 * The profile whose workbench is open, as each view in the workbench selects it from the store
 * rather than being handed it. Its own module: the support report, loaded by views that are
 * themselves loaded lazily, imports it, and importing workbench-intents.ts from there made the
 * bundler split the store out of the panel's start-up chunk (tests/unit/panel-budget.test.ts).
 */
import { useRef } from 'preact/hooks';
import type { ProfileView } from '../../../src/service/profile/profile-input';
import { activeProfileOf } from '../../../src/workspace/profiles/profiles-slice';
import { useStore } from './store';

/**
 * The profile whose workbench is open, as each view in it selects it: the active one. The
 * workbench is mounted only while there is one (Workspace.tsx, keyed by its id), and Preact
 * renders App, which takes the workbench down, before the views below it; should a view still
 * render once the profile has gone, it shows the one it showed last.
 */
export function useWorkbenchProfile(): ProfileView {
  const active = useStore(activeProfileOf);
  const shown = useRef(active);
  if (active !== null) shown.current = active;
  return shown.current as ProfileView;
}
