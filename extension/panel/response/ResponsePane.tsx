/**
 * The response pane: nothing yet, "Sending…", a call that went nowhere (an error with what to
 * do), or an answer: its status line always in view, and the tabs Body, Headers, Sent and, when
 * the service answered with an error, Explanation (then chosen by itself). The region's name is
 * "Response"; its text includes the status code.
 */
import { requestOf } from '../../../src/workspace/request-slice';
import { useStore } from '../state/store';
import { useRequest } from '../state/use-request';
import { useComposerProfile } from '../state/workbench-profile';
import { lazyComponent } from '../ui/lazy';
import './response.css';

/** What there is to show loads with the first of it (an answer, or a call's error). */
const Answer = lazyComponent(
  () => import('./Answer').then((module) => module.Answer),
  <p class="pane-message muted">Loading the answer…</p>,
);

export function ResponsePane() {
  // The profile as saved, shown with the values carried from answers.
  const profile = useComposerProfile();
  const { sending, shown } = useRequest(profile.id);
  // The request's checks on the last answer (shown only with the answer they ran on).
  const checks = useStore((state) => requestOf(state, profile.id).shownChecks);
  return (
    <section class="pane response-pane" aria-label="Response">
      {sending && (
        <p class="pane-message" role="status">
          Sending…
        </p>
      )}
      {!sending && shown === null && (
        <p class="pane-message muted">Press Send (or Ctrl+Enter) to call {profile.baseUrl}/v1/…</p>
      )}
      {!sending && shown !== null && <Answer shown={shown} checks={checks} />}
    </section>
  );
}
