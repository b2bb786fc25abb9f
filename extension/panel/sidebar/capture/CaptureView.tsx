/**
 * The sidebar's Capture tab: the inspected page's calls to the partner API (a profile's Base URL
 * under /v1/, or a token endpoint), or with "Show all requests" everything it loaded, filterable;
 * each checked against the spec's contract, with the security advisories first. A chosen call can
 * be opened in the composer, replayed with the active profile, or saved to a collection; Export
 * captured writes them as HAR with every credential redacted. Loaded when the tab first opens.
 *
 * Try it by hand: npm start, open the sandbox's page /demo-app in the browser, open DevTools on it,
 * pick the Partner API panel, then its Capture tab, and press the page's "Call the API" button.
 */
import { useEffect, useState } from 'preact/hooks';
import {
  type CaptureRow,
  filterRows,
  type ProfileTarget,
} from '../../../../src/capture/call-matching';
import { reviewCall } from '../../../../src/capture/call-review';
import { requestOf } from '../../../../src/capture/capture-list';
import { worstMark } from '../../../../src/capture/finding';
import { exportCapturedHar } from '../../../../src/formats/har/har-export';
import { captureRows } from '../../../../src/workspace/capture/capture-commands';
import type { CaptureAction } from '../../../../src/workspace/capture/capture-state';
import type { WorkspaceState } from '../../../../src/workspace/workspace-state';
import { isInDevTools } from '../../../devtools/devtools-adapter';
import { capture as commands } from '../../state/capture';
import { useStore } from '../../state/store';
import type { Draft } from '../../state/use-request';
import { downloadFile } from '../../ui/download';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { SearchField } from '../../ui/SearchField';
import { useWideView } from '../../ui/WideView';
import { CapturedCallDetails } from './CapturedCallDetails';
import { FindingMark } from './FindingMark';
import './capture.css';

interface Props {
  profiles: readonly ProfileTarget[];
  /** Puts a captured call into the composer (the active profile authenticates it), then acts. */
  onDraft: (draft: Draft, notes: string[], action: CaptureAction) => void;
}

function rowLabel({ call, match }: CaptureRow): string {
  const where = match.kind === 'api' && match.path !== null ? `/v1/${match.path}` : call.pathname;
  return `${call.method} ${where}`;
}

const selectCapture = (state: WorkspaceState) => state.capture;

/** What is the view's own: the filter as typed, Show all requests, the call chosen. */
interface Shown {
  showAll: boolean;
  text: string;
  /** The chosen call's request (start, method, URL): its row keeps it once the call is answered. */
  chosen: string | null;
}

