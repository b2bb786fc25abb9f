/**
 * The worker's side of the request history: records each call (secret-free, see
 * src/service/history.ts) and answers the panel's history messages.
 */
import { ok } from '../../src/protocol/errors';
import type { HistoryEntry } from '../../src/protocol/messages';
import type { Handlers } from '../../src/protocol/router';
import { appendToHistory, type HistoryRecord } from '../../src/service/history';
import { StoredHistorySchema } from '../../src/service/stored-shapes';
import { readKey, serially, write } from './storage';

const loadHistory = (): Promise<HistoryRecord[]> => readKey('history', StoredHistorySchema, []);

export function recordHistory(profileId: string, entry: HistoryEntry): Promise<void> {
  return serially(async () => {
    await write({ history: appendToHistory(await loadHistory(), { profileId, entry }) });
  });
}

export const listHistory: Handlers['history/list'] = async ({ profileId }) => {
  const entries = (await loadHistory())
    .filter((item) => item.profileId === profileId)
    .map((item) => item.entry);
  return ok({ entries });
};

export const clearHistory: Handlers['history/clear'] = ({ profileId }) =>
  serially(async () => {
    const all = await loadHistory();
    const rest = all.filter((item) => item.profileId !== profileId);
    await write({ history: rest });
    return ok({ cleared: all.length - rest.length });
  });
