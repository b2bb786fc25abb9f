/**
 * The loaded workbench of one profile (see Workspace.tsx): its layout, its keyboard shortcuts, and
 * the panes wired to the workspace's commands (the composed call, its answer and the saved request
 * being edited are the store's request slice; the token is its token slice). The toolbar, the
 * sidebar and the dialogs are beside it (Workbench*.tsx).
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { withCarried } from '../../../src/checks/with-carried';
import { sameChecks } from '../../../src/collections/check-use';
import type { SavedRequest } from '../../../src/collections/model';
import { sameCall } from '../../../src/collections/same-call';
import type { ProfileView } from '../../../src/service/profile/profile-input';
import type { HistoryEntry } from '../../../src/service/storage/history';
import type { SavedAnswer } from '../../../src/service/storage/saved-answers';
import type { NameValue } from '../../../src/vocabulary/terms';
import type { RequestTab, UiPrefs } from '../../../src/vocabulary/ui-prefs';
import type { DraftNotes } from '../../../src/workspace/request-state';
import { DraftNotesList, RequestActions } from '../request/RequestActions';
import { RequestLine } from '../request/RequestLine';
import { RequestPane } from '../request/RequestPane';
import { draftProblem } from '../request/url-check';
import { useCopyAs } from '../request/use-copy-as';
import { useJsonLocator } from '../request/use-json-locator';
import { ResponsePane } from '../response/ResponsePane';
import { useStore } from '../state/store';
import { useChecks } from '../state/use-checks';
import { useCollectionFolders } from '../state/use-collection-folders';
import type { SetPrefs } from '../state/use-prefs';
import { type Draft, EMPTY_DRAFT, useRequest } from '../state/use-request';
import { useToken } from '../state/use-token';
import { collections, requests } from '../state/workspace';
import { WideView, WideViewContext } from '../ui/WideView';
import { useFocusRescue } from './use-focus-rescue';
import { useFollowSaved } from './use-follow-saved';
import { useShortcuts } from './use-shortcuts';
import { useSidebar } from './use-sidebar';
import { useWideViewHost } from './use-wide-view-host';
import { type OpenDialog, WorkbenchDialogs } from './WorkbenchDialogs';
import { WorkbenchLayout } from './WorkbenchLayout';
import { WorkbenchSidebar } from './WorkbenchSidebar';
import { WorkbenchToolbar } from './WorkbenchToolbar';
import './workbench.css';

export interface WorkbenchProps {
  profile: ProfileView;
  prefs: UiPrefs;
  setPrefs: SetPrefs;
  toolbarStart: ComponentChildren;
  toolbarEnd: ComponentChildren;
  notices: ComponentChildren;
  /** Every saved profile: captured calls are matched against them. */
  profiles: readonly ProfileView[];
}

const NO_VARIABLES: readonly NameValue[] = [];

