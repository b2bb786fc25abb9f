/**
 * The workbench's toolbar: the sidebar's toggle, the title and profile picker (ProfileBar.tsx),
 * the profile's auth state and its token (read from the store; Get token is the workbench's
 * intent), and the lock.
 */
import { useToken } from '../state/use-token';
import { getToken } from '../state/workbench-intents';
import { useComposerProfile } from '../state/workbench-profile';
import { AuthState } from '../toolbar/AuthState';
import { LockToolbar } from '../toolbar/Lock';
import { ProfileBar } from '../toolbar/ProfileBar';

interface Props {
  sidebarShown: boolean;
  onToggleSidebar: () => void;
}

export function WorkbenchToolbar(props: Props) {
  const { sidebarShown } = props;
  const profile = useComposerProfile();
  const token = useToken(profile.id);
  return (
    <header class="toolbar">
      <button
        type="button"
        id="sidebar-toggle"
        class="icon"
        aria-label={sidebarShown ? 'Hide sidebar' : 'Show sidebar'}
        aria-expanded={sidebarShown}
        aria-controls="sidebar"
        onClick={props.onToggleSidebar}
      >
        ☰
      </button>
      <ProfileBar />
      <span class="toolbar-divider" />
      <AuthState
        profile={profile}
        token={profile.authMethod === 'apiKey' ? null : token}
        onGetToken={() => void getToken(profile.id)}
      />
      <span class="toolbar-spacer" />
      <LockToolbar />
    </header>
  );
}
