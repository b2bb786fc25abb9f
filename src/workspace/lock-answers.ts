/**
 * The worker client as the panel binds it: an answer refused with `vault_locked` tells the store
 * that the lock holds, whichever command asked.
 */
import type { Ask, CommandDeps } from './ask';

/**
 * `ask` that also tells the store when an answer is refused with `vault_locked` (locked from
 * another DevTools window, or by a browser restart): the lock controls then show the Unlock form.
 */
export function askTellingLock(ask: Ask, dispatch: CommandDeps['dispatch']): Ask {
  return async (type, payload) => {
    const reply = await ask(type, payload);
    if (!reply.ok && reply.error.code === 'vault_locked') {
      dispatch({ type: 'lock-known', state: 'locked' });
    }
    return reply;
  };
}
