/**
 * The panel's one store of what the worker has: per profile its token as shown and its recent token
 * events, the lock's state, a version of each profile's history (a change means "read it again"),
 * the timelines of recent calls, and the values each profile carries between calls. It changes only through `reduce`, fed by the worker's events
 * (src/protocol/events.ts) and by the replies the panel asked for, so that every view reading it
 * shows the same thing at the same moment.
 */
import type { TokenEvent, WorkerEvent } from '../../../src/protocol/events';
import type { LockState, TokenShownView } from '../../../src/protocol/messages';
import type { TimelineStep } from '../../../src/service/call/timeline';
import type { AppError } from '../../../src/vocabulary/errors';
import type { NameValue } from '../../../src/vocabulary/terms';

/**
 * The token as the toolbar and the Auth tab show it: the one the next call carries (with a failed
 * attempt to replace it beside it), the failed attempt when none is held, an error, or none yet.
 */
export type TokenShown = TokenShownView | { error: AppError } | null;

/** One line of a profile's recent token events, in the words the Auth tab shows. */
export interface TokenLogEntry {
  atMs: number;
  change: TokenEvent['change'];
  why: string;
  /** The masked token (`••••3f9a`) of an issued or renewed one. */
  tail: string | null;
}

export interface ProfileTokens {
  shown: TokenShown;
  log: TokenLogEntry[];
  /** Counts changes, so that a view can drop what it derived from an older token. */
  version: number;
}

export interface PanelState {
  lock: LockState | null;
  tokens: Readonly<Record<string, ProfileTokens>>;
  history: Readonly<Record<string, number>>;
  /** By request id, the newest last; at most MAX_TIMELINES. */
  timelines: Readonly<Record<string, TimelineStep[]>>;
  /** By profile id: what its later calls read as `{{name}}`, taken from earlier answers. */
  carried: Readonly<Record<string, NameValue[]>>;
}

export type PanelAction =
  | { type: 'event'; event: WorkerEvent }
  /** A reply the panel asked for: Get token, or what a reopened workspace starts from. */
  | { type: 'token-shown'; profileId: string; shown: TokenShown }
  | { type: 'lock-known'; state: LockState }
  /** What the worker answered when asked for a profile's carried values. */
  | { type: 'carried-known'; profileId: string; values: NameValue[] };

export const EMPTY_STATE: PanelState = {
  lock: null,
  tokens: {},
  history: {},
  timelines: {},
  carried: {},
};

export const MAX_TOKEN_LOG = 20;
export const MAX_TIMELINES = 50;

const NO_TOKENS: ProfileTokens = { shown: null, log: [], version: 0 };

const WHY_WORDS: Record<string, string> = {
  asked: 'Get token',
  'none-cached': 'none was cached',
  expiring: 'the cached one was about to expire',
  expired: 'the cached one had expired',
  refused: 'the API refused the one a call carried',
  lock: 'the secrets were locked',
  'profile-edit': 'the profile was edited',
  'profile-deleted': 'the profile was deleted',
};

/** Why, in words: "the cached one was about to expire". */
export const whyWords = (why: string) => WHY_WORDS[why] ?? why;

/** When the token arrived, or null for an error or no token. */
function receivedAt(shown: TokenShown): number | null {
  return shown !== null && 'view' in shown && shown.view.outcome === 'token'
    ? shown.view.receivedAtMs
    : null;
}

function withTokens(
  state: PanelState,
  profileId: string,
  change: (current: ProfileTokens) => ProfileTokens,
): PanelState {
  const current = state.tokens[profileId] ?? NO_TOKENS;
  return { ...state, tokens: { ...state.tokens, [profileId]: change(current) } };
}

function logged(log: readonly TokenLogEntry[], entry: TokenLogEntry): TokenLogEntry[] {
  return [entry, ...log].slice(0, MAX_TOKEN_LOG);
}

function tokenEvent(state: PanelState, event: TokenEvent): PanelState {
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

function forgetAll(state: PanelState, atMs: number): PanelState {
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

function withTimeline(state: PanelState, requestId: string, steps: TimelineStep[]): PanelState {
  const kept = Object.entries(state.timelines).filter(([id]) => id !== requestId);
  const timelines = Object.fromEntries([...kept, [requestId, steps]].slice(-MAX_TIMELINES));
  return { ...state, timelines };
}

function onEvent(state: PanelState, event: WorkerEvent): PanelState {
  switch (event.kind) {
    case 'token':
      return tokenEvent(state, event);
    case 'tokens-forgotten':
      return forgetAll(state, event.atMs);
    case 'lock':
      return { ...state, lock: event.state };
    case 'history':
      return {
        ...state,
        history: { ...state.history, [event.profileId]: (state.history[event.profileId] ?? 0) + 1 },
      };
    case 'timeline':
      return withTimeline(state, event.requestId, event.steps);
    case 'carried':
      return { ...state, carried: { ...state.carried, [event.profileId]: event.values } };
  }
}

export function reduce(state: PanelState, action: PanelAction): PanelState {
  switch (action.type) {
    case 'event':
      return onEvent(state, action.event);
    case 'lock-known':
      return state.lock === action.state ? state : { ...state, lock: action.state };
    case 'carried-known':
      // The reply may have been overtaken by an event of a newer change: the event is the truth.
      if (Object.hasOwn(state.carried, action.profileId)) return state;
      return { ...state, carried: { ...state.carried, [action.profileId]: action.values } };
    case 'token-shown': {
      const current = state.tokens[action.profileId] ?? NO_TOKENS;
      const incoming = receivedAt(action.shown);
      const held = receivedAt(current.shown);
      // A reply can arrive after the event of a newer token: it never puts an older one back.
      if (incoming !== null && held !== null && incoming < held) return state;
      return withTokens(state, action.profileId, () => ({
        ...current,
        shown: action.shown,
        version: current.version + 1,
      }));
    }
  }
}