export function CaptureView({ profiles, onDraft }: Props) {
  const capture = useStore(selectCapture);
  const [shown, setShown] = useState<Shown>({ showAll: false, text: '', chosen: null });
  const show = (change: Partial<Shown>) => setShown((before) => ({ ...before, ...change }));
  const { showAll, text, chosen } = shown;
  const showWide = useWideView();

  useEffect(() => {
    commands.setProfiles(profiles);
    void commands.start();
  }, [profiles]);

  const rows = filterRows(captureRows(capture.list.calls, profiles), { showAll, text });
  const selected = rows.find((row) => requestOf(row.call) === chosen) ?? null;
  const findings = selected
    ? reviewCall(selected.call, selected.match, capture.known, Date.now())
    : [];
  const { calls, dropped } = capture.list;
  const { notice, exported } = capture;
  const now = Date.now();
  const markOf = (row: CaptureRow) =>
    worstMark(reviewCall(row.call, row.match, capture.known, now));

  const reading = selected !== null && capture.reading.includes(selected.call.key);
  // The chosen call's details need more room than the sidebar: they open across the main area,
  // and again whenever what is known of the call changes (its body read, a finding). Keyed by the
  // call itself: its match is made anew on every render, and would open the view in a loop.
  const details = selected && (
    <>
      {notice && (
        <p class="notice notice-warn" role="status">
          {notice}
        </p>
      )}
      <CapturedCallDetails
        row={selected}
        findings={findings}
        reading={reading}
        onAct={(action) => act(selected, action)}
      />
    </>
  );
  useEffect(() => {
    if (details === null || showWide === null) return;
    showWide({
      id: 'captured-call',
      title: 'Call details',
      body: details,
      onClose: () => show({ chosen: null }),
    });
  }, [selected?.call, reading, findings.length, notice]);

  if (!isInDevTools()) {
    return (
      <section aria-label="Capture" class="capture">
        <p class="muted">
          Capture needs the panel opened in DevTools: open DevTools (F12) on the page whose calls
          you want to see, choose the Partner API panel, then this tab. Its calls to your profiles’
          Base URLs show here, checked against the contract.
        </p>
      </section>
    );
  }

  function act(row: CaptureRow, action: CaptureAction) {
    const draft = commands.toComposer(row);
    if (draft !== null) onDraft(draft.request, draft.notes, action);
  }

  function exportHar() {
    const version = chrome.runtime.getManifest().version;
    const all = rows.map((row) => row.call);
    const fileName = downloadFile(
      'captured-calls.har',
      exportCapturedHar(all, { version }),
      'application/json',
    );
    commands.exported(fileName);
  }

  return (
    <section aria-label="Capture" class="capture">
      <div class="sidebar-tools">
        <SearchField
          label="Filter captured requests"
          value={text}
          onQuery={(query) => show({ text: query })}
        />
        <div class="row">
          <label class="row">
            <input
              type="checkbox"
              checked={showAll}
              onChange={(e) => show({ showAll: e.currentTarget.checked })}
            />
            Show all requests
          </label>
          <button type="button" onClick={commands.clear} disabled={calls.length === 0}>
            Clear
          </button>
          <button type="button" onClick={exportHar} disabled={rows.length === 0}>
            Export captured
          </button>
        </div>
      </div>
      {exported && (
        <p class="muted" role="status">
          {exported}
        </p>
      )}
      {capture.tokenCheckError && <ErrorNotice error={capture.tokenCheckError} />}
      {capture.unreadable > 0 && (
        <p class="notice notice-warn" role="status">
          {capture.unreadable} request{capture.unreadable === 1 ? '' : 's'} could not be read (
          {capture.lastUnreadable}); the Network panel still shows{' '}
          {capture.unreadable === 1 ? 'it' : 'them'}.
        </p>
      )}
      <p class="muted" role="status">
        {rows.length === 0
          ? showAll
            ? 'No request captured yet: use the page.'
            : 'No call to a profile’s API yet: use the page (Show all requests lists everything it loads).'
          : `${rows.length} call${rows.length === 1 ? '' : 's'}${dropped > 0 ? ` (the oldest ${dropped} dropped: at most 1 000 are kept)` : ''}.`}
      </p>
      {rows.length > 0 && (
        <div role="listbox" aria-label="Captured calls" class="capture-list">
          {rows.map((row) => {
            const { call, match } = row;
            const profile = match.kind === 'other' ? null : (match.profile?.name ?? null);
            return (
              <div
                key={call.key}
                role="option"
                tabIndex={row === (selected ?? rows[0]) ? 0 : -1}
                aria-selected={row === selected}
                class="capture-row"
                onClick={() => show({ chosen: requestOf(call) })}
                onKeyDown={(event) => {
                  const index = rows.indexOf(row);
                  const next =
                    event.key === 'ArrowDown'
                      ? rows[index + 1]
                      : event.key === 'ArrowUp'
                        ? rows[index - 1]
                        : undefined;
                  if (event.key === 'Enter' || event.key === ' ') show({ chosen: requestOf(call) });
                  else if (next !== undefined) {
                    show({ chosen: requestOf(next.call) });
                    const element = (event.currentTarget as HTMLElement)[
                      event.key === 'ArrowDown' ? 'nextElementSibling' : 'previousElementSibling'
                    ] as HTMLElement | null;
                    element?.focus();
                  } else return;
                  event.preventDefault();
                }}
              >
                <span class="capture-path mono">
                  <span class="capture-path-text" title={rowLabel(row)}>
                    {rowLabel(row)}
                  </span>
                  <FindingMark mark={markOf(row)} />
                </span>
                <span class={call.status >= 400 || call.status === 0 ? 'bad' : 'good'}>
                  {call.status === 0 ? 'failed' : call.status}
                </span>
                <span class="muted">
                  {call.durationMs === null ? '' : `${Math.round(call.durationMs)} ms`}
                  {match.kind === 'token' ? ' · token request' : ''}
                  {profile ? ` · ${profile}` : ''}
                </span>
              </div>
            );
          })}
        </div>
      )}
      {showWide === null && details}
    </section>
  );
}
