/**
 * The loaded workbench of one profile (see Workspace.tsx): its state (the composed call and its
 * answer, the token, the collections, the saved request being edited), its layout and its
 * keyboard shortcuts. The toolbar, the sidebar and the dialogs are beside it (Workbench*.tsx).
 */
import type { ComponentChildren } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { withCarried } from '../../../src/checks/with-carried';
import { sameChecks } from '../../../src/collections/check-use';
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
import { type EditedChecks, useChecks } from '../state/use-checks';
import { useCollections } from '../state/use-collections';
import type { SetPrefs } from '../state/use-prefs';
import { type Draft, EMPTY_DRAFT, type Shown, useRequest } from '../state/use-request';
import { type TokenShown, useToken } from '../state/use-token';
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
  const [open, setOpen] = useState<OpenDialog>('none');
  /** Notes about how the draft came in (a cURL import, a captured call): what was dropped. */
  const [notes, setNotes] = useState<DraftNotes | null>(null);
  const [saveStatus, setSaveStatus] = useState('');
  const sidebar = useSidebar(prefs, setPrefs);
  const { wide, showWide, closeWide } = useWideViewHost();
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
    sidebar.giveWay();
  }

  useFollowSaved(opened, collections.collections, dirty, (changed) => {
    const { method, path, query, headers, body } = changed.request;
    request.setDraft({ method, path, query, headers, body });
    checks.load(changed.request);
    setOpened(changed);
  });

  function openSaved(collectionId: string, saved: SavedRequest) {
    putDraft(saved, { collectionId, request: saved });
  }

  /**
   * An empty draft (GET, no path, headers, body or checks) tied to no saved request: as opening
   * a saved request does, it takes the previous draft's place (what was sent is in History).
   */
  function newRequest() {
    putDraft(EMPTY_DRAFT);
    document.getElementById('path')?.focus();
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
    const [{ checksProblem, withChecks }, { updateRequest }] = await Promise.all([
      import('../../../src/collections/check-save'),
      import('../../../src/collections/collection-ops'),
    ]);
    const unfinished = checksProblem(checks.checks);
    if (unfinished !== null) return collections.setError(unfinished);
    const saved = withChecks({ ...opened.request, ...request.draft }, checks.checks);
    if (await collections.save(updateRequest(collection, saved))) {
      setOpened({ collectionId: collection.id, request: saved });
      setSaveStatus(`Saved “${saved.name}”.`);
    }
  }

  /** The token tools take the whole main area while the Auth tab is open; an answer needs it. */
  const tokenTools = oauth && prefs.requestTab === 'auth';
  const lastTab = useRef<RequestTab>('params');
  if (prefs.requestTab !== 'auth') lastTab.current = prefs.requestTab;
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
    inFlight: () => request.sending,
    cancel: () => void request.cancel(),
    save: () => (opened !== null ? void saveInPlace() : setOpen('save')),
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
      collections={collections}
      openId={opened?.request.id ?? null}
      dirty={dirty}
      onOpenSaved={(collection, saved) => openSaved(collection.id, saved)}
      onOpenEntry={openEntry}
      onCaptured={(draft, captureNotes, action) => {
        putDraft(draft, null, { from: 'Captured call', lines: captureNotes });
        if (action === 'replay') send(draft);
        if (action === 'save') setOpen('save');
        if (action === 'open') document.getElementById('path')?.focus();
      }}
      onNewProfile={props.onNewProfile}
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
                onCancel={() => void request.cancel()}
              />
              <RequestActions
                openedName={opened?.request.name ?? null}
                dirtyRequest={dirty && opened !== null ? opened.request : null}
                status={dirty ? '' : saveStatus}
                onNew={newRequest}
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
        <WorkbenchDialogs
          open={open}
          onClose={() => setOpen('none')}
          collections={collections}
          profile={profile}
          draft={request.draft}
          checks={checks.checks}
          problem={() => draftProblem(profile, request.draft, shared, locate)}
          onSaved={(collectionId, saved) => {
            openSaved(collectionId, saved);
            setSaveStatus(`Saved “${saved.name}”.`);
          }}
          onImport={(draft, importNotes) =>
            putDraft(draft, null, { from: 'cURL import', lines: importNotes })
          }
          onOpenSaved={openSaved}
          onOpenEntry={openEntry}
        />
      </div>
    </WideViewContext.Provider>
  );
}
