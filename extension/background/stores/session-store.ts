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

/** A caller's write waiting for the next `set`, with what its caller is told. */
interface QueuedWrite {
  items: Partial<Record<SessionKey, unknown>>;
  settle: (error: unknown) => void;
}
let queued: QueuedWrite[] = [];

/**
 * The writes asked for in one task go as one `set`: a call writes the values it carried, its
 * pending history entry and its kept answer within a moment of each other, and each `set` is a
 * round trip to the browser that the worker pays for. If storage refuses the merged write, each
 * caller's own is tried alone, in order, so that one refused value (a large answer) does not
 * take the others with it.
 */
async function writeQueued(): Promise<void> {
  const batch = queued;
  queued = [];
  const merged = Object.assign({}, ...batch.map((write) => write.items));
  try {
    await phaseTimes.time('session-write', () => browser.storage.session.set(merged));
    for (const write of batch) write.settle(null);
    return;
  } catch (error) {
    if (batch.length === 1) {
      forget(Object.keys(merged) as SessionKey[]);
      batch[0]?.settle(error);
      return;
    }
  }
  for (const write of batch) {
    try {
      await phaseTimes.time('session-write', () => browser.storage.session.set(write.items));
      write.settle(null);
    } catch (error) {
      forget(Object.keys(write.items) as SessionKey[]);
      write.settle(error);
    }
  }
}

/** Stores `items`; the mirror has them at once, and forgets them if storage refuses them. */
export function writeSession(items: Partial<Record<SessionKey, unknown>>): Promise<void> {
  for (const key of Object.keys(items) as SessionKey[]) mirror.set(key, items[key]);
  if (queued.length === 0) setTimeout(writeQueued, 0);
  return new Promise<void>((resolve, reject) => {
    queued.push({
      items: { ...items },
      settle: (error) => (error === null ? resolve() : reject(error)),
    });
  });
}

/** After a failed write: the next read of these keys asks storage again. */
function forget(keys: readonly SessionKey[]): void {
  for (const key of keys) mirror.delete(key);
  loading.clear();
}

export async function removeSession(keys: readonly SessionKey[]): Promise<void> {
  for (const key of keys) mirror.set(key, undefined);
  // A write of these keys still waiting would put them back after the removal.
  for (const write of queued) for (const key of keys) delete write.items[key];
  try {
    await phaseTimes.time('session-write', () => browser.storage.session.remove([...keys]));
  } catch (error) {
    forget(keys);
    throw error;
  }
}
