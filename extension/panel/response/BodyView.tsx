/**
 * The response body, by kind: JSON as a tree (lazy-loaded, it is the heaviest part of the panel),
 * images as an image, HTML as text with an optional preview in a sandboxed frame where no script
 * runs, anything else as text.
 */
import { useState } from 'preact/hooks';
import type { HttpExchange } from '../../../src/service/call/execute';
import { lazyComponent } from '../ui/lazy';
import { contentTypeOf } from './content-type';
import { RawText } from './json-viewer/RawText';

const JsonViewer = lazyComponent(
  () => import('./json-viewer/JsonViewer').then((module) => module.JsonViewer),
  <p class="muted">Loading the JSON viewer…</p>,
);

function looksLikeJson(exchange: HttpExchange, contentType: string): boolean {
  if (/[/+]json\b/i.test(contentType)) return true;
  return contentType === '' && /^\s*[[{]/.test(exchange.bodyText);
}

export function BodyView({ exchange }: { exchange: HttpExchange }) {
  const [preview, setPreview] = useState(false);
  const contentType = contentTypeOf(exchange);
  if (exchange.bodyBase64 !== undefined) {
    return (
      <section aria-label="Body (image)">
        <img
          class="body-image"
          alt={`The response body (${contentType})`}
          src={`data:${contentType};base64,${exchange.bodyBase64}`}
        />
      </section>
    );
  }
  if (exchange.bodyText === '') return <p class="muted">(empty body)</p>;
  if (!exchange.truncated && looksLikeJson(exchange, contentType)) {
    return <JsonViewer text={exchange.bodyText} />;
  }
  const isHtml = /html/i.test(contentType);
  return (
    <>
      {isHtml && (
        <button type="button" aria-pressed={preview} onClick={() => setPreview(!preview)}>
          Preview HTML (scripts disabled)
        </button>
      )}
      {isHtml && preview ? (
        <iframe class="body-html" title="HTML preview" sandbox="" srcdoc={exchange.bodyText} />
      ) : (
        <RawText text={exchange.bodyText} label="Body" />
      )}
    </>
  );
}
