/**
 * Quick search (Ctrl/Cmd+K): one box over the saved requests of every collection and the active
 * profile's history. Arrows choose, Enter opens into the composer, Escape closes. The WAI-ARIA
 * combobox pattern: focus stays in the box, the chosen option is its active descendant.
 */
import { useEffect, useState } from 'preact/hooks';
import { findItem, pathHolds, searchItems } from '../../../src/collections/collection-search';
import type { Collection, SavedRequest } from '../../../src/collections/model';
import type { HistoryEntry } from '../../../src/service/storage/history';
import type { SavedAnswer } from '../../../src/service/storage/saved-answers';
import { historyAnswer, listHistory } from '../../../src/workspace/history/history-commands';
import { useStore } from '../state/store';
import { deps } from '../state/workspace';
import { Dialog } from '../ui/Dialog';

interface Props {
  profileId: string;
  onOpenSaved: (collectionId: string, request: SavedRequest) => void;
  onOpenEntry: (entry: HistoryEntry, answer: SavedAnswer | null) => void;
  onClose: () => void;
}

type Option =
  | {
      kind: 'saved';
      key: string;
      text: string;
      detail: string;
      collectionId: string;
      request: SavedRequest;
    }
  | { kind: 'history'; key: string; text: string; detail: string; entry: HistoryEntry };

const MAX_OPTIONS = 50;

function options(query: string, collections: Collection[], history: HistoryEntry[]): Option[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const saved: Option[] = collections.flatMap((collection) =>
    searchItems(collection, query.trim() === '' ? ' ' : query)
      .filter((hit) => hit.kind === 'request')
      .flatMap((hit) => {
        const request = findItem(collection, hit.id)?.item;
        return request?.kind !== 'request'
          ? []
          : [
              {
                kind: 'saved' as const,
                key: `saved-${collection.id}-${hit.id}`,
                text: `${request.method} ${request.name}`,
                detail: `/v1/${request.path} · ${[collection.name, ...hit.folderPath].join(' / ')}`,
                collectionId: collection.id,
                request,
              },
            ];
      }),
  );
  const past: Option[] = history
    .filter((entry) =>
      words.every((word) => pathHolds(entry.path, word) || entry.method.toLowerCase() === word),
    )
    .map((entry) => ({
      kind: 'history' as const,
      key: `history-${entry.id}`,
      text: `${entry.method} /v1/${entry.path}`,
      detail: `history, ${new Date(entry.at).toLocaleTimeString()}, ${entry.status ?? entry.errorCode ?? ''}`,
      entry,
    }));
  return [...saved, ...past].slice(0, MAX_OPTIONS);
}

/** What is typed, this profile's history as the worker keeps it, the option the keys are on. */
interface Shown {
  query: string;
  history: HistoryEntry[];
  active: number;
}

export function QuickSearch({ profileId, onOpenSaved, onOpenEntry, onClose }: Props) {
  const collections = useStore((state) => state.collections.list);
  const [{ query, history, active }, setShown] = useState<Shown>({
    query: '',
    history: [],
    active: 0,
  });
  const show = (change: Partial<Shown>) => setShown((before) => ({ ...before, ...change }));

  useEffect(() => {
    void listHistory(deps, profileId).then((list) => {
      if (list.ok) show({ history: list.value });
    });
  }, []);

  const found = options(query, collections, history);
  const current = found[Math.min(active, found.length - 1)];

  async function choose(option: Option | undefined) {
    if (option === undefined) return;
    onClose();
    if (option.kind === 'saved') onOpenSaved(option.collectionId, option.request);
    else {
      onOpenEntry(option.entry, await historyAnswer(deps, profileId, option.entry.id));
    }
    // The opened call is in the composer: continue from its path.
    queueMicrotask(() => document.getElementById('path')?.focus());
  }

  function onKeyDown(event: KeyboardEvent) {
    const step = (by: number) =>
      setShown((before) => ({
        ...before,
        active: Math.max(0, Math.min(found.length - 1, before.active + by)),
      }));
    if (event.key === 'ArrowDown') step(1);
    else if (event.key === 'ArrowUp') step(-1);
    else if (event.key === 'Enter') void choose(current);
    else return;
    event.preventDefault();
  }

  return (
    <Dialog title="Quick search" onClose={onClose} class="quick-search">
      <input
        autoComplete="off"
        type="text"
        // biome-ignore lint/a11y/noRedundantRoles: without a datalist the input is a textbox; the role makes it the combobox the pattern needs (Preact's types ask for a list prop with it)
        role="combobox"
        list={undefined}
        aria-label="Search saved requests and history"
        aria-expanded={found.length > 0}
        aria-controls="quick-search-options"
        aria-activedescendant={current ? `qs-${current.key}` : undefined}
        placeholder="Type a name, a path or a method"
        value={query}
        onInput={(e) => {
          show({ query: e.currentTarget.value, active: 0 });
        }}
        onKeyDown={onKeyDown}
      />
      <div id="quick-search-options" role="listbox" aria-label="Matches" class="quick-options">
        {found.map((option) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard chooses options from the combobox (aria-activedescendant), as the WAI-ARIA combobox pattern has it
          <div
            key={option.key}
            id={`qs-${option.key}`}
            role="option"
            tabIndex={-1}
            aria-selected={option === current}
            onClick={() => void choose(option)}
          >
            <span>{option.text}</span> <span class="muted">{option.detail}</span>
          </div>
        ))}
      </div>
      {found.length === 0 && (
        <p class="muted" role="status">
          Nothing matches “{query.trim()}” in the saved requests or this profile’s history.
        </p>
      )}
    </Dialog>
  );
}
