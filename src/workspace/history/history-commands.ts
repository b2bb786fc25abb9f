/**
 * History's commands, plain functions taking the workspace's dependencies, loaded with History
 * and Quick search: the active profile's calls as the worker keeps them (newest first), a call's
 * answer if the worker still keeps it (for the last few of the session), and Clear history with
 * the words that say what it did. The worker owns history; the store's `history` slice counts its
 * changes (a `history` event from any panel), which is when a view reads the list again.
 */
import type { HistoryEntry } from '../../service/storage/history';
import type { SavedAnswer } from '../../service/storage/saved-answers';
import type { AppError, Result } from '../../vocabulary/errors';
import type { CommandDeps } from '../ask';

/** The profile's calls as the worker keeps them, newest first, or why they could not be read. */
export async function listHistory(
  { ask }: CommandDeps,
  profileId: string,
): Promise<Result<HistoryEntry[]>> {
  const reply = await ask('history/list', { profileId });
  return reply.ok ? { ok: true, value: reply.value.entries } : reply;
}

/** The answer kept for an entry, or null when the worker no longer keeps it (or cannot say). */
export async function historyAnswer(
  { ask }: CommandDeps,
  profileId: string,
  entryId: string,
): Promise<SavedAnswer | null> {
  const reply = await ask('history/answer', { profileId, entryId });
  return reply.ok ? reply.value.answer : null;
}

/** Clear history: what it did in words ("Cleared 3 calls."), or why it could not. */
export async function clearHistory(
  { ask }: CommandDeps,
  profileId: string,
): Promise<{ notice: string; error: null } | { notice: null; error: AppError }> {
  const reply = await ask('history/clear', { profileId });
  if (!reply.ok) return { notice: null, error: reply.error };
  const { cleared } = reply.value;
  return { notice: `Cleared ${cleared} call${cleared === 1 ? '' : 's'}.`, error: null };
}
