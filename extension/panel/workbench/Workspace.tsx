/**
 * Opens one profile's workbench (Workbench.tsx) from what the worker kept for it: the draft, its
 * checks, the last answer and the token, read into the store (src/workspace/workspace-commands.ts).
 * Mounted per profile (its key is the profile id), so every view shows only what belongs to that
 * profile; the profile and the layout preferences are read from the store here and handed to the
 * workbench. A workspace that cannot be read back opens empty, with the reason shown. A kept call
 * the request line cannot show without its URL check waits for that too (request/url-check.ts).
 */
import { useEffect, useState } from 'preact/hooks';
import type { AppError } from '../../../src/vocabulary/errors';
import { requestOf } from '../../../src/workspace/request-slice';
import { openWorkspace } from '../../../src/workspace/workspace-commands';
import { urlCheckReadyFor } from '../request/url-check';
import { useStore } from '../state/store';
import { useActiveProfile } from '../state/use-profiles';
import { deps, store } from '../state/workspace';
import { ProfileBar } from '../toolbar/ProfileBar';
import { Workbench } from './Workbench';

/** Read back, with why it could not be when so. */
type Opened = { error: AppError | null } | null;

export function Workspace() {
  // The store's: App.tsx mounts this only once both are known, for the active profile.
  const profile = useActiveProfile();
  const prefs = useStore((state) => state.prefs);
  const [opened, setOpened] = useState<Opened>(null);

  useEffect(() => {
    if (profile === null) return;
    void openWorkspace(deps, profile.id).then(async (error) => {
      // A kept call that is not plain shows its Full URL line from the first render on.
      await urlCheckReadyFor(profile, requestOf(store.get(), profile.id).draft);
      setOpened({ error });
    });
  }, []);

  if (opened === null || profile === null || prefs === null) {
    return (
      <div class="app">
        <header class="toolbar">
          <ProfileBar />
        </header>
        <p class="muted pane-message">Loading the workspace…</p>
      </div>
    );
  }
  return <Workbench profile={profile} prefs={prefs} openError={opened.error} />;
}
