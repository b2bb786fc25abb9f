/**
 * Get token and Compare variants as the panel calls them, bound to their dependencies once. Their
 * code (token-commands.ts) loads with the first use, since a panel opened to read needs neither;
 * later uses ask the worker within the click (loaded-once.ts), not after the page has drawn.
 */
import { loadedOnce } from '../../vocabulary/loaded-once';
import type { CommandDeps } from '../ask';

const withCommands = loadedOnce(() => import('./token-commands'));

export function createTokenIntents(deps: CommandDeps) {
  return {
    getToken: (profileId: string) => withCommands((commands) => commands.getToken(deps, profileId)),
    compare: (profileId: string) =>
      withCommands((commands) => commands.compareVariants(deps, profileId)),
  };
}
