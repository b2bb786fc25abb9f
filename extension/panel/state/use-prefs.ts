/**
 * The panel's layout preferences: read once from the worker at start, changed here at once, and
 * saved a moment later (a drag or a run of tab switches is one write, not one per step).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { DEFAULT_UI_PREFS, type UiPrefs } from '../../../src/service/profile/ui-prefs';
import { ask } from './worker-client';

const SAVE_DELAY_MS = 400;

export type SetPrefs = (patch: Partial<UiPrefs>) => void;

export function usePrefs(): { prefs: UiPrefs | null; setPrefs: SetPrefs } {
  const [prefs, setState] = useState<UiPrefs | null>(null);
  const pending = useRef<Partial<UiPrefs>>({});
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    void ask('prefs/get', {}).then((reply) =>
      // Preferences are a convenience: without them the panel opens with the defaults.
      setState(reply.ok ? reply.value.prefs : { ...DEFAULT_UI_PREFS }),
    );
  }, []);

  function setPrefs(patch: Partial<UiPrefs>) {
    setState((current) => ({ ...(current ?? DEFAULT_UI_PREFS), ...patch }));
    pending.current = { ...pending.current, ...patch };
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const prefs = pending.current;
      pending.current = {};
      void ask('prefs/set', { prefs });
    }, SAVE_DELAY_MS);
  }

  return { prefs, setPrefs };
}
