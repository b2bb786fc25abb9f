/**
 * The draft kept for a reopened panel: saved 400 ms after the last edit of the call or of its
 * checks (later edits in the meantime take its place), at the latest 2 s after the first edit not
 * yet saved (so that a long stretch of typing is kept as it goes, not only by the save on close,
 * which a closing page may not get out), and at once when the panel closes or the workspace goes
 * (`flush`). What is saved is the draft and checks as they are at that moment, read from the
 * store. When it cannot be kept, the slice says why (`draftNotKept`).
 */
import { draftSavePayload } from '../protocol/panel-payloads';
import type { CommandDeps } from './ask';
import { requestOf } from './request-slice';

export const DRAFT_SAVE_DELAY_MS = 400;
export const DRAFT_SAVE_MAX_WAIT_MS = 2000;

export interface DraftSaver {
  /** Saves the profile's draft a moment from now. */
  saveSoon(profileId: string): void;
  /** Saves it now if an edit waits for its save; resolves once the worker answered. */
  flush(profileId: string): Promise<void>;
}

export function createDraftSaver({ ask, get, dispatch, timers, now }: CommandDeps): DraftSaver {
  /** Each profile's save to come, and when its first unsaved edit was made. */
  const waiting = new Map<string, { timer: unknown; since: number }>();
  const kept = (profileId: string, draftNotKept: string | null) =>
    dispatch({ type: 'request/set', profileId, set: { draftNotKept } });

  async function flush(profileId: string) {
    const pending = waiting.get(profileId);
    if (pending === undefined) return;
    timers.clear(pending.timer);
    waiting.delete(profileId);
    const { draft, checks } = requestOf(get(), profileId);
    const built = draftSavePayload(profileId, draft, checks);
    if (!built.ok) return kept(profileId, built.error.message);
    const reply = await ask('workspace/save-draft', built.value);
    if (!reply.ok) kept(profileId, `${reply.error.message} ${reply.error.hint}`);
    else kept(profileId, reply.value.saved ? null : 'Unlock the saved secrets to keep it.');
  }

  return {
    saveSoon(profileId) {
      const pending = waiting.get(profileId);
      if (pending !== undefined) timers.clear(pending.timer);
      const since = pending?.since ?? now();
      const delay = Math.min(
        DRAFT_SAVE_DELAY_MS,
        Math.max(0, since + DRAFT_SAVE_MAX_WAIT_MS - now()),
      );
      waiting.set(profileId, { timer: timers.set(() => void flush(profileId), delay), since });
    },
    flush,
  };
}
