/**
 * Every change of the workspace goes through here: `applyEvent` takes each event the worker tells
 * (src/protocol/events.ts) to its slice's reducer, and `reduce` does the same for the replies the
 * panel asked for. One place to read what any event or reply does to what the panel shows.
 */
import type { WorkerEvent } from '../protocol/events';
import { DEFAULT_UI_PREFS } from '../vocabulary/ui-prefs';
import { reduceCollections } from './collections-slice';
import type { CollectionsAction } from './collections-state';
import { reduceFolders } from './folders/folders-slice';
import type { FoldersAction } from './folders/folders-state';
import { lockKnown, reduceLock } from './lock-slice';
import type { LockAction } from './lock-state';
import { reduceProfiles } from './profiles/profiles-slice';
import { reduceRequest } from './request-slice';
import type { RequestAction } from './request-state';
import { forgetAll, reduceTokenTools, tokenEvent, tokenReplied } from './token/token-slice';
import { reduceWorkbench } from './workbench-slice';
import { carriedReplied, carriedTold, historyChanged, withTimeline } from './worker-slices';
import type {
  TokenToolsAction,
  WorkbenchAction,
  WorkspaceAction,
  WorkspaceState,
} from './workspace-state';

export function applyEvent(state: WorkspaceState, event: WorkerEvent): WorkspaceState {
  switch (event.kind) {
    case 'token':
      return tokenEvent(state, event);
    case 'tokens-forgotten':
      return forgetAll(state, event.atMs);
    case 'lock':
      return lockKnown(state, event.state);
    case 'history':
      return historyChanged(state, event.profileId);
    case 'timeline':
      return withTimeline(state, event.requestId, event.steps);
    case 'carried':
      return carriedTold(state, event.profileId, event.values);
  }
}

const isRequestAction = (action: WorkspaceAction): action is RequestAction =>
  action.type.startsWith('request/');

const isLockAction = (action: WorkspaceAction): action is LockAction =>
  action.type.startsWith('lock/');

const isCollectionsAction = (action: WorkspaceAction): action is CollectionsAction =>
  action.type.startsWith('collections/');

const isFoldersAction = (action: WorkspaceAction): action is FoldersAction =>
  action.type.startsWith('folders/');
const isWorkbenchAction = (action: WorkspaceAction): action is WorkbenchAction =>
  action.type.startsWith('workbench/');

const isTokenToolsAction = (action: WorkspaceAction): action is TokenToolsAction =>
  action.type.startsWith('token-tools/');

export function reduce(state: WorkspaceState, action: WorkspaceAction): WorkspaceState {
  if (isRequestAction(action)) return reduceRequest(state, action);
  if (isLockAction(action)) return reduceLock(state, action);
  if (isCollectionsAction(action)) return reduceCollections(state, action);
  if (isFoldersAction(action)) return reduceFolders(state, action);
  if (isWorkbenchAction(action)) return reduceWorkbench(state, action);
  if (isTokenToolsAction(action)) return reduceTokenTools(state, action);
  switch (action.type) {
    case 'event':
      return applyEvent(state, action.event);
    case 'lock-known':
      return lockKnown(state, action.state);
    case 'carried-known':
      return carriedReplied(state, action.profileId, action.values);
    case 'token-shown':
      return tokenReplied(state, action.profileId, action.shown);
    case 'capture':
      return { ...state, capture: action.capture };
    case 'runs':
      return { ...state, runs: action.runs };
    case 'history-view':
      return { ...state, historyView: action.view };
    case 'prefs':
      return { ...state, prefs: { ...(state.prefs ?? DEFAULT_UI_PREFS), ...action.set } };
    case 'profiles':
      return reduceProfiles(state, action);
  }
}
