/**
 * The Auth tab's tools, per profile: what is busy (Get token, Compare variants: one at a time) and
 * the last comparison, with the token version it was made at (its shape in workspace-state.ts).
 * The rule it keeps: a comparison speaks of the credentials as they were, so a new token or an
 * edit (any change of the profile's token version) makes it old and it is no longer shown.
 */
import type { TokenTools, TokenToolsAction, WorkspaceState } from './workspace-state';

export type { Attempts } from './workspace-state';

export const IDLE_TOKEN_TOOLS: TokenTools = { busy: null, attempts: null, atVersion: 0 };

const versionOf = (state: WorkspaceState, profileId: string) =>
  state.tokens[profileId]?.version ?? 0;

/** The profile's tools, read as the tab shows them. */
export const tokenToolsOf = (state: WorkspaceState, profileId: string): TokenTools =>
  state.tokenTools[profileId] ?? IDLE_TOKEN_TOOLS;

/** The comparison still current for the profile's token, or null once the token changed. */
export function currentAttempts(state: WorkspaceState, profileId: string) {
  const tools = tokenToolsOf(state, profileId);
  return tools.atVersion === versionOf(state, profileId) ? tools.attempts : null;
}

export function reduceTokenTools(state: WorkspaceState, action: TokenToolsAction): WorkspaceState {
  const { profileId } = action;
  const current = tokenToolsOf(state, profileId);
  const next: TokenTools =
    action.type === 'token-tools/busy'
      ? { ...current, busy: action.busy }
      : { ...current, attempts: action.attempts, atVersion: versionOf(state, profileId) };
  return { ...state, tokenTools: { ...state.tokenTools, [profileId]: next } };
}
