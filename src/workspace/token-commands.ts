/**
 * The token slice's commands: Get token (a fresh one; its reply goes through the slice's rule, so
 * an older token never replaces a newer one an event told, and a refusal with a good token cached
 * shows that token with the failure beside it) and Compare variants (what each variant of the
 * grant gets, which the Auth tab shows until the token changes).
 */
import type { TokenAttempt } from '../protocol/messages';
import type { AppError } from '../vocabulary/errors';
import type { CommandDeps } from './ask';

export type Attempts = TokenAttempt[] | { error: AppError } | null;

export async function getToken({ ask, dispatch }: CommandDeps, profileId: string): Promise<void> {
  const reply = await ask('token/get', { profileId, fresh: true });
  dispatch({
    type: 'token-shown',
    profileId,
    shown: reply.ok ? reply.value : { error: reply.error },
  });
}

export async function compareVariants({ ask }: CommandDeps, profileId: string): Promise<Attempts> {
  const reply = await ask('token/compare', { profileId });
  return reply.ok ? reply.value.attempts : { error: reply.error };
}
