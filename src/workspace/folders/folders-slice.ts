/**
 * The folders slice's reducer (its shape in folders-state.ts): a collection's folder view shown,
 * replaced, or dropped with its connection.
 */
import type { WorkspaceState } from '../workspace-state';
import type { FoldersAction } from './folders-state';

export function reduceFolders(state: WorkspaceState, action: FoldersAction): WorkspaceState {
  const { views } = state.folders;
  const { collectionId, view } = action;
  if (view === null) {
    if (!(collectionId in views)) return state;
    const { [collectionId]: _gone, ...rest } = views;
    return { ...state, folders: { views: rest } };
  }
  return { ...state, folders: { views: { ...views, [collectionId]: view } } };
}
