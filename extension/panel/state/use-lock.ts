/**
 * The passphrase lock's state as the panel knows it, and its steps (turn on, unlock, lock now,
 * change, remove, reset). The state lives in the panel store, which the worker's lock events keep
 * current (another DevTools window); an answer that says "locked" (a browser restart) refreshes it.
 */
import { useEffect, useState } from 'preact/hooks';
import type { LockState } from '../../../src/protocol/messages';
import type { AppError } from '../../../src/vocabulary/errors';
import { usePanelStore, useStore } from './store';
import { ask, onLockedAnswer } from './worker-client';

export type LockForm = 'none' | 'enable' | 'change' | 'remove' | 'reset';

type StepReply = Awaited<ReturnType<typeof ask<'lock/status'>>>;

export function useLock(onChange: () => void) {
  const store = usePanelStore();
  // Locked or unlocked from another DevTools window arrives as the worker's event.
  const state = useStore((panel) => panel.lock);
  const setState = (next: LockState) => store.dispatch({ type: 'lock-known', state: next });
  const [form, setForm] = useState<LockForm>('none');
  const [error, setError] = useState<AppError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** Set by Lock now: the Unlock form that appears is where focus goes. */
  const [lockedByUser, setLockedByUser] = useState(false);

  async function refresh() {
    const reply = await ask('lock/status', {});
    if (reply.ok) setState(reply.value.state);
    else setError(reply.error);
  }

  useEffect(() => {
    void refresh();
    return onLockedAnswer(() => void refresh());
  }, []);

  /** Runs one step; on success shows the new state, closes the form and says what happened. */
  async function step(run: () => Promise<StepReply>, done: string): Promise<AppError | null> {
    const reply = await run();
    if (!reply.ok) return reply.error;
    setState(reply.value.state);
    setForm('none');
    setError(null);
    setNotice(done);
    onChange();
    return null;
  }

  async function reset() {
    const reply = await ask('lock/reset', {});
    if (!reply.ok) {
      setError(reply.error);
      return;
    }
    const removed = reply.value.removed;
    await step(
      async () => reply,
      `Removed the saved secrets of ${removed} profile${removed === 1 ? '' : 's'}: enter them again with Edit profile.`,
    );
  }

  async function lockNow() {
    setLockedByUser(true);
    await step(() => ask('lock/lock', {}), 'Locked: the key is forgotten until you unlock.');
  }

  return { state, form, setForm, error, notice, setNotice, step, reset, lockNow, lockedByUser };
}

export type LockControls = ReturnType<typeof useLock>;
