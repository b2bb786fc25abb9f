/**
 * One profile's composer as the views read it: the request slice of the workspace store
 * (src/workspace/request-slice.ts) and its commands. The draft is kept 400 ms after each edit, and
 * at once when the panel closes (`pagehide`) or the profile's workspace goes (`useDraftFlush`,
 * mounted once by the workbench).
 */
import { useEffect } from 'preact/hooks';
import { requestOf } from '../../../src/workspace/request-slice';
import type { Draft } from '../../../src/workspace/request-state';
import { useStore } from './store';
import { requests } from './workspace';

export { EMPTY_DRAFT } from '../../../src/workspace/request-slice';
export type { Draft, Shown } from '../../../src/workspace/request-state';

export function useRequest(profileId: string) {
  const request = useStore((state) => requestOf(state, profileId));
  return {
    ...request,
    sending: request.inFlight !== null,
    setDraft: (draft: Draft) => requests.setDraft(profileId, draft),
  };
}

/** Closing DevTools unloads the panel: an edit still waiting for its save goes out at once. */
export function useDraftFlush(profileId: string) {
  useEffect(() => {
    const flush = () => void requests.saver.flush(profileId);
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush(); // switching to another profile
    };
  }, [profileId]);
}

export type RequestState = ReturnType<typeof useRequest>;