export function Workbench(props: WorkbenchProps) {
  const { prefs, setPrefs } = props;
  const profileId = props.profile.id;
  const saved = useStore((state) => state.collections.list);
  useCollectionFolders();
  useEffect(() => void collections.reload(), []);
  const request = useRequest(profileId);
  const { opened } = request;
  // A request opened from a collection resolves that collection's shared variables too.
  const shared =
    opened === null
      ? NO_VARIABLES
      : (saved.find((item) => item.id === opened.collectionId)?.variables ?? NO_VARIABLES);
  const checks = useChecks(profileId);
  // The composer resolves {{name}} as the worker will: with the values carried from answers.
  const profile = withCarried(props.profile, checks.carried);
  const token = useToken(profileId);
  const oauth = profile.authMethod !== 'apiKey';
  const copyAs = useCopyAs(profile, request.draft, shared);
  const locate = useJsonLocator(request.draft.body);
  const [open, setOpen] = useState<OpenDialog>('none');
  const sidebar = useSidebar(prefs, setPrefs);
  const { wide, showWide, closeWide } = useWideViewHost();
  const dirty =
    opened !== null &&
    (!sameCall(request.draft, opened.request) || !sameChecks(request.checks, opened.request));

  /** A draft put in from elsewhere: the panes in view again, when the sidebar lies over them. */
  function panesInView() {
    showWide(null);
    sidebar.giveWay();
  }

  function putDraft(call: Draft, notes: DraftNotes | null = null) {
    requests.putDraft(profileId, call, null, notes);
    panesInView();
  }

  useFollowSaved(opened, saved, dirty, (changed) => requests.followSaved(profileId, changed));

  function openSaved(collectionId: string, saved: SavedRequest) {
    requests.openSaved(profileId, collectionId, saved);
    panesInView();
  }

  /**
   * An empty draft (GET, no path, headers, body or checks) tied to no saved request: as opening
   * a saved request does, it takes the previous draft's place (what was sent is in History).
   */
  function newRequest() {
    putDraft(EMPTY_DRAFT);
    document.getElementById('path')?.focus();
  }

  function openEntry(entry: HistoryEntry, answer: SavedAnswer | null) {
    requests.openEntry(profileId, entry, answer);
    panesInView();
  }

  const saveInPlace = () => void requests.saveInPlace(profileId, collections);

  /** The token tools take the whole main area while the Auth tab is open; an answer needs it. */
  const tokenTools = oauth && prefs.requestTab === 'auth';
  const lastTab = useRef<RequestTab>('params');
  if (prefs.requestTab !== 'auth') lastTab.current = prefs.requestTab;
  function send() {
    showWide(null);
    if (tokenTools) setPrefs({ requestTab: lastTab.current });
    void requests.send(profileId, { profile: props.profile, shared });
  }

  function getToken() {
    setPrefs({ requestTab: 'auth' });
    void token.getToken();
  }

  useShortcuts({
    send,
    inFlight: () => request.sending,
    cancel: () => void requests.cancel(profileId),
    save: () => (opened !== null ? saveInPlace() : setOpen('save')),
    search: () => setOpen('search'),
    newRequest,
  });
  useFocusRescue(() => document.getElementById('path'));

  const sidebarView = sidebar.shown && (
    <WorkbenchSidebar
      prefs={prefs}
      setPrefs={setPrefs}
      overlay={sidebar.overlay}
      onClose={sidebar.close}
      profile={props.profile}
      profiles={props.profiles}
      openId={opened?.request.id ?? null}
      dirty={dirty}
      onOpenSaved={(collection, saved) => openSaved(collection.id, saved)}
      onOpenEntry={openEntry}
      onCaptured={(draft, captureNotes, action) => {
        putDraft(draft, { from: 'Captured call', lines: captureNotes });
        if (action === 'replay') send();
        if (action === 'save') setOpen('save');
        if (action === 'open') document.getElementById('path')?.focus();
      }}
    />
  );

  return (
    <WideViewContext.Provider value={sidebar.overlay ? null : showWide}>
      <div class="app">
        {/* The sidebar comes first in Tab order, as on screen: this skips it (and the toolbar). */}
        <button
          type="button"
          class="skip-link"
          onClick={() => document.getElementById('path')?.focus()}
        >
          Skip to Path
        </button>
        <WorkbenchToolbar
          sidebarShown={sidebar.shown}
          onToggleSidebar={sidebar.toggle}
          start={props.toolbarStart}
          end={props.toolbarEnd}
          profile={profile}
          token={oauth ? token : null}
          onGetToken={getToken}
        />
        <div class="notices">{props.notices}</div>
        <WorkbenchLayout
          prefs={prefs}
          setPrefs={setPrefs}
          sidebar={sidebarView || null}
          overlay={sidebar.overlay}
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
                onCancel={() => void requests.cancel(profileId)}
              />
              <RequestActions
                openedName={opened?.request.name ?? null}
                dirtyRequest={dirty && opened !== null ? opened.request : null}
                status={dirty ? '' : request.saveStatus}
                onNew={newRequest}
                onSave={() => setOpen('save')}
                onSaveChanges={saveInPlace}
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
              notes={
                <DraftNotesList
                  notes={request.notes}
                  onDismiss={() => requests.dismissNotes(profileId)}
                />
              }
              checks={checks}
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
        <WorkbenchDialogs
          open={open}
          onClose={() => setOpen('none')}
          profile={profile}
          draft={request.draft}
          checks={request.checks}
          problem={() => draftProblem(profile, request.draft, shared, locate)}
          onSaved={(collectionId, saved) => {
            requests.savedAs(profileId, collectionId, saved);
            panesInView();
          }}
          onImport={(draft, importNotes) =>
            putDraft(draft, { from: 'cURL import', lines: importNotes })
          }
          onOpenSaved={openSaved}
          onOpenEntry={openEntry}
        />
      </div>
    </WideViewContext.Provider>
  );
}
