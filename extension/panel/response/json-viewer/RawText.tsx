/**
 * The body exactly as received. Laying out megabytes of text in one go freezes the panel, so a
 * body over RAW_WHOLE_LIMIT characters is shown a chunk at a time, on request.
 */
import { useState } from 'preact/hooks';

export const RAW_WHOLE_LIMIT = 1_000_000;
const RAW_CHUNK = 256 * 1024;

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
  const format = (count: number) => count.toLocaleString('en-US');
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
