/**
 * The loaded workbench of one profile (see Workspace.tsx): its state (the composed call and its
 * answer, the token, the collections, the saved request being edited), its layout and its
 * keyboard shortcuts. Dialogs (save, import cURL, quick search) load on first use.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { SavedRequest } from '../../src/collections/model';
import type { ProfileView } from '../../src/service/profile-input';
import type { UiPrefs } from '../../src/service/ui-prefs';
import type { NameValue } from '../../src/vocabulary/terms';
import type { ProfilePrefill } from './profile/ProfileEditor';
import { bodyProblem } from './request/BodyTab';
import { previewUrl } from './request/RequestLine';
import { RequestPane } from './request/RequestPane';
import { useCopyAs } from './request/use-copy-as';
import { type Draft, type Shown, useRequest } from './request/use-request';
import { type TokenShown, useToken } from './request/use-token';
import { ResponsePane } from './response/ResponsePane';
import { CollectionsPanel } from './sidebar/collections/CollectionsPanel';
import { useCollections } from './sidebar/collections/use-collections';
import { Sidebar } from './sidebar/Sidebar';
import { AuthState } from './toolbar/AuthState';
import { lazyComponent } from './ui/lazy';
import { ResizeHandle } from './ui/ResizeHandle';
import { SplitView } from './ui/SplitView';
import { useFocusRescue } from './use-focus-rescue';
import { usePanelSize } from './use-panel-size';
import type { SetPrefs } from './use-prefs';
import { useShortcuts } from './use-shortcuts';
import './workbench.css';

const SaveRequestDialog = lazyComponent(() =>
  import('./request/SaveRequestDialog').then((module) => module.SaveRequestDialog),
);
const ImportCurlDialog = lazyComponent(() =>
  import('./request/ImportCurlDialog').then((module) => module.ImportCurlDialog),
);
const History = lazyComponent(() => import('./sidebar/History').then((module) => module.History));
const CaptureView = lazyComponent(() =>
  import('./capture/CaptureView').then((module) => module.CaptureView),
);
const QuickSearch = lazyComponent(() =>
  import('./QuickSearch').then((module) => module.QuickSearch),
);

interface Props {
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
  answer: Shown | null;
  token: TokenShown;
}

type Opened = { collectionId: string; request: SavedRequest } | null;
type Open = 'none' | 'save' | 'import' | 'search';

/** Below this width of the main area, request and response stack. */
const SIDE_BY_SIDE_FROM_PX = 640;

function sameCall(draft: Draft, request: SavedRequest): boolean {
  const { method, path, query, headers, body } = request;
  return JSON.stringify(draft) === JSON.stringify({ method, path, query, headers, body });
}

const NO_VARIABLES: readonly NameValue[] = [];

/** What the composer flags about a call, as one sentence, or null when nothing. */
function draftProblem(
  profile: ProfileView,
  draft: Draft,
  shared: readonly NameValue[],
): string | null {
  const target = previewUrl(profile, draft, shared);
  return 'problem' in target ? target.problem : bodyProblem(draft.body);
}

