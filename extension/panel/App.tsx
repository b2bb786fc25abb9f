/**
 * The panel: pick a profile (or create one), compose a `/v1` call, read the answer. State that
 * matters lives in the worker; the panel holds only what is on screen.
 */
import { useEffect, useState } from 'preact/hooks';
import type { ProfileView, Warning } from '../../src/service/profile-input';
import type { AppError } from '../../src/vocabulary/errors';
import { LockControl } from './lock/LockControl';
import { ProfileEditor } from './profile/ProfileEditor';
import { useRequest } from './request/use-request';
import { ProfileBar } from './toolbar/ProfilePicker';
import { ErrorNotice } from './ui/ErrorNotice';
import { Workspace } from './Workspace';
import { ask } from './worker-client';

type Editing = { mode: 'closed' } | { mode: 'new' } | { mode: 'edit'; profile: ProfileView };

export function App() {
  const [profiles, setProfiles] = useState<ProfileView[] | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [warnings, setWarnings] = useState<Warning[]>([]);
  const [loadError, setLoadError] = useState<AppError | null>(null);
  const request = useRequest(activeId);

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

  async function choose(id: string) {
    setActiveId(id);
    request.reset();
    const reply = await ask('profiles/activate', { id });
    if (!reply.ok) setLoadError(reply.error);
  }

  if (profiles === null) {
    return <main>{loadError ? <ErrorNotice error={loadError} /> : <p>Loading profiles…</p>}</main>;
  }
  const active = profiles.find((profile) => profile.id === activeId) ?? null;
  const showEditor = editing.mode !== 'closed' || profiles.length === 0;

  return (
    <main>
      <header>
        <h1>Partner API</h1>
        <ProfileBar
          profiles={profiles}
          activeId={activeId}
          onChoose={choose}
          onNew={() => setEditing({ mode: 'new' })}
          onEdit={() => active && setEditing({ mode: 'edit', profile: active })}
        />
        <LockControl onChange={() => void refresh()} />
      </header>
      {loadError && <ErrorNotice error={loadError} />}
      {warnings.length > 0 && (
        <ul class="notice notice-warn" role="status" aria-label="Profile warnings">
          {warnings.map((warning) => (
            <li key={warning.field + warning.message}>{warning.message}</li>
          ))}
        </ul>
      )}
      {showEditor && (
        <ProfileEditor
          key={editing.mode === 'edit' ? editing.profile.id : 'new'}
          initial={editing.mode === 'edit' ? editing.profile : null}
          onCancel={profiles.length > 0 ? () => setEditing({ mode: 'closed' }) : null}
          onSaved={(profile, saveWarnings) => {
            setWarnings(saveWarnings);
            setEditing({ mode: 'closed' });
            setActiveId(profile.id);
            void refresh();
          }}
          onDeleted={() => {
            setEditing({ mode: 'closed' });
            setWarnings([]);
            request.reset();
            void refresh();
          }}
        />
      )}
      {active && !showEditor && <Workspace profile={active} request={request} />}
      {(showEditor || active === null) && (
        <section aria-label="Response" class="response">
          <p class="muted">Save a profile to send calls.</p>
        </section>
      )}
    </main>
  );
}
