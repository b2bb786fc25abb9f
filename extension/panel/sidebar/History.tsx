/**
 * The last calls of the active profile (newest first): time, method, path, status and duration.
 * Open puts a call back into the composer; Clear history forgets them. No credential is ever in
 * history: the worker stores calls as composed, with any stored secret masked.
 */
import { useEffect, useState } from 'preact/hooks';
import type { HistoryEntry } from '../../../src/service/history';
import type { AppError } from '../../../src/vocabulary/errors';
import { ErrorNotice } from '../ui/ErrorNotice';
import { ask } from '../worker-client';

interface Props {
  profileId: string;
  /** Changes whenever a call ends, so the list reloads. */
  version: number;
  onOpen: (entry: HistoryEntry) => void;
}

function outcome(entry: HistoryEntry): string {
  if (entry.status !== null) return String(entry.status);
  return entry.errorCode === 'cancelled' ? 'cancelled' : (entry.errorCode ?? '—');
}

export function History({ profileId, version, onOpen }: Props) {
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);
  const [error, setError] = useState<AppError | null>(null);

  async function load() {
    const reply = await ask('history/list', { profileId });
    if (reply.ok) setEntries(reply.value.entries);
    else setError(reply.error);
  }

  useEffect(() => {
    void load();
  }, [profileId, version]);

  async function clear() {
    const reply = await ask('history/clear', { profileId });
    if (!reply.ok) setError(reply.error);
    await load();
  }

  return (
    <details class="history">
      <summary>History ({entries?.length ?? 0})</summary>
      <section aria-label="History">
        {error && <ErrorNotice error={error} />}
        {entries !== null && entries.length === 0 && <p class="muted">No calls yet.</p>}
        {entries !== null && entries.length > 0 && (
          <>
            <table>
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Method</th>
                  <th scope="col">Path</th>
                  <th scope="col">Status</th>
                  <th scope="col">Duration</th>
                  <th scope="col">
                    <span class="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => {
                  const time = new Date(entry.at).toLocaleTimeString();
                  return (
                    <tr key={entry.id}>
                      <td>{time}</td>
                      <td>{entry.method}</td>
                      <td class="mono">/v1/{entry.path}</td>
                      <td>{outcome(entry)}</td>
                      <td>{entry.durationMs === null ? '—' : `${entry.durationMs} ms`}</td>
                      <td>
                        <button
                          type="button"
                          aria-label={`Open ${entry.method} ${entry.path || '/'} from ${time}`}
                          onClick={() => onOpen(entry)}
                        >
                          Open
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <button type="button" class="danger" onClick={clear}>
              Clear history
            </button>
          </>
        )}
      </section>
    </details>
  );
}
