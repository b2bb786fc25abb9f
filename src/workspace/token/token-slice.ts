/**
 * The tokens slice: per profile, the token as shown, its recent events and a version. The rule it
 * keeps: the toolbar shows the token the next call carries. A refused grant with a good token
 * cached shows that token with the failure beside it, and a late reply never puts an older token
 * back over a newer one an event told. Beside it, the Auth tab's tools per profile: what is busy
 * (Get token, Compare variants: one at a time) and the last comparison with the token version it
 * was made at; a comparison speaks of the credentials as they were, so once the version changes
 * (a new token, an edit) it is no longer shown.
 */
import type { TokenEvent } from '../../protocol/events';
import type {
  ProfileTokens,
  TokenLogEntry,
  TokenShown,
  TokenTools,
  TokenToolsAction,
  WorkspaceState,
} from '../workspace-state';

export const MAX_TOKEN_LOG = 20;

const NO_TOKENS: ProfileTokens = { shown: null, log: [], version: 0 };

/** When the token arrived, or null for an error or no token. */
function receivedAt(shown: TokenShown): number | null {
  return shown !== null && 'view' in shown && shown.view.outcome === 'token'
    ? shown.view.receivedAtMs
    : null;
}

function withTokens(
  state: WorkspaceState,
  profileId: string,
  change: (current: ProfileTokens) => ProfileTokens,
): WorkspaceState {
  const current = state.tokens[profileId] ?? NO_TOKENS;
  return { ...state, tokens: { ...state.tokens, [profileId]: change(current) } };
}

function logged(log: readonly TokenLogEntry[], entry: TokenLogEntry): TokenLogEntry[] {
  return [entry, ...log].slice(0, MAX_TOKEN_LOG);
}

/**
 * What a token event leaves shown: the new token; after a refusal, the cached token the worker
 * still uses (the next call carries it) with the failure beside it, or the failure when none is
 * held; nothing once forgotten.
 */
export function shownAfter(event: TokenEvent): TokenShown {
  if (event.change === 'forgotten') return null;
  if (event.held !== null && event.view.outcome === 'failure') {
    return { view: event.held, fromCache: true, refreshFailure: event.view };
  }
  return { view: event.view, fromCache: false, refreshFailure: null };
}

/** A token issued, renewed, refused or forgotten for one profile. */
export function tokenEvent(state: WorkspaceState, event: TokenEvent): WorkspaceState {
  const tail =
    event.view !== null && event.view.outcome === 'token'
      ? event.view.token.accessTokenMasked
      : null;
  const entry: TokenLogEntry = { atMs: event.atMs, change: event.change, why: event.why, tail };
  return withTokens(state, event.profileId, (current) => ({
    shown: shownAfter(event),
    log: logged(current.log, entry),
    version: current.version + 1,
  }));
}

/** Every profile's token dropped at once (the secrets were locked). */
export function forgetAll(state: WorkspaceState, atMs: number): WorkspaceState {
  const tokens: Record<string, ProfileTokens> = {};
  for (const [profileId, current] of Object.entries(state.tokens)) {
    tokens[profileId] = {
      shown: null,
      log: logged(current.log, { atMs, change: 'forgotten', why: 'lock', tail: null }),
      version: current.version + 1,
    };
  }
  return { ...state, tokens };
}

/**
 * A reply the panel asked for (Get token, a reopened workspace): never older than what is shown.
 */
export function tokenReplied(
  state: WorkspaceState,
  profileId: string,
  shown: TokenShown,
): WorkspaceState {
  const current = state.tokens[profileId] ?? NO_TOKENS;
  const incoming = receivedAt(shown);
  const held = receivedAt(current.shown);
  // A reply can arrive after the event of a newer token: it never puts an older one back.
  if (incoming !== null && held !== null && incoming < held) return state;
  return withTokens(state, profileId, () => ({ ...current, shown, version: current.version + 1 }));
}

// The Auth tab's tools.
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
