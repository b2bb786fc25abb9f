/**
 * The workbench's toolbar: the sidebar's toggle, what the workspace puts first (the profile
 * picker), the profile's auth state and its token, and what the workspace puts last (the lock).
 */
import type { ComponentChildren } from 'preact';
import type { ProfileView } from '../../../src/service/profile/profile-input';
import type { TokenState } from '../state/use-token';
import { AuthState } from '../toolbar/AuthState';

interface Props {
  sidebarShown: boolean;
  onToggleSidebar: () => void;
  start: ComponentChildren;
  end: ComponentChildren;
  profile: ProfileView;
  /** The OAuth profile's token; null for an API-key profile. */
  token: TokenState | null;
  onGetToken: () => void;
}

export function WorkbenchToolbar(props: Props) {
  const { sidebarShown } = props;
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
      <AuthState profile={props.profile} token={props.token} onGetToken={props.onGetToken} />
      <span class="toolbar-spacer" />
      {props.end}
    </header>
  );
}
