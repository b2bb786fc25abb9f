/**
 * The workbench's toolbar: the sidebar's toggle, what the workspace puts first (the profile
 * picker), the profile's auth state and its token (read from the store; Get token is the
 * workbench's intent), and what the workspace puts last (the lock).
 */
import type { ComponentChildren } from 'preact';
import type { ProfileView } from '../../../src/service/profile/profile-input';
import { useToken } from '../state/use-token';
import { getToken, useComposerProfile } from '../state/workbench-intents';
import { AuthState } from '../toolbar/AuthState';

interface Props {
  sidebarShown: boolean;
  onToggleSidebar: () => void;
  start: ComponentChildren;
  end: ComponentChildren;
  profile: ProfileView;
}

export function WorkbenchToolbar(props: Props) {
  const { sidebarShown } = props;
  const profile = useComposerProfile(props.profile);
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
      {props.start}
      <span class="toolbar-divider" />
      <AuthState
        profile={profile}
        token={profile.authMethod === 'apiKey' ? null : token}
        onGetToken={() => void getToken(profile.id)}
      />
      <span class="toolbar-spacer" />
      {props.end}
    </header>
  );
}
