/**
 * The panel's layout preferences as the views read them: the store's (null until read), and the
 * command that changes them at once and saves them a moment later
 * (src/workspace/prefs-commands.ts).
 */
import { useEffect } from 'preact/hooks';
import type { UiPrefs } from '../../../src/vocabulary/ui-prefs';
import type { SetPrefs } from '../../../src/workspace/prefs-commands';
import { useStore } from './store';
import { prefs as prefsCommands } from './workspace';

export type { SetPrefs };

export function usePrefs(): { prefs: UiPrefs | null; setPrefs: SetPrefs } {
  const prefs = useStore((state) => state.prefs);
  useEffect(() => {
    void prefsCommands.load();
  }, []);
  return { prefs, setPrefs: prefsCommands.set };
}
