/**
 * One profile's loaded workbench (Workspace.tsx), layout only: its views read the store and call
 * the intents (state/workbench-intents.ts); what it does while open is use-workbench-open.ts. Each
 * pane selects the profile itself (state/workbench-profile.ts); none is handed it from here.
 */
import type { ProfileView } from '../../../src/service/profile/profile-input';
import type { AppError } from '../../../src/vocabulary/errors';
import type { UiPrefs } from '../../../src/vocabulary/ui-prefs';
import { RequestPane } from '../request/RequestPane';
import { ResponsePane } from '../response/ResponsePane';
import { focusPath } from '../state/workbench-intents';
import { ErrorNotice } from '../ui/ErrorNotice';
import { WideView, WideViewContext } from '../ui/WideView';
import { closeWide, showWide, useWideShown } from '../ui/wide-view-host';
import { AppNotices } from './AppNotices';
import { RequestBar } from './RequestBar';
import { useSidebar } from './use-sidebar';
import { useWorkbenchOpen } from './use-workbench-open';
import { WorkbenchDialogs } from './WorkbenchDialogs';
import { WorkbenchLayout } from './WorkbenchLayout';
import { WorkbenchSidebar } from './WorkbenchSidebar';
import { WorkbenchToolbar } from './WorkbenchToolbar';
import './workbench.css';

interface Props {
  /** The profile and the layout preferences, the store's, as Workspace.tsx read them. */
  profile: ProfileView;
  prefs: UiPrefs;
  /** Why what the worker kept for the profile could not be read back (it opened empty). */
  openError: AppError | null;
}

export function Workbench({ profile, prefs, openError }: Props) {
  useWorkbenchOpen(profile);
  const { overlay, ...sidebar } = useSidebar(prefs);
  const wide = useWideShown();
  // The token tools take the whole main area while the Auth tab is open; an answer needs it.
  const tokenTools = profile.authMethod !== 'apiKey' && prefs.requestTab === 'auth';
  return (
    <WideViewContext.Provider value={overlay ? null : showWide}>
      <div class="app">
        {/* The sidebar comes first in Tab order, as on screen: this skips it (and the toolbar). */}
        <button type="button" class="skip-link" onClick={focusPath}>
          Skip to Path
        </button>
        <WorkbenchToolbar sidebarShown={sidebar.shown} onToggleSidebar={sidebar.toggle} />
        <div class="notices">
          <AppNotices />
          {openError && <ErrorNotice error={openError} />}
        </div>
        <WorkbenchLayout
          prefs={prefs}
          sidebar={
            sidebar.shown ? <WorkbenchSidebar overlay={overlay} onClose={sidebar.close} /> : null
          }
          overlay={overlay}
          requestOnly={tokenTools}
          wide={wide && <WideView content={wide} onClose={closeWide} />}
          bar={<RequestBar />}
          request={<RequestPane />}
          response={<ResponsePane />}
        />
        <WorkbenchDialogs />
      </div>
    </WideViewContext.Provider>
  );
}
