/**
 * The worker's one door to `storage.session`: the lock's key, the token cache, the tokens it
 * recently replaced and its fingerprints, history entries not yet written, failed token attempts,
 * the values carried from answers to later calls, and the answers kept for a reopened panel.
 * Invariants: storage.session stays the truth (a stopped worker loses nothing kept there) and only
 * this worker writes it (the panel never does), so a mirror in memory is exact. A worker reads it
 * once: the first read fetches every small key in one `get` (a call that wakes the worker needs
 * several of them), the answers (up to 6 MB, needed only after a call has answered) on their own.
 * Values handed out are shared with the mirror: treat them as read-only.
 */
import { browser } from '../ext';
import { phaseTimes } from '../phase-times';

const SMALL_KEYS = [
  'vaultKey',
  'tokens',
  'recentTokens',
  'tokenFingerprints',
  'historyPending',
  'tokenFailures',
  'carried',
] as const;
export type SessionKey = (typeof SMALL_KEYS)[number] | 'answers';

const mirror = new Map<SessionKey, unknown>();
const loading = new Map<string, Promise<void>>();

function load(keys: readonly SessionKey[]): Promise<void> {
  const group = keys.join();
  let pending = loading.get(group);
  if (pending === undefined) {
    pending = phaseTimes
      .time('session', () => browser.storage.session.get([...keys]))
      .then(
        (stored) => {
          // A key written while the read was on its way is newer than what the read found.
          for (const key of keys) if (!mirror.has(key)) mirror.set(key, stored[key]);
        },
        (error: unknown) => {
          loading.delete(group); // try again next time
          throw error;
        },
      );
    loading.set(group, pending);
  }
  return pending;
}

/** The stored value of `key` (undefined when there is none), read once per worker. */
export async function readSession(key: SessionKey): Promise<unknown> {
  if (!mirror.has(key)) await load(key === 'answers' ? ['answers'] : SMALL_KEYS);
  return mirror.get(key);
}

/** Stores `items`; the mirror has them at once, and forgets them if storage refuses them. */
export async function writeSession(items: Partial<Record<SessionKey, unknown>>): Promise<void> {
  const keys = Object.keys(items) as SessionKey[];
  for (const key of keys) mirror.set(key, items[key]);
  try {
    await phaseTimes.time('session-write', () => browser.storage.session.set(items));
  } catch (error) {
    forget(keys);
    throw error;
  }
}

/** After a failed write: the next read of these keys asks storage again. */
function forget(keys: readonly SessionKey[]): void {
  for (const key of keys) mirror.delete(key);
  loading.clear();
}

export async function removeSession(keys: readonly SessionKey[]): Promise<void> {
  for (const key of keys) mirror.set(key, undefined);
  try {
    await phaseTimes.time('session-write', () => browser.storage.session.remove([...keys]));
  } catch (error) {
    forget(keys);
    throw error;
  }
}
