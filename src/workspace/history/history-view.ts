/**
 * History's view (its shape in history-state.ts), one slice the store takes whole (as it takes the capture's): what the worker
 * answered for the open workbench's profile (its calls newest first, why they could not be read,
 * what Clear history did) and what is open in it (Clear history asking, the entry whose support
 * report is shown). History starts it afresh each time it is shown, as a view starts its own
 * state, and reads the list again whenever the store's `history` version changes. A reply for a
 * profile History no longer shows is dropped. Loaded with History: the panel's start-up carries
 * only the one action that sets the slice.
 */
import type { CommandDeps } from '../ask';
import { clearHistory, listHistory } from './history-commands';
import { type HistoryView, historyAfresh } from './history-state';

/** The view changed, for the profile it shows; nothing when History shows another by now. */
function change({ get, dispatch }: CommandDeps, profileId: string, set: Partial<HistoryView>) {
  const view = get().historyView;
  if (view === null || view.profileId !== profileId) return;
  dispatch({ type: 'history-view', view: { ...view, ...set } });
}

/**
 * History shown: nothing of before (a notice, a confirmation, a report) until the list is read.
 * Returns what History does when it goes: the slice emptied, so that it shows afresh next time.
 */
export function showHistory({ get, dispatch }: CommandDeps, profileId: string): () => void {
  dispatch({ type: 'history-view', view: historyAfresh(profileId) });
  return () => {
    if (get().historyView?.profileId === profileId) dispatch({ type: 'history-view', view: null });
  };
}

/** The list read (again); a refusal is shown beside what was listed before. */
export async function readHistory(deps: CommandDeps, profileId: string) {
  const list = await listHistory(deps, profileId);
  change(deps, profileId, list.ok ? { entries: list.value } : { error: list.error });
}

/** Clear history asked for, or the question put away. */
export const askClear = (deps: CommandDeps, profileId: string, asking: boolean) =>
  change(deps, profileId, { asking });

/** An entry's support report shown, or hidden when it was. */
export function toggleReport(deps: CommandDeps, profileId: string, entryId: string) {
  const reported = deps.get().historyView?.reported === entryId ? null : entryId;
  change(deps, profileId, { reported });
}

/** Clear history confirmed: what it did in words, or why not; then the list as it is now. */
export async function confirmClear(deps: CommandDeps, profileId: string) {
  change(deps, profileId, { asking: false });
  const cleared = await clearHistory(deps, profileId);
  change(
    deps,
    profileId,
    cleared.error === null ? { notice: cleared.notice } : { error: cleared.error },
  );
  await readHistory(deps, profileId);
}
