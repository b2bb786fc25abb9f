/**
 * The token slice's commands: Get token (a fresh one; its reply goes through the slice's rule, so
 * an older token never replaces a newer one an event told, and a refusal with a good token cached
 * shows that token with the failure beside it) and Compare variants (what each variant of the
 * grant gets, which the Auth tab shows until the token changes: token-slice.ts). One at a time:
 * while either is busy, another asks nothing.
 */
import type { CommandDeps } from '../ask';
import { tokenToolsOf } from './token-slice';

export type { Attempts } from '../workspace-state';

export async function getToken(deps: CommandDeps, profileId: string): Promise<void> {
  const { ask, get, dispatch } = deps;
  if (tokenToolsOf(get(), profileId).busy !== null) return;
  dispatch({ type: 'token-tools/busy', profileId, busy: 'token' });
  const reply = await ask('token/get', { profileId, fresh: true });
  dispatch({
    type: 'token-shown',
    profileId,
    shown: reply.ok ? reply.value : { error: reply.error },
  });
  dispatch({ type: 'token-tools/busy', profileId, busy: null });
}

export async function compareVariants(deps: CommandDeps, profileId: string): Promise<void> {
  const { ask, get, dispatch } = deps;
  if (tokenToolsOf(get(), profileId).busy !== null) return;
  dispatch({ type: 'token-tools/busy', profileId, busy: 'compare' });
  const reply = await ask('token/compare', { profileId });
  const attempts = reply.ok ? reply.value.attempts : { error: reply.error };
  dispatch({ type: 'token-tools/busy', profileId, busy: null });
  dispatch({ type: 'token-tools/compared', profileId, attempts });
}
