/**
 * The panel with no profile yet: what a profile is, the editor to create one, and "Use local
 * sandbox", which fills the editor with the demo values of a sandbox on 127.0.0.1:8787 (or says
 * how to start one). The user still presses Save profile. The values filled in are the store's
 * New profile (profiles-state.ts), as in the New profile dialog.
 */
import type { ComponentChildren } from 'preact';
import { UseLocalSandbox } from '../dialogs/UseLocalSandbox';
import { useStore } from '../state/store';
import { lazyComponent } from '../ui/lazy';

const ProfileEditor = lazyComponent(() =>
  import('../dialogs/ProfileEditor').then((module) => module.ProfileEditor),
);

/**
 * The toolbar's parts and the notices, as App.tsx renders them (ProfileBar, LockToolbar,
 * AppNotices): handed in rather than imported, since this page's chunk importing them made the
 * bundler split the store out of the panel's start-up chunk (tests/unit/panel-budget.test.ts).
 */
interface Props {
  toolbarStart: ComponentChildren;
  toolbarEnd: ComponentChildren;
  notices: ComponentChildren;
}

export function FirstRun({ toolbarStart, toolbarEnd, notices }: Props) {
  const editor = useStore((workspace) => workspace.profiles.editor);
  const filled = editor.mode === 'new' ? editor : null;

  return (
    <div class="app">
      <header class="toolbar">
        {toolbarStart}
        <span class="toolbar-spacer" />
        {toolbarEnd}
      </header>
      <div class="notices">{notices}</div>
      <main class="first-run">
        <h2>Create your first profile</h2>
        <p>
          A profile says where to call (the Auth URL of the token endpoint and the Base URL of the
          API), for which company (Company ID), and how to authenticate: an API key, or an OAuth
          client ID and secret. Secrets stay inside the extension; the panel shows them masked.
        </p>
        <UseLocalSandbox />
        <ProfileEditor
          key={filled?.seq ?? 0}
          initial={null}
          prefill={filled?.prefill ?? null}
          inDialog={false}
        />
      </main>
    </div>
  );
}
