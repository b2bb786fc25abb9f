/** One answer: the status line (status, time, size, copy and save the body), then its tabs. */
import { useEffect, useState } from 'preact/hooks';
import { checkCounts, checksSummary } from '../../../src/checks/checks-summary';
import type { HttpExchange } from '../../../src/service/call/execute';
import { statusMeaning } from '../../../src/service/call/http-status';
import { bodyFileName, describeSize, formatBytes } from '../../../src/service/call/response-format';
import { explainServiceError, gatewayTitle } from '../../../src/service/call/service-error';
import type { TimelineStep } from '../../../src/service/call/timeline';
import { originOnWire } from '../../../src/service/wire/origin-refusal';
import type { ComposedCall } from '../../../src/vocabulary/terms';
import type { ResponseTab } from '../../../src/vocabulary/ui-prefs';
import { useStore } from '../state/store';
import type { ShownChecks } from '../state/use-checks';
import { prefs } from '../state/workspace';
import { ChecksView } from '../ui/ChecksView';
import { copyText } from '../ui/copy-text';
import { downloadFile } from '../ui/download';
import { HeaderList } from '../ui/HeaderList';
import { lazyComponent } from '../ui/lazy';
import { SentHeaders } from '../ui/SentHeaders';
import { type TabItem, Tabs } from '../ui/Tabs';
import { BodyView } from './BodyView';
import { contentTypeOf } from './content-type';
import { ExplanationView } from './ExplanationView';
import { TimelineView } from './TimelineView';

/** The report's code loads when a report is first shown. */
const SupportReport = lazyComponent(() =>
  import('../ui/SupportReport').then((module) => module.SupportReport),
);

interface Props {
  exchange: HttpExchange;
  call: ComposedCall;
  /** What the worker did for the call; null when it was kept by an earlier version. */
  timeline: readonly TimelineStep[] | null;
  /** The outcome of the request's checks on this answer, if it has checks. */
  checks: ShownChecks | null;
  /** When its answer arrived (for the support report). */
  at: number;
}

/** Offers the body as a file; returns the status line naming it. */
function saveBody(exchange: HttpExchange): string {
  const type = contentTypeOf(exchange);
  const name = bodyFileName(exchange.status, type);
  if (exchange.bodyBase64 === undefined) return downloadFile(name, exchange.bodyText, type);
  const bytes = Uint8Array.from(atob(exchange.bodyBase64), (char) => char.charCodeAt(0));
  return downloadFile(name, new Blob([bytes], { type }));
}

/** The path of a URL as sent (its query left out), for the explanation's evidence. */
function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

export function ResponseView({ exchange, call, timeline, checks, at }: Props) {
  const [copied, setCopied] = useState('');
  // The tab shown is a layout preference: the next answer opens on it, in every panel.
  const tab = useStore((state) => state.prefs?.responseTab ?? 'body');
  const onTab = (responseTab: ResponseTab) => prefs.set({ responseTab });
  const statusClass = exchange.status >= 400 ? 'bad' : exchange.status >= 300 ? 'warn' : 'good';
  const contentType = contentTypeOf(exchange);
  const explanation = explainServiceError(
    exchange.status,
    contentType,
    exchange.bodyText,
    originOnWire(exchange.request.wire),
    {
      headers: exchange.headers,
      call: {
        method: exchange.request.method,
        path: pathOf(exchange.request.url),
        headers: exchange.request.headers,
      },
      token: exchange.token,
    },
  );
  // What the gateway meant, beside the reason phrase: "500 · Spike arrest: rate limit".
  const meant = gatewayTitle({ ...exchange, contentType });
  const meaning = meant === null ? statusMeaning(exchange.status) : `${exchange.status} · ${meant}`;

  // A new error answer opens its explanation; a new good one leaves a stale Explanation tab.
  useEffect(() => {
    if (explanation !== null) onTab('explanation');
    else if (tab === 'explanation') onTab('body');
  }, [exchange]);

  const tabs: TabItem<ResponseTab>[] = [
    { id: 'body', label: 'Body' },
    { id: 'headers', label: 'Headers', badge: exchange.headers.length },
    { id: 'sent', label: 'Sent' },
    { id: 'timeline', label: 'Timeline' },
  ];
  const counts = checks === null ? null : checkCounts(checks.outcome);
  const summary = checks === null ? null : checksSummary(checks.outcome);
  if (checks !== null) {
    tabs.push({
      id: 'checks',
      label: 'Checks',
      badge: counts && counts.total > 0 ? `${counts.passed}/${counts.total}` : undefined,
      alert: counts !== null && counts.passed < counts.total,
    });
  }
  if (explanation !== null) tabs.push({ id: 'explanation', label: 'Explanation', alert: true });
  const shownTab =
    (tab === 'explanation' && explanation === null) || (tab === 'checks' && checks === null)
      ? 'body'
      : tab;

  const noBody = exchange.bodyText === '' && exchange.bodyBase64 === undefined;
  const bodyActions = (
    <>
      <span role="status" class="muted">
        {copied}
      </span>
      <button
        type="button"
        disabled={noBody}
        onClick={async () =>
          setCopied(
            (await copyText(exchange.bodyText)) ? 'Body copied.' : 'Copying failed: use Save body.',
          )
        }
      >
        Copy body
      </button>
      <button type="button" disabled={noBody} onClick={() => setCopied(saveBody(exchange))}>
        Save body
      </button>
    </>
  );

  return (
    <div class="response-view">
      <div class="status-bar row">
        <strong class={`status ${statusClass}`} title={meaning}>
          {exchange.status} {exchange.statusText}
        </strong>
        <span>{exchange.durationMs} ms</span>
        <span>{describeSize(exchange)}</span>
        {summary !== null && counts !== null && (
          <span class={`status ${counts.passed === counts.total ? 'good' : 'bad'}`}>{summary}</span>
        )}
        {/* Last, whole: it wraps to a line of its own rather than being cut. */}
        <span class="muted status-meaning">{meaning}</span>
      </div>
      {exchange.tokenRenewed && (
        <p class="notice notice-warn" role="status">
          The first attempt was refused for its token; the call was sent again with a new token.
        </p>
      )}
      {exchange.truncated && (
        <p class="notice notice-warn" role="status">
          The body is larger than the panel keeps ({describeSize(exchange)}): showing its first{' '}
          {formatBytes(exchange.bodyBytes)}.
        </p>
      )}
      <Tabs
        label="Response"
        tabs={tabs}
        selected={shownTab}
        onSelect={onTab}
        end={shownTab === 'body' && bodyActions}
      >
        {shownTab === 'body' && <BodyView exchange={exchange} />}
        {shownTab === 'headers' && (
          <HeaderList headers={exchange.headers} label="Response headers" />
        )}
        {shownTab === 'sent' && (
          <>
            <p>
              <code>
                {exchange.request.method} {exchange.request.url}
              </code>
            </p>
            <SentHeaders set={exchange.request.headers} wire={exchange.request.wire} level={4} />
            {call.body !== '' && (
              <>
                <h3>Body, as composed</h3>
                <pre class="body">{call.body}</pre>
              </>
            )}
          </>
        )}
        {shownTab === 'checks' && checks !== null && <ChecksView checks={checks} />}
        {shownTab === 'timeline' && (
          <TimelineView steps={timeline} report={{ call, exchange, at }} />
        )}
        {shownTab === 'explanation' && explanation !== null && (
          <ExplanationView explanation={explanation}>
            <SupportReport source={{ kind: 'answer', exchange, call, atMs: at }} />
          </ExplanationView>
        )}
      </Tabs>
    </div>
  );
}
