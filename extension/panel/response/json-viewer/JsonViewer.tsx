/**
 * The response body viewer: a JSON body as a collapsible, searchable tree or as raw text. Every
 * literal shows exactly as sent (the viewer reads the text, it never parses it into numbers), and
 * a 10 MB body stays responsive: one validating scan, then work only for what is on screen. Raw
 * is pretty-printed, or with **As received** the text exactly as it came. Text that is not JSON
 * is shown raw, with a note saying where it breaks.
 *
 * To try it by hand: send a request whose answer is JSON and open its body; or run the e2e test
 * tests/e2e/json-viewer.spec.ts, which mounts this component alone.
 */
import type { JSX } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import { type JsonOutline, outlineJson } from '../../../../src/json-text/json-outline';
import { PrettyText, RawText } from './RawText';
import { TreeView } from './TreeView';
import './JsonViewer.css';

/** A fresh TreeView for each body: its expansion state means nothing for another text. */
const outlineKeys = new WeakMap<JsonOutline, number>();
let lastKey = 0;
function keyOf(outline: JsonOutline): number {
  let key = outlineKeys.get(outline);
  if (key === undefined) {
    lastKey += 1;
    key = lastKey;
    outlineKeys.set(outline, key);
  }
  return key;
}

export function JsonViewer({ text }: { text: string }): JSX.Element {
  const result = useMemo(() => outlineJson(text), [text]);
  // Which view, and whether Raw shows the text as received (kept while the tree is shown).
  const [{ view, asReceived }, setShown] = useState<{ view: 'tree' | 'raw'; asReceived: boolean }>({
    view: 'tree',
    asReceived: false,
  });
  if (!result.ok) {
    const { line, column, message } = result.error;
    return (
      <div class="json-viewer">
        <p class="notice notice-warn" role="note">
          This body is not valid JSON ({message}, line {line}, column {column}), so it is shown as
          raw text.
        </p>
        <RawText text={text} />
      </div>
    );
  }
  return (
    <div class="json-viewer">
      <fieldset class="jv-toolbar jv-views" aria-label="Body view">
        <button
          type="button"
          aria-pressed={view === 'tree'}
          onClick={() => setShown({ view: 'tree', asReceived })}
        >
          Tree
        </button>
        <button
          type="button"
          aria-pressed={view === 'raw'}
          onClick={() => setShown({ view: 'raw', asReceived })}
        >
          Raw
        </button>
        {view === 'raw' && (
          <label class="jv-as-received" title="The body's text exactly as it came, not indented">
            <input
              type="checkbox"
              checked={asReceived}
              onChange={(e) => setShown({ view, asReceived: e.currentTarget.checked })}
            />
            As received
          </label>
        )}
      </fieldset>
      {/* Kept mounted while hidden, so the Raw view does not lose the tree's state. */}
      <div class="jv-tree-host" hidden={view !== 'tree'}>
        <TreeView key={keyOf(result.outline)} outline={result.outline} />
      </div>
      {view === 'raw' && (asReceived ? <RawText text={text} /> : <PrettyText text={text} />)}
    </div>
  );
}
