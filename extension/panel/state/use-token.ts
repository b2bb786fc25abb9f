/**
 * One OAuth profile's token as the panel shows it: what the store holds for the profile (the
 * worker's events keep it current: a renewal by a call, a refusal, a lock, an edit; a reopened
 * workspace starts from the worker's cached token, without a token request), Get token and the
 * variant comparison (src/workspace/token/token-commands.ts, what is busy and the comparison in
 * src/workspace/token/token-slice.ts). The toolbar shows its state at a glance; the request pane's Auth
 * tab shows it in full.
 */
import { loadedOnce } from '../../../src/vocabulary/loaded-once';
import { currentAttempts, tokenToolsOf } from '../../../src/workspace/token/token-slice';
import type { TokenLogEntry } from '../../../src/workspace/workspace-state';
import { useStore } from './store';
import { deps } from './workspace';

/**
 * Get token and Compare variants load with the first use (a panel opened to read needs neither);
 * later uses ask the worker within the click (loaded-once.ts).
 */
export const withTokenCommands = loadedOnce(
  () => import('../../../src/workspace/token/token-commands'),
);

const NO_LOG: readonly TokenLogEntry[] = [];

export function useToken(profileId: string) {
  const entry = useStore((state) => state.tokens[profileId]);
  const { busy } = useStore((state) => tokenToolsOf(state, profileId));
  const attempts = useStore((state) => currentAttempts(state, profileId));
  return {
    shown: entry?.shown ?? null,
    log: entry?.log ?? NO_LOG,
    version: entry?.version ?? 0,
    busy,
    attempts,
    getToken: () => withTokenCommands((commands) => commands.getToken(deps, profileId)),
    compare: () => withTokenCommands((commands) => commands.compareVariants(deps, profileId)),
  };
}

export type TokenState = ReturnType<typeof useToken>;
