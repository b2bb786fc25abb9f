/**
 * The collections slice's reducer (its shape in collections-state.ts): the list as the worker
 * answered it, a saved collection put in its place, the last error, an import's progress, the
 * Collections tab's view as its commands (collections-view.ts) computed it.
 */
import type { CollectionsAction, CollectionsSlice } from './collections-state';
import type { WorkspaceState } from './workspace-state';

const withCollections = (
  state: WorkspaceState,
  change: Partial<CollectionsSlice>,
): WorkspaceState => ({ ...state, collections: { ...state.collections, ...change } });

export function reduceCollections(
  state: WorkspaceState,
  action: CollectionsAction,
): WorkspaceState {
  const { collections } = state;
  switch (action.type) {
    case 'collections/listed':
      return withCollections(state, { list: action.list });
    case 'collections/saved': {
      const { list } = collections;
      const index = list.findIndex((item) => item.id === action.collection.id);
      const next =
        index === -1 ? [...list, action.collection] : list.with(index, action.collection);
      return withCollections(state, { list: next, error: null });
    }
    case 'collections/error':
      if (collections.error === action.error) return state;
      return withCollections(state, { error: action.error });
    case 'collections/import':
      return withCollections(state, { import: { ...collections.import, ...action.set } });
    case 'collections/view':
      return withCollections(state, { view: { ...collections.view, ...action.set } });
  }
}
