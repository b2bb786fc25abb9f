/** Shows one exchange: status, time, size, headers, and the body (pretty-printed when JSON). */
import type { HttpExchange } from '../../../src/service/execute';
import { statusMeaning } from '../../../src/service/http-status';
import { originOnWire } from '../../../src/service/origin-refusal';
import { describeSize, formatBytes } from '../../../src/service/response-format';
import { explainServiceError } from '../../../src/service/service-error';
import { HeaderList } from '../ui/HeaderList';
import { SentHeaders } from '../ui/SentHeaders';
import { BodyView } from './BodyView';

export function ResponseView({ exchange }: { exchange: HttpExchange }) {
  const statusClass = exchange.status >= 400 ? 'bad' : exchange.status >= 300 ? 'warn' : 'good';
  const contentType =
    exchange.headers.find((h) => h.name.toLowerCase() === 'content-type')?.value ?? '';
  const serviceError = explainServiceError(
    exchange.status,
    contentType,
    exchange.bodyText,
    originOnWire(exchange.request.wire),
  );
  return (
    <>
      <dl class="status-line">
        <div>
          <dt>Status</dt>
          <dd class={`status ${statusClass}`} title={statusMeaning(exchange.status)}>
            {exchange.status} {exchange.statusText}
          </dd>
          <dd class="muted">{statusMeaning(exchange.status)}</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd>{exchange.durationMs} ms</dd>
        </div>
        <div>
          <dt>Size</dt>
          <dd>{describeSize(exchange)}</dd>
        </div>
        <div class="url">
          <dt>Request</dt>
          <dd title={exchange.request.url}>
            {exchange.request.method} {exchange.request.url}
          </dd>
        </div>
      </dl>
      {serviceError && (
        <div class="notice notice-error" role="alert">
          <strong>The service said: {serviceError.said}</strong>
          <p>{serviceError.advice}</p>
        </div>
      )}
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
      <details>
        <summary>Response headers ({exchange.headers.length})</summary>
        <HeaderList headers={exchange.headers} />
      </details>
      <details>
        <summary>Request headers sent ({exchange.request.headers.length})</summary>
        <SentHeaders set={exchange.request.headers} wire={exchange.request.wire} />
      </details>
      <BodyView exchange={exchange} />
    </>
  );
}
