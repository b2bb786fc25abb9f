/**
 * Opens one profile's workbench (Workbench.tsx) from what the worker kept for it: the draft, its
 * checks and the last answer (into the store's request slice), and the token. Mounted per profile (its key is the profile id), so every view shows
 * only what belongs to that profile. A workspace that cannot be read back opens empty, with the
 * reason shown.
 */
import { useEffect, useState } from 'preact/hooks';
import type { AppError } from '../../../src/vocabulary/errors';
import { ask } from '../state/worker-client';
import { requests } from '../state/workspace';
import { ErrorNotice } from '../ui/ErrorNotice';
import { Workbench, type WorkbenchProps, type WorkspaceStart } from './Workbench';

/** The workbench's props but its start, which is read here. */
type Props = Omit<WorkbenchProps, 'start'>;

export function Workspace(props: Props) {
  const [start, setStart] = useState<WorkspaceStart | null>(null);
  const [error, setError] = useState<AppError | null>(null);

  useEffect(() => {
    const profileId = props.profile.id;
    void ask('workspace/get', { profileId }).then((reply) => {
      if (!reply.ok) setError(reply.error);
      // A workspace that cannot be read back still opens, empty, with the reason shown.
      const kept = reply.ok
        ? reply.value
        : { draft: null, checks: null, answer: null, token: null };
      requests.start(profileId, {
        draft: kept.draft,
        checks: kept.checks,
        answer: kept.answer && { ...kept.answer, from: 'kept' },
      });
      setStart({ token: kept.token });
    });
  }, []);

  if (start === null) {
    return (
      <div class="app">
        <header class="toolbar">{props.toolbarStart}</header>
        <p class="muted pane-message">Loading the workspace…</p>
      </div>
    );
  }
  return (
    <Workbench
      {...props}
      start={start}
      notices={
        <>
          {props.notices}
          {error && <ErrorNotice error={error} />}
        </>
      }
    />
  );
}
