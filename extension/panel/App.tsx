/**
 * The panel: either the first-run page (no profile yet) or the workbench of the chosen profile,
 * each with the toolbar (profile, auth state, lock) and notices it reads from the store, and the
 * profile editor's dialog when one is open.
 * The profiles, the active one and the editor open are the workspace store's (profiles-state.ts),
 * changed by the commands of src/workspace/profile-commands.ts. Everything shown belongs to the chosen profile: the workbench is
 * mounted per profile, so switching profiles cannot leave another profile's answer behind.
 */
import { useEffect } from 'preact/hooks';
import {
  closeProfileEditor,
  loadProfiles,
  openNewProfile,
} from '../../src/workspace/profiles/profile-commands';
import { answerNewProfile } from './state/profile-intents';
import { useLockWatch } from './state/use-lock';
import { useLoadPrefs } from './state/use-prefs';
import { deps, useActiveProfile, useProfiles } from './state/use-profiles';
import { LockToolbar } from './toolbar/Lock';
import { ProfileBar } from './toolbar/ProfileBar';
import { ErrorNotice } from './ui/ErrorNotice';
import { lazyComponent } from './ui/lazy';
import { AppNotices } from './workbench/AppNotices';
import { Workspace } from './workbench/Workspace';

const FirstRun = lazyComponent(() =>
  import('./workbench/FirstRun').then((module) => module.FirstRun),
);
const UseLocalSandbox = lazyComponent(() =>
  import('./dialogs/UseLocalSandbox').then((module) => module.UseLocalSandbox),
);
const ProfileEditor = lazyComponent(() =>
  import('./dialogs/ProfileEditor').then((module) => module.ProfileEditor),
);
const Dialog = lazyComponent(() => import('./ui/Dialog').then((module) => module.Dialog));

export function App() {
  const { list: profiles, editor: editing, loadError } = useProfiles();
  useLoadPrefs();
  const active = useActiveProfile();
  useLockWatch(() => void loadProfiles(deps));

  useEffect(() => {
    void loadProfiles(deps);
  }, []);
  // New profile from this API (an import's summary) opens this editor, filled in.
  useEffect(() => answerNewProfile((prefill) => openNewProfile(deps, prefill)), []);

  if (profiles === null) {
    return (
      <main class="app loading">
        {loadError ? <ErrorNotice error={loadError} /> : <p class="muted">Loading profiles…</p>}
      </main>
    );
  }

  const editor = editing.mode !== 'closed' && (
    <Dialog
      title={editing.mode === 'edit' ? `Edit profile “${editing.profile.name}”` : 'New profile'}
      onClose={() => closeProfileEditor(deps)}
    >
      {editing.mode === 'new' && <UseLocalSandbox />}
      <ProfileEditor
        key={editing.mode === 'edit' ? editing.profile.id : `new-${editing.seq}`}
        initial={editing.mode === 'edit' ? editing.profile : null}
        prefill={editing.mode === 'new' ? editing.prefill : null}
        inDialog
      />
    </Dialog>
  );

  if (profiles.length === 0 || active === null) {
    return (
      <FirstRun
        toolbarStart={<ProfileBar />}
        toolbarEnd={<LockToolbar />}
        notices={<AppNotices />}
      />
    );
  }
  return (
    <>
      <Workspace key={active.id} />
      {editor}
    </>
  );
}
