/**
 * The response pane: nothing yet, "Sending…", a call that went nowhere (an error with what to
 * do), or an answer: its status line always in view, and the tabs Body, Headers, Sent and, when
 * the service answered with an error, Explanation (then chosen by itself). The region's name is
 * "Response"; its text includes the status code.
 */
import type { ProfileView } from '../../../src/service/profile/profile-input';
import type { ResponseTab } from '../../../src/vocabulary/ui-prefs';
import { requestOf } from '../../../src/workspace/request-slice';
import { useStore } from '../state/store';
import { type Shown, useRequest } from '../state/use-request';
import { useComposerProfile } from '../state/workbench-intents';
import { prefs } from '../state/workspace';
import { ErrorNotice } from '../ui/ErrorNotice';
import { lazyComponent } from '../ui/lazy';
import './response.css';

/** The answer's views load with the first answer: an empty pane needs none of them. */
const ResponseView = lazyComponent(
  () => import('./ResponseView').then((module) => module.ResponseView),
  <p class="pane-message muted">Loading the answer…</p>,
);

/** Shown beside an error, which is rarer than an answer: loaded with its first use. */
const TimelineView = lazyComponent(() =>
  import('./TimelineView').then((module) => module.TimelineView),
);

interface Props {
  /** The profile as saved (the pane shows it with the values carried from answers). */
  profile: ProfileView;
}

/**
 * Which request the answer is for: method and path, the saved request's name, and when. One line,
 * cut to the pane's width: the whole is in its tooltip.
 */
function AnswerFor({ shown }: { shown: Shown }) {
  const time = new Date(shown.at).toLocaleTimeString();
  const named = shown.name === undefined ? '' : ` · “${shown.name}”`;
  return (
    <p
      class="answer-for muted"
      title={`For ${shown.call.method} /v1/${shown.call.path}${named} · ${time}`}
    >
      For{' '}
      <code>
        {shown.call.method} /v1/{shown.call.path}
      </code>
      {named} · {time}
    </p>
  );
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

export function ResponsePane(props: Props) {
  const profile = useComposerProfile(props.profile);
  const { sending, shown } = useRequest(profile.id);
  // The request's checks on the last answer (shown only with the answer they ran on).
  const checks = useStore((state) => requestOf(state, profile.id).shownChecks);
  const tab = useStore((state) => state.prefs?.responseTab ?? 'body');
  const onTab = (responseTab: ResponseTab) => prefs.set({ responseTab });
  // Told by the worker for a call sent now; kept with the answer for one kept or from history.
  const told = useStore((state) =>
    shown?.requestId === undefined ? undefined : state.timelines[shown.requestId],
  );
  const timeline = shown?.timeline ?? told ?? null;
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
          <AnswerFor shown={shown} />
          <Provenance shown={shown} />
          {'error' in shown.outcome ? (
            <div class="pane-message">
              <ErrorNotice error={shown.outcome.error} />
              {timeline !== null && timeline.length > 0 && (
                <section aria-label="Timeline of the call">
                  <h3>Timeline</h3>
                  <TimelineView steps={timeline} report={{ profile, call: shown.call }} />
                </section>
              )}
            </div>
          ) : (
            <ResponseView
              key={shown.at}
              exchange={shown.outcome.exchange}
              call={shown.call}
              timeline={timeline}
              tab={tab}
              onTab={onTab}
              checks={checks !== null && checks.at === shown.at ? checks : null}
              profile={profile}
              at={shown.at}
            />
          )}
        </>
      )}
    </section>
  );
}
