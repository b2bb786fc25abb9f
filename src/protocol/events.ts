/**
 * What the worker tells every open panel, unasked, the moment it happens: a token issued, renewed,
 * refused or forgotten; the lock's state; a history entry appended; a call's timeline; the values a
 * profile carries between calls. The panel's store (extension/panel/state/) is fed by these, so
 * what it shows is what the worker has.
 *
 * Invariant: an event carries only what a reply may carry (masked views), never a secret: the
 * worker passes every event through the same redaction of held secrets as its replies
 * (extension/background/events.ts). The e2e tests record every event a panel hears, with canary
 * secrets in play and a hostile server echoing them, and find none.
 */
import type { TimelineStep } from '../service/call/timeline';
import type { GrantReason } from '../service/token/token-broker';
import type { TokenSuccessView, TokenView } from '../service/token/token-grant';
import type { NameValue } from '../vocabulary/terms';
import type { LockState } from './messages';

/** The envelope's tag, so that a panel tells an event from the requests other pages send. */
export const WORKER_EVENT = 'partner-api-devtools/worker-event';

/** Why tokens were forgotten: the secrets locked, the profile's settings changed, or it went. */
export type ForgetReason = 'lock' | 'profile-edit' | 'profile-deleted';

export type TokenEvent =
  | {
      kind: 'token';
      profileId: string;
      /** issued: a token where none was (or the user asked); renewed: one replaced on its own. */
      change: 'issued' | 'renewed' | 'refused';
      why: GrantReason;
      atMs: number;
      /** What the grant brought: the new token, or the failure. */
      view: TokenView;
      /**
       * After a refusal, the cached token that stays in use (the next call carries it), or null
       * when none does; always null for a new token.
       */
      held: TokenSuccessView | null;
    }
  | {
      kind: 'token';
      profileId: string;
      change: 'forgotten';
      why: ForgetReason;
      atMs: number;
      view: null;
    };

export type WorkerEvent =
  | TokenEvent
  /** Every profile's token was dropped at once (the secrets were locked or removed). */
  | { kind: 'tokens-forgotten'; why: 'lock'; atMs: number }
  | { kind: 'lock'; state: LockState }
  | { kind: 'history'; profileId: string }
  | { kind: 'timeline'; profileId: string; requestId: string; steps: TimelineStep[] }
  /** The values a profile carries to its later calls changed (a call carried some, or a clear). */
  | { kind: 'carried'; profileId: string; values: NameValue[] };

export interface EventEnvelope {
  channel: typeof WORKER_EVENT;
  event: WorkerEvent;
}

export function isEventEnvelope(message: unknown): message is EventEnvelope {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { channel?: unknown }).channel === WORKER_EVENT &&
    typeof (message as { event?: unknown }).event === 'object'
  );
}

/** The change a grant makes, as the panel names it. */
export function tokenChange(why: GrantReason, ok: boolean): 'issued' | 'renewed' | 'refused' {
  if (!ok) return 'refused';
  return why === 'expiring' || why === 'expired' || why === 'refused' ? 'renewed' : 'issued';
}
