/**
 * A saved request that changes under the composer (the folder's version kept after a folder
 * conflict, an outside edit read from a connected folder) is shown as it now is, unless the
 * composer holds edits of its own: those are never overwritten.
 */
import { useEffect } from 'preact/hooks';
import { findItem } from '../../../src/collections/find-item';
import { requestOf } from '../../../src/workspace/request-slice';
import { useStore } from '../state/store';
import { dirtyOf } from '../state/workbench-intents';
import { requests } from '../state/workspace';

export function useFollowSaved(profileId: string): void {
  const collections = useStore((state) => state.collections.list);
  const opened = useStore((state) => requestOf(state, profileId).opened);
  const dirty = useStore((state) => dirtyOf(state, profileId));
  // Only a change of the collections is news; the composer's own changes come with `dirty`.
  useEffect(() => {
    if (opened === null || dirty) return;
    const collection = collections.find(({ id }) => id === opened.collectionId);
    const current = collection && findItem(collection, opened.request.id)?.item;
    if (current?.kind !== 'request' || current === opened.request) return;
    if (JSON.stringify(current) === JSON.stringify(opened.request)) return;
    requests.followSaved(profileId, { collectionId: opened.collectionId, request: current });
  }, [collections]);
}
