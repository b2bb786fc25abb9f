/**
 * The shape of History's view, the store's `historyView` (its commands in history-view.ts): what
 * the worker answered for the profile History shows and what is open in it.
 */
import type { HistoryEntry } from '../../service/storage/history';
import type { AppError } from '../../vocabulary/errors';

export interface HistoryView {
  profileId: string;
  /** The calls as the worker keeps them, newest first; null until read. */
  entries: HistoryEntry[] | null;
  error: AppError | null;
  /** What Clear history did, in words. */
  notice: string;
  /** Clear history is asking for confirmation. */
  asking: boolean;
  /** The entry whose support report is shown. */
  reported: string | null;
}

/** What History shows of a profile before anything is read or asked. */
export const historyAfresh = (profileId: string): HistoryView => ({
  profileId,
  entries: null,
  error: null,
  notice: '',
  asking: false,
  reported: null,
});
