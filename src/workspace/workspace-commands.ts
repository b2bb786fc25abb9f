/**
 * Opening one profile's workspace, and the values it carries. `openWorkspace` reads what the worker
 * kept for the profile (a workbench opening closes what the last one showed over its panes,
 * workbench-slice.ts; the draft with its checks, the last answer, the cached token or last
 * failure, without a token request) into the store; one that cannot be read back opens empty and
 * returns why. A token an event told since is newer than what was kept: it stays. `knowCarried`
 * asks what the profile carries already (a run, or another panel, may have carried values); every
 * change after that comes as the worker's event. `clearCarried` clears them, or says why not.
 */
import type { AppError } from '../vocabulary/errors';
import type { CommandDeps } from './ask';

export async function openWorkspace(
  { ask, get, dispatch }: CommandDeps,
  profileId: string,
): Promise<AppError | null> {
  dispatch({ type: 'workbench/opened' });
  const reply = await ask('workspace/get', { profileId });
  const kept = reply.ok ? reply.value : { draft: null, checks: null, answer: null, token: null };
  dispatch({
    type: 'request/start',
    profileId,
    draft: kept.draft,
    checks: kept.checks,
    answer: kept.answer && { ...kept.answer, from: 'kept' },
  });
  if (get().tokens[profileId] === undefined) {
    dispatch({ type: 'token-shown', profileId, shown: kept.token });
  }
  return reply.ok ? null : reply.error;
}

export async function knowCarried({ ask, dispatch }: CommandDeps, profileId: string) {
  const reply = await ask('variables/carried', { profileId });
  if (reply.ok) dispatch({ type: 'carried-known', profileId, values: reply.value.values });
}

/**
 * Clears what the profile carries (the worker tells the change); why not, when it failed, goes
 * to the profile's request slice for the Tests tab, until the next clear.
 */
export async function clearCarried({ ask, dispatch }: CommandDeps, profileId: string) {
  const reply = await ask('variables/clear', { profileId });
  const clearError = reply.ok ? null : `${reply.error.message} ${reply.error.hint}`;
  dispatch({ type: 'request/set', profileId, set: { clearError } });
}
