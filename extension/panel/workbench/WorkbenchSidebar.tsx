/**
 * The workbench's sidebar with what its tabs hold: the collections, the history, and the calls of
 * the inspected page. Each loads on first use; the collections too, though they are the first tab:
 * the panel paints the composer before them. What is opened from it goes to the composer (the
 * workbench's intents, state/workbench-intents.ts).
 */
import type { ProfileView } from '../../../src/service/profile/profile-input';
import { requestOf } from '../../../src/workspace/request-slice';
import { Sidebar } from '../sidebar/Sidebar';
import { useStore } from '../state/store';
import { captured, dirtyOf, openEntry, openSaved } from '../state/workbench-intents';
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
  profile: ProfileView;
}

const NO_PROFILES: readonly ProfileView[] = [];

export function WorkbenchSidebar(props: Props) {
  const { profile } = props;
  const tab = useStore((state) => state.prefs?.sidebarTab ?? 'collections');
  // Every saved profile: captured calls are matched against them; Export for Bruno offers them.
  const profiles = useStore((state) => state.profiles.list) ?? NO_PROFILES;
  // The saved request in the composer, and whether the composer changed it.
  const openId = useStore((state) => requestOf(state, profile.id).opened?.request.id ?? null);
  const dirty = useStore((state) => dirtyOf(state, profile.id));
  return (
    <Sidebar
      tab={tab}
      onTab={(sidebarTab) => prefs.set({ sidebarTab })}
      overlay={props.overlay}
      onClose={props.onClose}
      collections={
        <CollectionsPanel
          profile={profile}
          profiles={profiles}
          openId={openId}
          dirty={dirty}
          onOpen={(collection, saved) => openSaved(profile.id, collection.id, saved)}
        />
      }
      capture={
        <CaptureView
          profiles={profiles}
          onDraft={(draft, lines, action) => captured(profile, draft, lines, action)}
        />
      }
      history={
        <History
          profile={profile}
          onOpen={(entry, answer) => openEntry(profile.id, entry, answer)}
        />
      }
    />
  );
}
