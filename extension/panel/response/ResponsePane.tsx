/**
 * The response pane: nothing yet, "Sending…", a call that went nowhere (an error with what to
 * do), or an answer: its status line always in view, and the tabs Body, Headers, Sent and, when
 * the service answered with an error, Explanation (then chosen by itself). The region's name is
 * "Response"; its text includes the status code.
 */
import type { ProfileView } from '../../../src/service/profile/profile-input';
import type { ResponseTab } from '../../../src/service/profile/ui-prefs';
import type { ShownChecks } from '../request/use-checks';
import type { RequestState, Shown } from '../request/use-request';
import { ErrorNotice } from '../ui/ErrorNotice';
import { lazyComponent } from '../ui/lazy';
import './response.css';

/** The answer's views load with the first answer: an empty pane needs none of them. */
const ResponseView = lazyComponent(
  () => import('./ResponseView').then((module) => module.ResponseView),
  <p class="pane-message muted">Loading the answer…</p>,
);

interface Props {
  profile: ProfileView;
  request: RequestState;
  tab: ResponseTab;
  onTab: (tab: ResponseTab) => void;
  /** The request's checks on the last answer (shown only with the answer they ran on). */
  checks: ShownChecks | null;
}

/** Where a shown answer came from, when it is not the answer to the last Send. */
function Provenance({ shown }: { shown: Shown }) {
  if (shown.from === 'sent' && !shown.bodyCut) return null;
  const time = new Date(shown.at).toLocaleTimeString();
  return (
    <p class="notice notice-info provenance" role="note">
      {shown.from === 'kept' && `The last answer, from ${time}, kept while the panel was closed.`}
      {shown.from === 'history' && `The answer of the history entry from ${time}.`}
      {shown.bodyCut && ' Only the start of its body was kept: send again to see all of it.'}
    </p>
  );
}

export function ResponsePane({ profile, request, tab, onTab, checks }: Props) {
  const { sending, shown } = request;
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
      {!sending && shown !== null && (
        <>
          <Provenance shown={shown} />
          {'error' in shown.outcome ? (
            <div class="pane-message">
              <ErrorNotice error={shown.outcome.error} />
              <p class="muted">
                {shown.call.method} /v1/{shown.call.path}
              </p>
            </div>
          ) : (
            <ResponseView
              key={shown.at}
              exchange={shown.outcome.exchange}
              call={shown.call}
              tab={tab}
              onTab={onTab}
              checks={checks !== null && checks.at === shown.at ? checks : null}
            />
          )}
        </>
      )}
    </section>
  );
}
