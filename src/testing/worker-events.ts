/**
 * Worker events as the workspace's reducer takes them, for the slice tests: `event` folds one into a
 * state, `issued` is a token grant for a profile (its masked tail and time), `success` the token
 * view such a grant carries.
 */
import type { TokenEvent, WorkerEvent } from '../protocol/events';
import type { TokenSuccessView } from '../service/token/token-grant';
import { reduce } from '../workspace/apply-event';
import type { WorkspaceState } from '../workspace/workspace-state';

export const success = (tail: string, receivedAtMs: number) =>
  ({ outcome: 'token', receivedAtMs, token: { accessTokenMasked: tail } }) as TokenSuccessView;

export const event = (state: WorkspaceState, worker: WorkerEvent) =>
  reduce(state, { type: 'event', event: worker });

export type GrantEvent = Extract<TokenEvent, { change: 'issued' | 'renewed' | 'refused' }>;

export const issued = (profileId: string, tail: string, atMs: number): GrantEvent => ({
  kind: 'token',
  profileId,
  change: 'issued',
  why: 'asked',
  atMs,
  view: success(tail, atMs),
  held: null,
});
