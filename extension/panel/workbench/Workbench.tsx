/**
 * The loaded workbench of one profile (see Workspace.tsx): its state (the composed call and its
 * answer, the token, the collections, the saved request being edited), its layout and its
 * keyboard shortcuts. Dialogs (save, import cURL, quick search) load on first use.
 */
import type { ComponentChildren } from 'preact';
import { useCallback, useRef, useState } from 'preact/hooks';
import { withCarried } from '../../../src/checks/with-carried';
import { draftProblem, sameCall } from '../../../src/collections/draft-checks';
import type { SavedRequest } from '../../../src/collections/model';
import type { ProfilePrefill, ProfileView } from '../../../src/service/profile/profile-input';
import type { RequestTab, UiPrefs } from '../../../src/service/profile/ui-prefs';
import type { HistoryEntry } from '../../../src/service/storage/history';
import type { SavedAnswer } from '../../../src/service/storage/saved-answers';
import type { NameValue } from '../../../src/vocabulary/terms';
import { type DraftNotes, DraftNotesList, RequestActions } from '../request/RequestActions';
import { RequestLine } from '../request/RequestLine';
import { RequestPane } from '../request/RequestPane';
import { useCopyAs } from '../request/use-copy-as';
import { useJsonLocator } from '../request/use-json-locator';
import { ResponsePane } from '../response/ResponsePane';
import { Sidebar } from '../sidebar/Sidebar';
import { type EditedChecks, sameChecks, useChecks, withChecks } from '../state/use-checks';
import { useCollections } from '../state/use-collections';
import type { SetPrefs } from '../state/use-prefs';
import { type Draft, type Shown, useRequest } from '../state/use-request';
import { type TokenShown, useToken } from '../state/use-token';
import { AuthState } from '../toolbar/AuthState';
import { lazyComponent } from '../ui/lazy';
import { WideView, type WideViewContent, WideViewContext } from '../ui/WideView';
import { useFocusRescue } from './use-focus-rescue';
import { usePanelSize } from './use-panel-size';
import { useShortcuts } from './use-shortcuts';
import { WorkbenchLayout } from './WorkbenchLayout';
import './workbench.css';

const SaveRequestDialog = lazyComponent(() =>
  import('../dialogs/SaveRequestDialog').then((module) => module.SaveRequestDialog),
);
const ImportCurlDialog = lazyComponent(() =>
  import('../dialogs/ImportCurlDialog').then((module) => module.ImportCurlDialog),
);
/** The sidebar's first tab, but not the call: the panel paints the composer before it loads. */
const CollectionsPanel = lazyComponent(() =>
  import('../sidebar/collections/CollectionsPanel').then((module) => module.CollectionsPanel),
);
const History = lazyComponent(() => import('../sidebar/History').then((module) => module.History));
const CaptureView = lazyComponent(() =>
  import('../sidebar/capture/CaptureView').then((module) => module.CaptureView),
);
const QuickSearch = lazyComponent(() =>
  import('../dialogs/QuickSearch').then((module) => module.QuickSearch),
);

export interface WorkbenchProps {
  profile: ProfileView;
  prefs: UiPrefs;
  setPrefs: SetPrefs;
  start: WorkspaceStart;
  toolbarStart: ComponentChildren;
  toolbarEnd: ComponentChildren;
  notices: ComponentChildren;
  onNewProfile: (prefill: ProfilePrefill) => void;
  /** Every saved profile: captured calls are matched against them. */
  profiles: readonly ProfileView[];
}

/** What a (re)opened workspace starts from: what the worker kept for the profile. */
export interface WorkspaceStart {
  draft: Draft | null;
  /** The draft's assertions and answer variables, kept with it. */
  checks: EditedChecks | null;
  answer: Shown | null;
  token: TokenShown;
}

const NO_VARIABLES: readonly NameValue[] = [];

type Opened = { collectionId: string; request: SavedRequest } | null;
type Open = 'none' | 'save' | 'import' | 'search';

