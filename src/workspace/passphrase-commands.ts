/**
 * The lock's steps behind its forms: unlock, turn the lock on, change the passphrase, remove the
 * lock, and reset the secrets when the passphrase is forgotten. Each returns the worker's refusal
 * (a wrong passphrase, a weak new one) for its form to show, and changes nothing then; a step done
 * closes the form and says what happened (lock-commands.ts `stepDone`).
 */
import type { AppError } from '../vocabulary/errors';
import type { CommandDeps } from './ask';
import { stepDone } from './lock-commands';

type Deps = Pick<CommandDeps, 'ask' | 'dispatch'>;
type Step = Promise<AppError | null>;

export const unlockSecrets = async (deps: Deps, passphrase: string): Step =>
  stepDone(deps, await deps.ask('lock/unlock', { passphrase }), 'Unlocked.');

export const enableLock = async (deps: Deps, passphrase: string): Step =>
  stepDone(deps, await deps.ask('lock/enable', { passphrase }), 'Lock on.');

export const changePassphrase = async (deps: Deps, current: string, next: string): Step =>
  stepDone(deps, await deps.ask('lock/change', { current, next }), 'Passphrase changed.');

export const removeLock = async (deps: Deps, passphrase: string): Step =>
  stepDone(deps, await deps.ask('lock/remove', { passphrase }), 'Lock removed.');

/** Forgot passphrase: every saved secret and the lock removed; an error shows under the toolbar. */
export async function resetSecrets(deps: Deps): Promise<void> {
  const reply = await deps.ask('lock/reset', {});
  if (!reply.ok) {
    deps.dispatch({ type: 'lock/failed', error: reply.error });
    return;
  }
  const removed = reply.value.removed;
  stepDone(
    deps,
    reply,
    `Removed the saved secrets of ${removed} profile${removed === 1 ? '' : 's'}: enter them again with Edit profile.`,
  );
}
