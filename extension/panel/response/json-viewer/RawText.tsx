/**
 * The body as text: exactly as received, or (JSON the viewer's scan found valid) pretty-printed
 * with two-space indentation, its literals as sent. Laying out megabytes of text in one go freezes
 * the panel, so a body over RAW_WHOLE_LIMIT characters is shown a chunk at a time, on request;
 * pretty-printing goes a chunk at a time too, never over the whole body up front.
 */
import { useMemo, useState } from 'preact/hooks';
import { type IndentCursor, reindentChunk, START } from '../../../../src/json-text/json-indent';

export const RAW_WHOLE_LIMIT = 1_000_000;
export const RAW_CHUNK = 256 * 1024;
/**
 * Pretty-printed text breaks into a line every few dozen characters, and laying out lines is what
 * costs: it is shown whole up to a fifth of the raw limit, and a chunk of it is a quarter of a raw
 * one.
 */
export const PRETTY_WHOLE_LIMIT = 200_000;
export const PRETTY_CHUNK = 64 * 1024;

const format = (count: number) => count.toLocaleString('en-US');

/** The end of the next chunk, never splitting a surrogate pair. */
function chunkEnd(text: string, from: number): number {
  const end = Math.min(text.length, from + RAW_CHUNK);
  const last = text.charCodeAt(end - 1);
  return end < text.length && last >= 0xd800 && last <= 0xdbff ? end - 1 : end;
}

function initialShown(text: string): number {
  return text.length <= RAW_WHOLE_LIMIT ? text.length : chunkEnd(text, 0);
}

export function RawText({ text, label = 'Body (raw)' }: { text: string; label?: string }) {
  const [state, setState] = useState({ text, shown: initialShown(text) });
  const shown = state.text === text ? state.shown : initialShown(text);
  return (
    <section aria-label={label}>
      <pre class="body">{text.slice(0, shown)}</pre>
      {shown < text.length && (
        <p class="muted">
          Showing the first {format(shown)} of {format(text.length)} characters.{' '}
          <button type="button" onClick={() => setState({ text, shown: chunkEnd(text, shown) })}>
            Show more
          </button>
        </p>
      )}
    </section>
  );
}

interface Pretty {
  text: string;
  shown: string;
  next: IndentCursor | null;
}

function prettyStart(text: string): Pretty {
  const budget = text.length <= PRETTY_WHOLE_LIMIT ? Number.POSITIVE_INFINITY : PRETTY_CHUNK;
  const { out, next } = reindentChunk(text, START, budget);
  return { text, shown: out, next };
}

/** Valid JSON `text`, pretty-printed: the first chunk at once, the rest on request. */
export function PrettyText({ text, label = 'Body (raw)' }: { text: string; label?: string }) {
  const start = useMemo(() => prettyStart(text), [text]);
  const [more, setMore] = useState<Pretty | null>(null);
  const pretty = more !== null && more.text === text ? more : start;
  const { next } = pretty;
  return (
    <section aria-label={label}>
      <pre class="body">{pretty.shown}</pre>
      {next !== null && (
        <p class="muted">
          Pretty-printed up to character {format(next.at)} of {format(text.length)}.{' '}
          <button
            type="button"
            onClick={() => {
              const chunk = reindentChunk(text, next, PRETTY_CHUNK);
              setMore({ text, shown: pretty.shown + chunk.out, next: chunk.next });
            }}
          >
            Show more
          </button>
        </p>
      )}
    </section>
  );
}
