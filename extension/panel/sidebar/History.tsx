/**
 * The last calls of the active profile (newest first): method, path, status, duration and time.
 * Open puts a call back into the composer and, for the last few, shows what came back (the worker
 * keeps their answers for the session). A failed call offers its support report. Clear history
 * asks first. No credential is ever in history: the worker stores calls as composed, with any
 * stored secret masked.
 */
import { useEffect } from 'preact/hooks';
import { outcomeWords } from '../../../src/service/call/outcome-words';
import type { HistoryEntry } from '../../../src/service/storage/history';
import type { SavedAnswer } from '../../../src/service/storage/saved-answers';
import { historyAnswer } from '../../../src/workspace/history/history-commands';
import { historyAfresh } from '../../../src/workspace/history/history-state';
import {
  askClear,
  confirmClear,
  readHistory,
  showHistory,
  toggleReport,
} from '../../../src/workspace/history/history-view';
import { useStore } from '../state/store';
import { deps } from '../state/workspace';
import { Confirm } from '../ui/Confirm';
import { ErrorNotice } from '../ui/ErrorNotice';
import { lazyComponent } from '../ui/lazy';

/** The report's code loads when a report is first shown. */
const SupportReport = lazyComponent(() =>
  import('../ui/SupportReport').then((module) => module.SupportReport),
);

const outcome = (entry: HistoryEntry) => outcomeWords(entry.status, entry.errorCode);

interface Props {
  /** Open: the entry into the composer, with its kept answer (the workbench's intent). */
  onOpen: (entry: HistoryEntry, answer: SavedAnswer | null) => void;
}

export function History({ onOpen }: Props) {
  // The open workbench's profile (mounted only while there is one).
  const profileId = useStore((state) => state.profiles.activeId) ?? '';
  // The worker tells of every entry it appends (from this panel or another): the list reloads.
  const version = useStore((state) => state.history[profileId] ?? 0);
  const shown = useStore((state) => state.historyView);

  useEffect(() => showHistory(deps, profileId), [profileId]);
  useEffect(() => {
    void readHistory(deps, profileId);
  }, [profileId, version]);

  async function open(entry: HistoryEntry) {
    onOpen(entry, await historyAnswer(deps, profileId, entry.id));
  }

  const { entries, error, notice, asking, reported } =
    shown?.profileId === profileId ? shown : historyAfresh(profileId);
  return (
    <section aria-label="History" class="history">
      {error && <ErrorNotice error={error} />}
      <p class="muted" role="status">
        {notice}
      </p>
      {entries !== null && entries.length === 0 && (
        <p class="muted">No calls yet for this profile.</p>
      )}
      {entries !== null && entries.length > 0 && (
        <>
          <ul class="history-list">
            {entries.map((entry) => {
              const time = new Date(entry.at).toLocaleTimeString();
              const status = outcome(entry);
              return (
                <li key={entry.id} class="history-entry">
                  <span class="method">{entry.method}</span>
                  <span class="history-path mono" title={`/v1/${entry.path}`}>
                    {entry.path || '/'}
                  </span>
                  <span class={entry.status !== null && entry.status < 400 ? 'good' : 'bad'}>
                    {status}
                  </span>
                  <span class="muted">
                    {entry.durationMs === null ? '' : `${entry.durationMs} ms · `}
                    {time}
                  </span>
                  <button
                    type="button"
                    aria-label={`Open ${entry.method} ${entry.path || '/'} from ${time}`}
                    onClick={() => void open(entry)}
                  >
                    Open
                  </button>
                  {(entry.status === null || entry.status >= 400) && (
                    <button
                      type="button"
                      class="link history-report"
                      aria-expanded={reported === entry.id}
                      aria-label={`Support report for ${entry.method} ${entry.path || '/'} from ${time}`}
                      onClick={() => toggleReport(deps, profileId, entry.id)}
                    >
                      Report
                    </button>
                  )}
                  {reported === entry.id && (
                    <SupportReport source={{ kind: 'history', entry }} previewAtOnce />
                  )}
                </li>
              );
            })}
          </ul>
          <button type="button" class="danger" onClick={() => askClear(deps, profileId, true)}>
            Clear history
          </button>
        </>
      )}
      {asking && (
        <Confirm
          title="Clear history"
          confirm="Clear history"
          danger
          onConfirm={() => void confirmClear(deps, profileId)}
          onCancel={() => askClear(deps, profileId, false)}
        >
          <p>
            Forget the {entries?.length ?? 0} calls of this profile and the answers kept for them?
            Saved collections stay.
          </p>
        </Confirm>
      )}
    </section>
  );
}