export function Workbench(props: Props) {
  const { profile, prefs, setPrefs, start } = props;
  const collections = useCollections();
  const [opened, setOpened] = useState<Opened>(null);
  // A request opened from a collection resolves that collection's shared variables too.
  const shared =
    opened === null
      ? NO_VARIABLES
      : (collections.collections.find((item) => item.id === opened.collectionId)?.variables ??
        NO_VARIABLES);
  const request = useRequest(profile.id, start, shared);
  const token = useToken(profile.id, start.token);
  const oauth = profile.authMethod !== 'apiKey';
  const copyAs = useCopyAs(profile, request.draft, shared);
  const [open, setOpen] = useState<Open>('none');
  /** Notes about how the draft came in (a cURL import, a captured call): what was dropped. */
  const [notes, setNotes] = useState<{ from: string; lines: string[] } | null>(null);
  const [saveStatus, setSaveStatus] = useState('');
  const [dragWidth, setDragWidth] = useState<number | null>(null);
  const [mainWidth, setMainWidth] = useState(window.innerWidth);
  const main = useRef<HTMLDivElement>(null);
  const size = usePanelSize();
  const overlay = size === 'narrow';
  const [overlayOpen, setOverlayOpen] = useState(false);
  const sidebarShown = overlay ? overlayOpen : prefs.sidebarOpen;
  const dirty = opened !== null && !sameCall(request.draft, opened.request);

  useEffect(() => {
    const element = main.current;
    if (element === null) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry !== undefined) setMainWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  function openSaved(collectionId: string, saved: SavedRequest) {
    const { method, path, query, headers, body } = saved;
    request.setDraft({ method, path, query, headers, body });
    setOpened({ collectionId, request: saved });
    setNotes(null);
    if (overlay) setOverlayOpen(false);
  }

  async function saveInPlace() {
    if (opened === null) return;
    const collection = collections.collections.find((item) => item.id === opened.collectionId);
    if (collection === undefined) return;
    const saved: SavedRequest = { ...opened.request, ...request.draft };
    const { updateRequest } = await import('../../src/collections/collection-ops');
    if (await collections.save(updateRequest(collection, saved))) {
      setOpened({ collectionId: collection.id, request: saved });
      setSaveStatus(`Saved “${saved.name}”.`);
    }
  }

  function getToken() {
    setPrefs({ requestTab: 'auth' });
    void token.getToken();
  }

  useShortcuts({
    send: () => void request.send(),
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
            request.setDraft(draft);
            setOpened(null);
            setNotes({ from: 'Captured call', lines: captureNotes });
            if (overlay) setOverlayOpen(false);
            if (action === 'replay') void request.send(draft);
            if (action === 'save') setOpen('save');
            if (action === 'open') document.getElementById('path')?.focus();
          }}
        />
      }
      history={
        <History
          profileId={profile.id}
          version={request.historyVersion}
          onOpen={(entry, answer) => {
            request.open(entry, answer);
            setOpened(null);
            setNotes(null);
            if (overlay) setOverlayOpen(false);
          }}
        />
      }
    />
  );
  const width = dragWidth ?? prefs.sidebarWidth;
  const docked = !overlay && sidebarShown;

  return (
    <div class="app">
      <header class="toolbar">
        <button
          type="button"
          id="sidebar-toggle"
          class="icon"
          aria-label={sidebarShown ? 'Hide sidebar' : 'Show sidebar'}
          aria-expanded={sidebarShown}
          aria-controls="sidebar"
          onClick={() =>
            overlay ? setOverlayOpen(!overlayOpen) : setPrefs({ sidebarOpen: !prefs.sidebarOpen })
          }
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
      <div
        class={`workbench${docked ? ' docked' : ''}`}
        style={docked ? { gridTemplateColumns: `${width}px 5px minmax(0, 1fr)` } : undefined}
      >
        <div class="main" ref={main}>
          <SplitView
            orientation={mainWidth >= SIDE_BY_SIDE_FROM_PX ? 'row' : 'column'}
            ratio={mainWidth >= SIDE_BY_SIDE_FROM_PX ? prefs.splitRow : prefs.splitColumn}
            onRatio={(ratio) =>
              setPrefs(
                mainWidth >= SIDE_BY_SIDE_FROM_PX ? { splitRow: ratio } : { splitColumn: ratio },
              )
            }
            label="Resize request and response"
            minPx={mainWidth >= SIDE_BY_SIDE_FROM_PX ? 260 : 120}
            first={
              <RequestPane
                profile={profile}
                shared={shared}
                request={request}
                token={oauth ? token : null}
                tab={prefs.requestTab}
                onTab={(requestTab) => setPrefs({ requestTab })}
                copyAs={copyAs}
                actions={
                  <>
                    <button
                      type="button"
                      onClick={() => setOpen('save')}
                      title="Save request (Ctrl+S)"
                    >
                      Save request
                    </button>
                    {opened !== null && dirty && (
                      <>
                        <button type="button" class="primary" onClick={() => void saveInPlace()}>
                          Save changes
                        </button>
                        <span class="dirty">Unsaved changes to “{opened.request.name}”</span>
                      </>
                    )}
                    <button type="button" onClick={() => setOpen('import')}>
                      Import cURL
                    </button>
                    {saveStatus !== '' && (
                      <span class="muted" role="status">
                        {saveStatus}
                      </span>
                    )}
                  </>
                }
                notes={
                  notes !== null &&
                  notes.lines.length > 0 && (
                    <div class="notice notice-warn">
                      <ul role="status" aria-label={`${notes.from} notes`}>
                        {notes.lines.map((note) => (
                          <li key={note}>{note}</li>
                        ))}
                      </ul>
                      <button type="button" class="link" onClick={() => setNotes(null)}>
                        Dismiss
                      </button>
                    </div>
                  )
                }
              />
            }
            second={
              <ResponsePane
                profile={profile}
                request={request}
                tab={prefs.responseTab}
                onTab={(responseTab) => setPrefs({ responseTab })}
              />
            }
          />
        </div>
        {docked && (
          <ResizeHandle
            label="Resize sidebar"
            width={width}
            min={160}
            max={Math.max(200, Math.min(800, window.innerWidth - 360))}
            origin={() => main.current?.parentElement?.getBoundingClientRect().left ?? 0}
            onDrag={setDragWidth}
            onWidth={(sidebarWidth) => setPrefs({ sidebarWidth })}
          />
        )}
        {sidebar}
      </div>
      {open === 'save' && (
        <SaveRequestDialog
          state={collections}
          profile={profile}
          draft={request.draft}
          problem={draftProblem(profile, request.draft, shared)}
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
          onImport={(draft, importNotes) => {
            request.setDraft(draft);
            setOpened(null);
            setNotes({ from: 'cURL import', lines: importNotes });
          }}
          onClose={() => setOpen('none')}
        />
      )}
      {open === 'search' && (
        <QuickSearch
          profileId={profile.id}
          collections={collections.collections}
          onOpenSaved={openSaved}
          onOpenEntry={(entry, answer) => {
            request.open(entry, answer);
            setOpened(null);
          }}
          onClose={() => setOpen('none')}
        />
      )}
    </div>
  );
}
