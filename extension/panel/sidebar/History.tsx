/**
 * The last calls of the active profile (newest first): method, path, status, duration and time.
 * Open puts a call back into the composer and, for the last few, shows what came back (the worker
 * keeps their answers for the session). A failed call offers its support report. Clear history
 * asks first. No credential is ever in history: the worker stores calls as composed, with any
 * stored secret masked.
 */
import { useEffect, useState } from 'preact/hooks';
import { outcomeWords } from '../../../src/service/call/outcome-words';
import type { HistoryEntry } from '../../../src/service/storage/history';
import type { SavedAnswer } from '../../../src/service/storage/saved-answers';
import type { AppError } from '../../../src/vocabulary/errors';
import { useStore } from '../state/store';
import { ask } from '../state/worker-client';
import { Confirm } from '../ui/Confirm';
import { ErrorNotice } from '../ui/ErrorNotice';
import { lazyComponent } from '../ui/lazy';
import type { ReportProfile } from '../ui/report-draft';

/** The report's code loads when a report is first shown. */
const SupportReport = lazyComponent(() =>
  import('../ui/SupportReport').then((module) => module.SupportReport),
);

interface Props {
  profile: ReportProfile;
  onOpen: (entry: HistoryEntry, answer: SavedAnswer | null) => void;
}

const outcome = (entry: HistoryEntry) => outcomeWords(entry.status, entry.errorCode);

export function History({ profile, onOpen }: Props) {
  const profileId = profile.id;
  // The worker tells of every entry it appends (from this panel or another): the list reloads.
  const version = useStore((state) => state.history[profileId] ?? 0);
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [asking, setAsking] = useState(false);
  const [notice, setNotice] = useState('');
  /** The entry whose support report is shown. */
  const [reported, setReported] = useState<string | null>(null);

  async function load() {
    const reply = await ask('history/list', { profileId });
    if (reply.ok) setEntries(reply.value.entries);
    else setError(reply.error);
  }

  useEffect(() => {
    void load();
  }, [profileId, version]);

  async function open(entry: HistoryEntry) {
    const reply = await ask('history/answer', { profileId, entryId: entry.id });
    onOpen(entry, reply.ok ? reply.value.answer : null);
  }

  async function clear() {
    setAsking(false);
    const reply = await ask('history/clear', { profileId });
    if (!reply.ok) setError(reply.error);
    else setNotice(`Cleared ${reply.value.cleared} call${reply.value.cleared === 1 ? '' : 's'}.`);
    await load();
  }

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
                      onClick={() => setReported(reported === entry.id ? null : entry.id)}
                    >
                      Report
                    </button>
                  )}
                  {reported === entry.id && (
                    <SupportReport
                      source={{ kind: 'history', entry }}
                      profile={profile}
                      previewAtOnce
                    />
                  )}
                </li>
              );
            })}
          </ul>
          <button type="button" class="danger" onClick={() => setAsking(true)}>
            Clear history
          </button>
        </>
      )}
      {asking && (
        <Confirm
          title="Clear history"
          confirm="Clear history"
          danger
          onConfirm={() => void clear()}
          onCancel={() => setAsking(false)}
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
