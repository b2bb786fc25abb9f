/**
 * The workbench's sidebar with what its tabs hold: the collections, the history, and the calls of
 * the inspected page. Each loads on first use; the collections too, though they are the first tab:
 * the panel paints the composer before them.
 */
import type { Collection, SavedRequest } from '../../../src/collections/model';
import type { ProfileView } from '../../../src/service/profile/profile-input';
import type { HistoryEntry } from '../../../src/service/storage/history';
import type { SavedAnswer } from '../../../src/service/storage/saved-answers';
import type { UiPrefs } from '../../../src/vocabulary/ui-prefs';
import type { CaptureAction } from '../../../src/workspace/capture/capture-state';
import { Sidebar } from '../sidebar/Sidebar';
import type { SetPrefs } from '../state/use-prefs';
import type { Draft } from '../state/use-request';
import { lazyComponent } from '../ui/lazy';

const CollectionsPanel = lazyComponent(() =>
  import('../sidebar/collections/CollectionsPanel').then((module) => module.CollectionsPanel),
);
const History = lazyComponent(() => import('../sidebar/History').then((module) => module.History));
const CaptureView = lazyComponent(() =>
  import('../sidebar/capture/CaptureView').then((module) => module.CaptureView),
);

interface Props {
  prefs: UiPrefs;
  setPrefs: SetPrefs;
  /** Whether it lies over the panes (a narrow panel), with a Close button. */
  overlay: boolean;
  onClose: () => void;
  profile: ProfileView;
  /** Every saved profile: captured calls are matched against them; Export for Bruno offers them. */
  profiles: readonly ProfileView[];
  /** The saved request in the composer, and whether the composer changed it. */
  openId: string | null;
  dirty: boolean;
  onOpenSaved: (collection: Collection, request: SavedRequest) => void;
  onOpenEntry: (entry: HistoryEntry, answer: SavedAnswer | null) => void;
  onCaptured: (draft: Draft, notes: string[], action: CaptureAction) => void;
}

export function WorkbenchSidebar(props: Props) {
  const { prefs, setPrefs, profile } = props;
  return (
    <Sidebar
      tab={prefs.sidebarTab}
      onTab={(sidebarTab) => setPrefs({ sidebarTab })}
      overlay={props.overlay}
      onClose={props.onClose}
      collections={
        <CollectionsPanel
          profile={profile}
          profiles={props.profiles}
          openId={props.openId}
          dirty={props.dirty}
          onOpen={props.onOpenSaved}
        />
      }
      capture={<CaptureView profiles={props.profiles} onDraft={props.onCaptured} />}
      history={<History profile={profile} onOpen={props.onOpenEntry} />}
    />
  );
}
