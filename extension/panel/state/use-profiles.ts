/**
 * The saved profiles as App.tsx reads them: the store's profiles slice (the list, the active one,
 * the editor open, the last save's warnings; src/workspace/profiles-state.ts), the active profile
 * as Workspace.tsx reads it (its views select it with workbench-intents.ts), and the `deps` its
 * commands take (src/workspace/profile-commands.ts). App.tsx reaches the store through this module
 * alone: importing store.ts or workspace.ts itself, beside the lazy chunks it loads that import
 * them too, made the bundler split the store out of the panel's start-up chunk (1.4 kB gzip more,
 * tests/unit/panel-budget.test.ts).
 */
import { activeProfileOf } from '../../../src/workspace/profiles/profiles-slice';
import { useStore } from './store';

export { deps } from './workspace';

export const useProfiles = () => useStore((workspace) => workspace.profiles);

/** The profile chosen (null before the list is read, or with none saved): the workbench's. */
export const useActiveProfile = () => useStore(activeProfileOf);
