/**
 * The worker's side of the request history: records each call (secret-free, see
 * src/service/storage/history.ts) and answers the panel's history messages.
 */
import * as v from 'valibot';
import type { Handlers } from '../../../src/protocol/router';
import type { HistoryEntry } from '../../../src/service/storage/history';
import { appendToHistory, type HistoryRecord } from '../../../src/service/storage/history';
import { StoredHistorySchema } from '../../../src/service/storage/stored-shapes';
import { ok } from '../../../src/vocabulary/errors';
import { createWorkUnderWay } from '../../../src/vocabulary/work-under-way';
import { tell } from '../events';
import { phaseTimes } from '../phase-times';
import { readSession, writeSession } from '../stores/session-store';
import { readKey, StorageError, serially, write } from '../stores/storage';
import { forgetAnswers } from '../stores/workspace-store';

const loadHistory = (): Promise<HistoryRecord[]> => readKey('history', StoredHistorySchema, []);

/**
 * Calls do not wait for their history entry: the answer goes back first, and entries are written
 * to storage.local in batches a moment later (one write for a burst of calls, not one each: the
 * write is what costs, and it grows with the history: a run of 200 calls wrote it 20 times a
 * second at 200 ms). Until then each entry also waits in storage.session, so a worker stopped
 * in between loses nothing: the next worker finds and writes it; a history read writes them
 * first. A failed write is not lost silently: the next history read reports it.
 */
const FLUSH_DELAY_MS = 1_000;
/**
 * Open panels hear that a profile's history changed at most every TELL_EVERY_MS: a run adds an
 * entry tens of times a second, and each event is a message to every panel and a render there.
 */
const TELL_EVERY_MS = 250;
const untold = new Set<string>();
let telling: ReturnType<typeof setTimeout> | null = null;

function tellSoon(profileId: string): void {
  untold.add(profileId);
  if (telling !== null) return;
  telling = setTimeout(() => {
    telling = null;
    for (const id of untold) tell({ kind: 'history', profileId: id });
    untold.clear();
  }, TELL_EVERY_MS);
}
const pending: HistoryRecord[] = [];
let flushTimer: ReturnType<typeof setTimeout> | null = null;
let lastWrite: Promise<void> = Promise.resolve();
let failure: StorageError | null = null;

function noteFailure(error: unknown): void {
  failure =
    error instanceof StorageError
      ? error
      : new StorageError({
          code: 'internal',
          message: 'A call could not be added to the history.',
          hint: 'Reload the extension if history stays out of date.',
        });
}

/** Entries still being prepared: a history read must wait for them, or a call just answered is missing. */
const preparing = createWorkUnderWay();

async function flush(): Promise<void> {
  await preparing.settled();
  if (flushTimer !== null) clearTimeout(flushTimer);
  flushTimer = null;
  const batch = pending.splice(0);
  if (batch.length === 0) return lastWrite;
  lastWrite = serially(() =>
    phaseTimes.time('history', async () => {
      let records = await loadHistory();
      for (const record of batch) records = appendToHistory(records, record);
      await write({ history: records });
      await writeSession({ historyPending: [...pending] });
    }),
  ).catch(noteFailure);
  return lastWrite;
}

/** Entries a stopped worker left in storage.session: written by this one. */
const recovered = readSession('historyPending').then((stored) => {
  const parsed = v.safeParse(StoredHistorySchema, stored ?? []);
  // Malformed leftovers are dropped: they are a cache of entries, not the history itself.
  if (parsed.success && parsed.output.length > 0) {
    pending.unshift(...parsed.output);
    flushTimer ??= setTimeout(flush, FLUSH_DELAY_MS);
  }
}, noteFailure);
preparing.track(recovered);

export function recordHistory(profileId: string, makeEntry: () => Promise<HistoryEntry>): void {
  const prepared = phaseTimes
    .time('history', makeEntry)
    .then(async (entry) => {
      pending.push({ profileId, entry });
      await writeSession({ historyPending: [...pending] });
      flushTimer ??= setTimeout(flush, FLUSH_DELAY_MS);
      tellSoon(profileId);
    })
    .catch(noteFailure);
  preparing.track(prepared);
}

export const listHistory: Handlers['history/list'] = async ({ profileId }) => {
  await flush();
  if (failure !== null) {
    const reported = failure;
    failure = null;
    return { ok: false, error: reported.appError };
  }
  const entries = (await loadHistory())
    .filter((item) => item.profileId === profileId)
    .map((item) => item.entry);
  return ok({ entries });
};

export const clearHistory: Handlers['history/clear'] = async ({ profileId }) => {
  await flush();
  return serially(async () => {
    const all = await loadHistory();
    const rest = all.filter((item) => item.profileId !== profileId);
    await write({ history: rest });
    await forgetAnswers(profileId, 'entries');
    return ok({ cleared: all.length - rest.length });
  });
};