export function Workbench(props: WorkbenchProps) {
  const { prefs, setPrefs, start } = props;
  const collections = useCollections();
  const [opened, setOpened] = useState<Opened>(null);
  // A request opened from a collection resolves that collection's shared variables too.
  const shared =
    opened === null
      ? NO_VARIABLES
      : (collections.collections.find((item) => item.id === opened.collectionId)?.variables ??
        NO_VARIABLES);
  const checks = useChecks(props.profile, shared, start.checks);
  // The composer resolves {{name}} as the worker will: with the values carried from answers.
  const profile = withCarried(props.profile, checks.carried);
  const request = useRequest(
    profile.id,
    start,
    shared,
    opened?.request.name ?? null,
    checks.sendChecks,
  );
  const token = useToken(profile.id, start.token);
  /** The Tests tab's edits: kept with the draft, as the call's own edits are. */
  const editedChecks = {
    ...checks,
    setChecks: (next: EditedChecks) => {
      checks.setChecks(next);
      request.keepDraft();
    },
  };
  const oauth = profile.authMethod !== 'apiKey';
  const copyAs = useCopyAs(profile, request.draft, shared);
  const locate = useJsonLocator(request.draft.body);
  const [open, setOpen] = useState<Open>('none');
  /** Notes about how the draft came in (a cURL import, a captured call): what was dropped. */
  const [notes, setNotes] = useState<DraftNotes | null>(null);
  const [saveStatus, setSaveStatus] = useState('');
  const size = usePanelSize();
  const overlay = size === 'narrow';
  const [overlayOpen, setOverlayOpen] = useState(false);
  const sidebarShown = overlay ? overlayOpen : prefs.sidebarOpen;
  const dirty =
    opened !== null &&
    (!sameCall(request.draft, opened.request) || !sameChecks(checks.checks, opened.request));

  /**
   * A draft put into the composer from elsewhere: where it came from (the saved request, for
   * Save changes), the notes on how it came in, and, when the sidebar lies over the panes, the
   * panes in view again.
   */
  function putDraft(call: Draft, from: Opened = null, draftNotes: DraftNotes | null = null) {
    // Only the call's own fields: a history entry or a saved request carries more.
    const { method, path, query, headers, body } = call;
    request.setDraft({ method, path, query, headers, body });
    // Another call in the composer: the previous answer is not this one's (history shows its own).
    // The same call (just saved, or opened again) keeps its answer.
    if (!sameCall(request.draft, call)) request.show(null);
    checks.load(from?.request ?? null);
    setOpened(from);
    setNotes(draftNotes);
    setSaveStatus('');
    showWide(null);
    if (overlay) setOverlayOpen(false);
  }

  function openSaved(collectionId: string, saved: SavedRequest) {
    putDraft(saved, { collectionId, request: saved });
  }

  /** A history entry back in the composer, with its answer when the worker still keeps it. */
  function openEntry(entry: HistoryEntry, answer: SavedAnswer | null) {
    putDraft(entry);
    request.show(answer);
  }

  async function saveInPlace() {
    if (opened === null) return;
    const collection = collections.collections.find((item) => item.id === opened.collectionId);
    if (collection === undefined) return;
    const saved = withChecks({ ...opened.request, ...request.draft }, checks.checks);
    const { updateRequest } = await import('../../../src/collections/collection-ops');
    if (await collections.save(updateRequest(collection, saved))) {
      setOpened({ collectionId: collection.id, request: saved });
      setSaveStatus(`Saved “${saved.name}”.`);
    }
  }

  function toggleSidebar() {
    if (overlay) setOverlayOpen(!overlayOpen);
    else setPrefs({ sidebarOpen: !prefs.sidebarOpen });
  }

  /** The token tools take the whole main area while the Auth tab is open; an answer needs it. */
  const tokenTools = oauth && prefs.requestTab === 'auth';
  const lastTab = useRef<RequestTab>('params');
  if (prefs.requestTab !== 'auth') lastTab.current = prefs.requestTab;
  /** A view across the main area, asked for by the sidebar (an import's summary, a call's details). */
  const [wide, setWide] = useState<WideViewContent | null>(null);
  // The shown view, for telling it it closed: outside the state updater, which must stay pure.
  const wideNow = useRef<WideViewContent | null>(null);
  const showWide = useCallback((content: WideViewContent | null) => {
    const now = wideNow.current;
    if (now !== null && now.id !== content?.id) now.onClose?.();
    wideNow.current = content;
    setWide(content);
  }, []);
  const closeWide = useCallback(() => showWide(null), [showWide]);

  function send(draft?: Draft) {
    showWide(null);
    if (tokenTools) setPrefs({ requestTab: lastTab.current });
    void request.send(draft);
  }

  function getToken() {
    setPrefs({ requestTab: 'auth' });
    void token.getToken();
  }

  useShortcuts({
    send: () => send(),
    cancel: () => void request.cancel(),
    save: () => (opened !== null ? void saveInPlace() : setOpen('save')),
    search: () => setOpen('search'),
  });
  useFocusRescue(() => document.getElementById('path'));

  const sidebar = sidebarShown && (
    <Sidebar
      tab={prefs.sidebarTab}
      onTab={(sidebarTab) => setPrefs({ sidebarTab })}
      overlay={overlay}
      onClose={() => {
        setOverlayOpen(false);
        document.getElementById('sidebar-toggle')?.focus();
      }}
      collections={
        <CollectionsPanel
          profile={props.profile}
          state={collections}
          openId={opened?.request.id ?? null}
          dirty={dirty}
          onOpen={(collection, saved) => openSaved(collection.id, saved)}
          onNewProfile={props.onNewProfile}
        />
      }
      capture={
        <CaptureView
          profiles={props.profiles}
          onDraft={(draft, captureNotes, action) => {
            putDraft(draft, null, { from: 'Captured call', lines: captureNotes });
            if (action === 'replay') send(draft);
            if (action === 'save') setOpen('save');
            if (action === 'open') document.getElementById('path')?.focus();
          }}
        />
      }
      history={<History profileId={profile.id} onOpen={openEntry} />}
    />
  );

  return (
    <WideViewContext.Provider value={overlay ? null : showWide}>
      <div class="app">
        {/* The sidebar comes first in Tab order, as on screen: this skips it (and the toolbar). */}
        <button
          type="button"
          class="skip-link"
          onClick={() => document.getElementById('path')?.focus()}
        >
          Skip to Path
        </button>
        <header class="toolbar">
          <button
            type="button"
            id="sidebar-toggle"
            class="icon"
            aria-label={sidebarShown ? 'Hide sidebar' : 'Show sidebar'}
            aria-expanded={sidebarShown}
            aria-controls="sidebar"
            onClick={toggleSidebar}
          >
            ☰
          </button>
          {props.toolbarStart}
          <span class="toolbar-divider" />
          <AuthState profile={profile} token={oauth ? token : null} onGetToken={getToken} />
          <span class="toolbar-spacer" />
          {props.toolbarEnd}
        </header>
        <div class="notices">{props.notices}</div>
        <WorkbenchLayout
          prefs={prefs}
          setPrefs={setPrefs}
          sidebar={sidebar || null}
          overlay={overlay}
          requestOnly={tokenTools}
          wide={wide && <WideView content={wide} onClose={closeWide} />}
          bar={
            <div class="request-bar">
              <RequestLine
                profile={profile}
                draft={request.draft}
                shared={shared}
                onChange={request.setDraft}
                sending={request.sending}
                onSend={() => send()}
                onCancel={() => void request.cancel()}
              />
              <RequestActions
                openedName={opened?.request.name ?? null}
                dirtyRequest={dirty && opened !== null ? opened.request : null}
                status={dirty ? '' : saveStatus}
                onSave={() => setOpen('save')}
                onSaveChanges={() => void saveInPlace()}
                onImportCurl={() => setOpen('import')}
                copyAs={copyAs}
              />
            </div>
          }
          request={
            <RequestPane
              profile={profile}
              request={request}
              token={oauth ? token : null}
              tab={prefs.requestTab}
              onTab={(requestTab) => setPrefs({ requestTab })}
              copyAs={copyAs}
              notes={<DraftNotesList notes={notes} onDismiss={() => setNotes(null)} />}
              checks={editedChecks}
            />
          }
          response={
            <ResponsePane
              profile={profile}
              request={request}
              tab={prefs.responseTab}
              onTab={(responseTab) => setPrefs({ responseTab })}
              checks={checks.shownChecks}
            />
          }
        />
        {open === 'save' && (
          <SaveRequestDialog
            state={collections}
            profile={profile}
            draft={request.draft}
            checks={checks.checks}
            problem={draftProblem(profile, request.draft, shared, locate)}
            onSaved={(collectionId, saved) => {
              openSaved(collectionId, saved);
              setSaveStatus(`Saved “${saved.name}”.`);
            }}
            onClose={() => setOpen('none')}
          />
        )}
        {open === 'import' && (
          <ImportCurlDialog
            profile={profile}
            onImport={(draft, importNotes) =>
              putDraft(draft, null, { from: 'cURL import', lines: importNotes })
            }
            onClose={() => setOpen('none')}
          />
        )}
        {open === 'search' && (
          <QuickSearch
            profileId={profile.id}
            collections={collections.collections}
            onOpenSaved={openSaved}
            onOpenEntry={openEntry}
            onClose={() => setOpen('none')}
          />
        )}
      </div>
    </WideViewContext.Provider>
  );
}
