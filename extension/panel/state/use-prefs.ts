/**
 * The panel's layout preferences, read into the store once when the panel opens (App.tsx). The
 * workspace waits for them (the store's `prefs`, null until read) and the views change them with
 * `prefs.set` (state/workspace.ts), which changes them at once and saves them a moment later
 * (src/workspace/prefs-commands.ts).
 */
import { useEffect } from 'preact/hooks';
import { prefs } from './workspace';

export function useLoadPrefs(): void {
  useEffect(() => {
    void prefs.load();
  }, []);
}
