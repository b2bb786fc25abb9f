/**
 * The panel: a toolbar (profile, auth state, lock), then either the first-run page (no profile
 * yet) or the workbench of the chosen profile. State that matters lives in the worker; the panel
 * holds what is on screen. Everything shown belongs to the chosen profile: the workbench is
 * mounted per profile, so switching profiles cannot leave another profile's answer behind.
 */
import { useEffect, useState } from 'preact/hooks';
import type { ProfilePrefill, ProfileView, Warning } from '../../src/service/profile/profile-input';
import type { AppError } from '../../src/vocabulary/errors';
import { answerNewProfile } from './state/profile-intents';
import { useLockWatch } from './state/use-lock';
import { usePrefs } from './state/use-prefs';
import { ask } from './state/worker-client';
import { LockNotices, LockToolbar } from './toolbar/Lock';
import { ProfilePicker } from './toolbar/ProfilePicker';
import { Dialog } from './ui/Dialog';
import { ErrorNotice } from './ui/ErrorNotice';
import { lazyComponent } from './ui/lazy';
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

type Editing =
  | { mode: 'closed' }
  | { mode: 'new'; prefill?: ProfilePrefill; seq?: number }
  | { mode: 'edit'; profile: ProfileView };

export function App() {
  const [profiles, setProfiles] = useState<ProfileView[] | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [warnings, setWarnings] = useState<{ profileId: string; list: Warning[] } | null>(null);
  const [loadError, setLoadError] = useState<AppError | null>(null);
  const { prefs, setPrefs } = usePrefs();
  useLockWatch(() => void refresh());

  async function refresh() {
    const reply = await ask('profiles/list', {});
    if (!reply.ok) {
      setLoadError(reply.error);
      return;
    }
    setLoadError(null);
    setProfiles(reply.value.profiles);
    setActiveId(reply.value.activeProfileId);
  }

  useEffect(() => {
    void refresh();
  }, []);
  // New profile from this API (an import's summary) opens this editor, filled in.
  useEffect(() => answerNewProfile((prefill) => setEditing({ mode: 'new', prefill })), []);

  async function choose(id: string) {
    setActiveId(id);
    const reply = await ask('profiles/activate', { id });
    if (!reply.ok) setLoadError(reply.error);
  }

  function saved(profile: ProfileView, list: Warning[]) {
    setWarnings(list.length > 0 ? { profileId: profile.id, list } : null);
    setEditing({ mode: 'closed' });
    setActiveId(profile.id);
    void refresh();
  }

  if (profiles === null || prefs === null) {
    return (
      <main class="app loading">
        {loadError ? <ErrorNotice error={loadError} /> : <p class="muted">Loading profiles…</p>}
      </main>
    );
  }
  const active = profiles.find((profile) => profile.id === activeId) ?? null;
  const firstRun = profiles.length === 0;

  const toolbarStart = (
    <>
      <h1 class="app-title">Partner API</h1>
      <ProfilePicker
        profiles={profiles}
        activeId={activeId}
        onChoose={(id) => void choose(id)}
        onNew={() => (firstRun ? focusFirstField() : setEditing({ mode: 'new' }))}
        onEdit={() => active && setEditing({ mode: 'edit', profile: active })}
      />
    </>
  );
  const toolbarEnd = <LockToolbar />;
  const notices = (
    <>
      {loadError && <ErrorNotice error={loadError} />}
      {warnings !== null && warnings.profileId === active?.id && (
        <ul class="notice notice-warn" role="status" aria-label="Profile warnings">
          {warnings.list.map((warning) => (
            <li key={warning.field + warning.message}>{warning.message}</li>
          ))}
        </ul>
      )}
      <LockNotices />
    </>
  );

  const editor = editing.mode !== 'closed' && (
    <Dialog
      title={editing.mode === 'edit' ? `Edit profile “${editing.profile.name}”` : 'New profile'}
      onClose={() => setEditing({ mode: 'closed' })}
    >
      {editing.mode === 'new' && (
        <UseLocalSandbox
          onFilled={(values) =>
            setEditing({ mode: 'new', prefill: values, seq: (editing.seq ?? 0) + 1 })
          }
        />
      )}
      <ProfileEditor
        key={editing.mode === 'edit' ? editing.profile.id : `new-${editing.seq ?? 0}`}
        initial={editing.mode === 'edit' ? editing.profile : null}
        prefill={editing.mode === 'new' ? (editing.prefill ?? null) : null}
        onCancel={() => setEditing({ mode: 'closed' })}
        onSaved={saved}
        onDeleted={() => {
          setEditing({ mode: 'closed' });
          setWarnings(null);
          void refresh();
        }}
      />
    </Dialog>
  );

  if (firstRun || active === null) {
    return (
      <FirstRun
        toolbarStart={toolbarStart}
        toolbarEnd={toolbarEnd}
        notices={notices}
        onSaved={saved}
      />
    );
  }
  return (
    <>
      <Workspace
        key={active.id}
        profile={active}
        prefs={prefs}
        setPrefs={setPrefs}
        toolbarStart={toolbarStart}
        toolbarEnd={toolbarEnd}
        notices={notices}
        profiles={profiles}
      />
      {editor}
    </>
  );
}

/** On the first-run page the editor is already open: New profile takes the user to it. */
function focusFirstField() {
  document.querySelector<HTMLInputElement>('form[aria-label="Profile editor"] input')?.focus();
}
