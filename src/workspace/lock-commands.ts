/**
 * The lock's commands the toolbar calls at once: read the lock's state (when the panel opens), Lock
 * now, open or close a passphrase form, dismiss the notice (an answer that says "locked" tells the
 * store itself: lock-answers.ts).
 * The steps behind the forms (unlock, turn on, change, remove, reset) are passphrase-commands.ts,
 * loaded with the forms.
 */
import type { Reply } from '../protocol/messages';
import type { AppError } from '../vocabulary/errors';
import type { CommandDeps } from './ask';
import type { LockForm } from './lock-state';

type Deps = Pick<CommandDeps, 'ask' | 'dispatch'>;

export async function refreshLock({ ask, dispatch }: Deps): Promise<void> {
  const reply = await ask('lock/status', {});
  dispatch(
    reply.ok
      ? { type: 'lock-known', state: reply.value.state }
      : { type: 'lock/failed', error: reply.error },
  );
}

/**
 * One step's reply: on success the new state, the form closed and `done` said; a refusal changes
 * nothing and comes back, for the form to show why.
 */
export function stepDone(
  { dispatch }: Pick<CommandDeps, 'dispatch'>,
  reply: Reply<'lock/status'>,
  done: string,
): AppError | null {
  if (!reply.ok) return reply.error;
  dispatch({ type: 'lock/done', state: reply.value.state, notice: done });
  return null;
}

export async function lockNow(deps: Deps): Promise<AppError | null> {
  deps.dispatch({ type: 'lock/by-user' });
  const reply = await deps.ask('lock/lock', {});
  return stepDone(deps, reply, 'Locked: the key is forgotten until you unlock.');
}

export const openLockForm = ({ dispatch }: Pick<CommandDeps, 'dispatch'>, form: LockForm) =>
  dispatch({ type: 'lock/form', form });

export const dismissLockNotice = ({ dispatch }: Pick<CommandDeps, 'dispatch'>) =>
  dispatch({ type: 'lock/notice', notice: null });
