/**
 * The layout preferences: read once from the worker when the panel opens (the defaults when they
 * cannot be read: they are a convenience), changed in the store at once, and saved 400 ms after the
 * last change, all changes since the last save in one write (a drag or a run of tab switches is
 * one write, not one per step).
 */
import { DEFAULT_UI_PREFS, type UiPrefs } from '../vocabulary/ui-prefs';
import type { CommandDeps } from './ask';

export const PREFS_SAVE_DELAY_MS = 400;

export type SetPrefs = (patch: Partial<UiPrefs>) => void;

export function createPrefsCommands({ ask, dispatch, timers }: CommandDeps) {
  let pending: Partial<UiPrefs> = {};
  let timer: unknown = null;
  return {
    async load() {
      const reply = await ask('prefs/get', {});
      dispatch({ type: 'prefs', set: reply.ok ? reply.value.prefs : { ...DEFAULT_UI_PREFS } });
    },
    set: ((patch) => {
      dispatch({ type: 'prefs', set: patch });
      pending = { ...pending, ...patch };
      if (timer !== null) timers.clear(timer);
      timer = timers.set(() => {
        const prefs = pending;
        pending = {};
        timer = null;
        void ask('prefs/set', { prefs });
      }, PREFS_SAVE_DELAY_MS);
    }) as SetPrefs,
  };
}
