/**
 * The workbench's sidebar with what its tabs hold: the collections, the history, and the calls of
 * the inspected page. Each loads on first use; the collections too, though they are the first tab:
 * the panel paints the composer before them. What is opened from it goes to the composer (the
 * workbench's intents, state/workbench-intents.ts).
 */
import type { ProfileView } from '../../../src/service/profile/profile-input';
import { Sidebar } from '../sidebar/Sidebar';
import { useStore } from '../state/store';
import { captured, openEntry } from '../state/workbench-intents';
import { useWorkbenchProfile } from '../state/workbench-profile';
import { prefs } from '../state/workspace';
import { lazyComponent } from '../ui/lazy';

const CollectionsPanel = lazyComponent(() =>
  import('../sidebar/collections/CollectionsPanel').then((module) => module.CollectionsPanel),
);
const History = lazyComponent(() => import('../sidebar/History').then((module) => module.History));
const CaptureView = lazyComponent(() =>
  import('../sidebar/capture/CaptureView').then((module) => module.CaptureView),
);

interface Props {
  /** Whether it lies over the panes (a narrow panel), with a Close button. */
  overlay: boolean;
  onClose: () => void;
}

const NO_PROFILES: readonly ProfileView[] = [];

export function WorkbenchSidebar(props: Props) {
  const profile = useWorkbenchProfile();
  const tab = useStore((state) => state.prefs?.sidebarTab ?? 'collections');
  // Every saved profile: captured calls are matched against them.
  const profiles = useStore((state) => state.profiles.list) ?? NO_PROFILES;
  return (
    <Sidebar
      tab={tab}
      onTab={(sidebarTab) => prefs.set({ sidebarTab })}
      overlay={props.overlay}
      onClose={props.onClose}
      collections={<CollectionsPanel />}
      capture={
        <CaptureView
          profiles={profiles}
          onDraft={(draft, lines, action) => captured(profile, draft, lines, action)}
        />
      }
      history={<History onOpen={(entry, answer) => openEntry(profile.id, entry, answer)} />}
    />
  );
}
