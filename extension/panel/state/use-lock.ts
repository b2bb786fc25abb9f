/**
 * The passphrase lock as the panel reads it: its state (kept current by the worker's lock events,
 * say from another DevTools window) and the panel's side of it (the form open, the last error and
 * notice), both from the workspace store. `useLockWatch`, used once, reads the state when the panel
 * opens (an answer that says "locked", after a browser restart, tells the store itself: see
 * `askTellingLock`), and calls `onChange` after each step that changed the lock. The steps are the commands of src/workspace/ (lock-commands.ts,
 * passphrase-commands.ts).
 */
import { useEffect } from 'preact/hooks';
import { refreshLock } from '../../../src/workspace/lock-commands';
import { useStore } from './store';
import { deps } from './workspace';

export function useLock() {
  const state = useStore((panel) => panel.lock);
  const panel = useStore((workspace) => workspace.lockPanel);
  return { state, ...panel };
}

export function useLockWatch(onChange: () => void) {
  const changes = useStore((workspace) => workspace.lockPanel.changes);
  useEffect(() => {
    void refreshLock(deps);
  }, []);
  useEffect(() => {
    if (changes > 0) onChange();
  }, [changes]);
}
