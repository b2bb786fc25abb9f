/**
 * The Tests tab's state as the views read it: the checks of the request being composed and their
 * outcome on the last answer (the request slice of the workspace store; the checks run in
 * src/workspace/send.ts), and the values the profile carries from answers (the worker keeps them
 * and tells each change; the store holds what it told).
 */
import { useEffect, useState } from 'preact/hooks';
import type { EditedChecks } from '../../../src/collections/check-use';
import type { NameValue } from '../../../src/vocabulary/terms';
import { requestOf } from '../../../src/workspace/request-slice';
import { usePanelStore, useStore } from './store';
import { ask } from './worker-client';
import { requests } from './workspace';

export type { ShownChecks } from '../../../src/workspace/request-state';
export type { EditedChecks };

const NO_VALUES: NameValue[] = [];

export function useChecks(profileId: string) {
  const checks = useStore((state) => requestOf(state, profileId).checks);
  const shownChecks = useStore((state) => requestOf(state, profileId).shownChecks);
  const store = usePanelStore();
  const carried = useStore((state) => state.carried[profileId]) ?? NO_VALUES;
  const [clearError, setClearError] = useState<string | null>(null);

  // What the profile carries already (a run, or a panel open before this one, may have carried
  // values); every change after that comes as the worker's event.
  useEffect(() => {
    void ask('variables/carried', { profileId }).then((reply) => {
      if (reply.ok)
        store.dispatch({ type: 'carried-known', profileId, values: reply.value.values });
    });
  }, [profileId]);

  async function clearCarried() {
    const reply = await ask('variables/clear', { profileId });
    setClearError(reply.ok ? null : `${reply.error.message} ${reply.error.hint}`);
  }

  return {
    checks,
    /** An edit of the Tests tab, kept with the draft. */
    setChecks: (next: EditedChecks) => requests.setChecks(profileId, next),
    shownChecks,
    carried,
    clearError,
    clearCarried,
  };
}

export type ChecksState = ReturnType<typeof useChecks>;
