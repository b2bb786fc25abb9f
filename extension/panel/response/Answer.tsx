/**
 * What the response pane shows once there is something to show (ResponsePane.tsx loads it with
 * the first: an empty pane needs none of it): which request it is for, where it came from when not
 * the last Send, and either the call's error with its timeline or the answer's views.
 */

import type { ShownChecks } from '../../../src/workspace/request-state';
import { useStore } from '../state/store';
import type { Shown } from '../state/use-request';
import { ErrorNotice } from '../ui/ErrorNotice';
import { ResponseView } from './ResponseView';
import { TimelineView } from './TimelineView';

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

interface Props {
  shown: Shown;
  checks: ShownChecks | null;
}

export function Answer({ shown, checks }: Props) {
  // Told by the worker for a call sent now; kept with the answer for one kept or from history.
  const told = useStore((state) =>
    shown.requestId === undefined ? undefined : state.timelines[shown.requestId],
  );
  const timeline = shown.timeline ?? told ?? null;
  return (
    <>
      <AnswerFor shown={shown} />
      <Provenance shown={shown} />
      {'error' in shown.outcome ? (
        <div class="pane-message">
          <ErrorNotice error={shown.outcome.error} />
          {timeline !== null && timeline.length > 0 && (
            <section aria-label="Timeline of the call">
              <h3>Timeline</h3>
              <TimelineView steps={timeline} report={{ call: shown.call }} />
            </section>
          )}
        </div>
      ) : (
        <ResponseView
          key={shown.at}
          exchange={shown.outcome.exchange}
          call={shown.call}
          timeline={timeline}
          checks={checks !== null && checks.at === shown.at ? checks : null}
          at={shown.at}
        />
      )}
    </>
  );
}
