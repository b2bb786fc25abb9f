/**
 * One OAuth profile's token as the panel shows it: what the store holds for the profile (the
 * worker's events keep it current: a renewal by a call, a refusal, a lock, an edit; a reopened
 * workspace starts from the worker's cached token, without a token request) and the variant
 * comparison (src/workspace/token/token-intents.ts; what is busy and the comparison in
 * src/workspace/token/token-slice.ts). Get token is a workbench intent (workbench-intents.ts), as
 * it also opens the Auth tab. The toolbar shows its state at a glance; the request pane's Auth
 * tab shows it in full.
 */
import { currentAttempts, tokenToolsOf } from '../../../src/workspace/token/token-slice';
import type { TokenLogEntry } from '../../../src/workspace/workspace-state';
import { useStore } from './store';
import { tokens } from './workspace';

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
    compare: () => tokens.compare(profileId),
  };
}

export type TokenState = ReturnType<typeof useToken>;
