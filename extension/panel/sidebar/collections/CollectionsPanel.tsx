/**
 * The saved collections: search, import (a collection file, in our format or Postman's, or a
 * pasted cURL command), and per collection its tree, a new folder, the exports and deletion.
 * Exports go through the worker's secret linter; imports through full validation first, and a
 * name clash asks whether to replace, keep both or cancel.
 */
import { useState } from 'preact/hooks';
import { addFolder, searchItems } from '../../../../src/collections/collection-ops';
import type { Collection, SavedRequest } from '../../../../src/collections/model';
import { downloadText } from '../../ui/download';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { ask } from '../../worker-client';
import { CollectionTree } from './CollectionTree';
import type { CollectionsState } from './use-collections';

interface Props {
  state: CollectionsState;
  openId: string | null;
  dirty: boolean;
  onOpen: (collection: Collection, request: SavedRequest) => void;
}

const MAX_SHOWN_HITS = 100;

export function CollectionsPanel({ state, openId, dirty, onOpen }: Props) {
  const [query, setQuery] = useState('');
  const [clash, setClash] = useState<{ name: string; text: string } | null>(null);
  const [summary, setSummary] = useState<string[] | null>(null);

  async function importText(text: string, onClash: 'ask' | 'replace' | 'keep-both') {
    setClash(null);
    const reply = await ask('collections/import', { text, onClash });
    if (!reply.ok) return state.setError(reply.error);
    if (reply.value.outcome === 'clash') return setClash({ name: reply.value.name, text });
    state.setError(null);
    setSummary([`Imported “${reply.value.name}”.`, ...reply.value.summary]);
    await state.reload();
  }

  async function onFile(event: Event) {
    const input = event.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (file !== undefined) await importText(await file.text(), 'ask');
  }

  async function exportAs(collection: Collection, format: 'native' | 'postman') {
    const reply = await ask('collections/export', { id: collection.id, format });
    if (!reply.ok) return state.setError(reply.error);
    state.setError(null);
    downloadText(reply.value.fileName, reply.value.text);
  }

  function newFolder(collection: Collection) {
    const name = globalThis.prompt('Name of the new folder');
    if (name)
      void state.save(
        addFolder(collection, null, { kind: 'folder', id: crypto.randomUUID(), name, items: [] }),
      );
  }

  return (
    <section aria-label="Collections" class="collections">
      <h2>Collections</h2>
      <input
        type="search"
        aria-label="Search requests"
        placeholder="Search requests"
        value={query}
        onInput={(e) => setQuery(e.currentTarget.value)}
      />
      <label class="file-button">
        Import collection
        <input type="file" accept=".json,application/json" onChange={onFile} />
      </label>
      {state.error && <ErrorNotice error={state.error} />}
      {clash && (
        <div role="dialog" aria-label="Name clash" class="notice notice-warn">
          <p>A collection named “{clash.name}” already exists.</p>
          <button type="button" onClick={() => importText(clash.text, 'replace')}>
            Replace
          </button>
          <button type="button" onClick={() => importText(clash.text, 'keep-both')}>
            Keep both
          </button>
          <button type="button" onClick={() => setClash(null)}>
            Cancel
          </button>
        </div>
      )}
      {summary && (
        <ul role="status" aria-label="Import summary" class="notice">
          {summary.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {state.collections.length === 0 && <p class="muted">No collections yet: use Save request.</p>}
      {state.collections.map((collection) => {
        const hits = query.trim() === '' ? null : searchItems(collection, query);
        // A broad search shows its first matches only: thousands of rows would make typing lag.
        const shown = hits?.slice(0, MAX_SHOWN_HITS) ?? null;
        const visible =
          shown === null ? null : new Set(shown.flatMap((hit) => [hit.id, ...hit.folderIds]));
        if (visible !== null && visible.size === 0) return null;
        return (
          <details key={collection.id} open>
            <summary>{collection.name}</summary>
            {/* Scoped by this group: several collections each have an "Export collection". */}
            <div class="toolbar">
              <button
                type="button"
                onClick={() => newFolder(collection)}
                aria-label={`New folder in ${collection.name}`}
              >
                New folder
              </button>
              <button type="button" onClick={() => exportAs(collection, 'native')}>
                Export collection
              </button>
              <button type="button" onClick={() => exportAs(collection, 'postman')}>
                Export for Postman
              </button>
              <button
                type="button"
                class="danger"
                aria-label={`Delete collection ${collection.name}`}
                onClick={() =>
                  globalThis.confirm(`Delete the collection “${collection.name}”?`) &&
                  state.remove(collection.id)
                }
              >
                Delete
              </button>
            </div>
            {hits !== null && hits.length > MAX_SHOWN_HITS && (
              <p class="muted" role="status">
                Showing {MAX_SHOWN_HITS} of {hits.length} matches: refine the search.
              </p>
            )}
            <CollectionTree
              collection={collection}
              state={state}
              visible={visible}
              openId={openId}
              dirty={dirty}
              onOpen={onOpen}
            />
          </details>
        );
      })}
    </section>
  );
}
