/**
 * The Tests tab's state as the views read it: the checks of the request being composed and their
 * outcome on the last answer, and why Clear carried values failed (the request slice of the
 * workspace store; the checks run in src/workspace/check-shown.ts), and the values the profile carries from answers (the worker
 * keeps them and tells each change; the store holds what it told, src/workspace/
 * workspace-commands.ts asks what they are when the workspace opens).
 */
import { useEffect } from 'preact/hooks';
import type { EditedChecks } from '../../../src/collections/check-use';
import type { NameValue } from '../../../src/vocabulary/terms';
import { requestOf } from '../../../src/workspace/request-slice';
import { clearCarried, knowCarried } from '../../../src/workspace/workspace-commands';
import { useStore } from './store';
import { deps, requests } from './workspace';

export type { ShownChecks } from '../../../src/workspace/request-state';
export type { EditedChecks };

const NO_VALUES: NameValue[] = [];

export function useChecks(profileId: string) {
  const { checks, shownChecks, clearError } = useStore((state) => requestOf(state, profileId));
  const carried = useStore((state) => state.carried[profileId]) ?? NO_VALUES;

  useEffect(() => {
    void knowCarried(deps, profileId);
  }, [profileId]);

  return {
    checks,
    /** An edit of the Tests tab, kept with the draft. */
    setChecks: (next: EditedChecks) => requests.setChecks(profileId, next),
    shownChecks,
    carried,
    clearError,
    clearCarried: () => clearCarried(deps, profileId),
  };
}

export type ChecksState = ReturnType<typeof useChecks>;
