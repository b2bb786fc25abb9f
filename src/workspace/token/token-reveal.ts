/**
 * Reveal token and Copy token (the Auth tab's token inspector, loaded with it): the access token
 * itself, which leaves the worker only for this explicit action. It is handed to the view that
 * asked and never put in the store. Apart from token-commands.ts, which the panel's start-up
 * carries.
 */
import type { Result } from '../../vocabulary/errors';
import type { CommandDeps } from '../ask';

/** The access token of a profile, or why the worker would not give it. */
export async function revealToken(
  { ask }: CommandDeps,
  profileId: string,
): Promise<Result<string>> {
  const reply = await ask('token/reveal', { profileId });
  return reply.ok ? { ok: true, value: reply.value.accessToken } : reply;
}
