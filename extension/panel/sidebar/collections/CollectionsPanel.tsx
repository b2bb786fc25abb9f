/**
 * The saved collections (the sidebar's Collections tab): search, import (a collection file, in our
 * format or Postman's, OpenAPI, HAR, or a Bruno folder as a zip or picked as a folder), and each collection with its actions (new folder, the exports, delete)
 * and its tree. Edits open in-panel dialogs; their code (and the collection rules) loads on first
 * use. Exports go through the worker's secret linter; imports (src/workspace/collection-import.ts)
 * through full validation first. A deleted collection is offered back for a few seconds. The
 * dialog open, a run, the open folders and the offer to undo a delete are the store's
 * (src/workspace/collections-state.ts), so they outlive this view.
 */
import { useEffect, useState } from 'preact/hooks';
import { searchItems, type TreeRow } from '../../../../src/collections/collection-search';
import type { Collection, SavedRequest } from '../../../../src/collections/model';
import {
  dismissSummary,
  importFile,
  importFolder,
  resolveClash,
  resolveOutside,
} from '../../../../src/workspace/collection-import';
import {
  showCollections,
  toggleOpen,
  undoDelete,
} from '../../../../src/workspace/collections-view';
import { requestOf } from '../../../../src/workspace/request-slice';
import { useStore } from '../../state/store';
import { dirtyOf, openSaved } from '../../state/workbench-intents';
import { collections, deps } from '../../state/workspace';
import { rowDomId } from '../../ui/CollectionTree';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { lazyComponent } from '../../ui/lazy';
import { Menu } from '../../ui/Menu';
import { SearchField } from '../../ui/SearchField';
import { useWideView } from '../../ui/WideView';
import { CollectionBlock } from './CollectionBlock';
import { DeletedNotice } from './DeletedNotice';
import { ImportSummary } from './ImportSummary';
import { OutsideV1Choice } from './OutsideV1Choice';
import { rowMenu } from './row-menu';

const RunView = lazyComponent(() => import('../run/RunView').then((module) => module.RunView));

const CollectionDialogs = lazyComponent(() =>
  import('./CollectionDialogs').then((module) => module.CollectionDialogs),
);

/** A broad search shows its first matches only: thousands of rows would make typing lag. */
const MAX_SHOWN_HITS = 100;

type OpenMenu = { collection: Collection; row: TreeRow; at: { x: number; y: number } };

export function CollectionsPanel() {
  const profileId = useStore((state) => state.profiles.activeId) ?? '';
  // The saved request in the composer, and whether the composer changed it.
  const openId = useStore((state) => requestOf(state, profileId).opened?.request.id ?? null);
  const dirty = useStore((state) => dirtyOf(state, profileId));
  const onOpen = (collection: Collection, saved: SavedRequest) =>
    openSaved(profileId, collection.id, saved);
  const { list, error } = useStore((state) => state.collections);
  const { reading, clash, outside, summary } = useStore((state) => state.collections.import);
  const { dialog, deleted, running, expanded } = useStore((state) => state.collections.view);
  const [query, setQuery] = useState('');
  const [menu, setMenu] = useState<OpenMenu | null>(null);

  // The summary needs more room than the sidebar: it opens across the main area.
  const showWide = useWideView();
  useEffect(() => {
    if (summary === null || showWide === null) return;
    showWide({
      id: 'import-summary',
      title: 'Import summary',
      body: <ImportSummary summary={summary} onDismiss={() => showWide(null)} />,
      onClose: () => dismissSummary(deps),
    });
  }, [summary]);

  const setDialog = (next: typeof dialog) => showCollections(deps, { dialog: next });
  const setRunning = (next: typeof running) => showCollections(deps, { running: next });

  const searching = query.trim() !== '';
  const blocks = list.map((collection) => {
    const hits = searching ? searchItems(collection, query) : null;
    const shown = hits?.slice(0, MAX_SHOWN_HITS) ?? null;
    const visible =
      shown === null ? null : new Set(shown.flatMap((hit) => [hit.id, ...hit.folderIds]));
    return { collection, hits, visible };
  });
  const matches = blocks.reduce((sum, block) => sum + (block.hits?.length ?? 0), 0);

  return (
    <section aria-label="Collections" class="collections">
      <div class="sidebar-tools">
        <SearchField label="Search requests" value={query} onQuery={setQuery} />
        <label class="file-button">
          <input
            type="file"
            accept=".json,.yaml,.yml,.har,.zip,application/json,application/yaml,application/zip"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (file !== undefined) void importFile(deps, file);
            }}
          />
          Import collection
        </label>
        <label class="file-button">
          <input
            type="file"
            ref={(input) => {
              if (input !== null) input.webkitdirectory = true;
            }}
            onChange={(event) => {
              const picked = [...(event.currentTarget.files ?? [])];
              event.currentTarget.value = '';
              if (picked.length > 0) void importFolder(deps, picked);
            }}
          />
          Import Bruno folder
        </label>
      </div>
      {reading && (
        <p class="muted" role="status">
          Reading the file…
        </p>
      )}
      {error && <ErrorNotice error={error} />}
      {deleted && (
        <DeletedNotice
          collection={deleted}
          onUndo={() => void undoDelete(deps, collections)}
          onGone={() => showCollections(deps, { deleted: null })}
        />
      )}
      {outside && (
        <OutsideV1Choice
          count={outside.parsed.outsideV1}
          onUnderV1={() => resolveOutside(deps, 'under-v1')}
          onLeaveOut={() => resolveOutside(deps, 'leave-out')}
          onCancel={() => resolveOutside(deps, 'cancel')}
        />
      )}
      {clash && (
        <div role="dialog" aria-label="Name clash" class="notice notice-warn">
          <p>A collection named “{clash.name}” already exists.</p>
          <div class="row">
            <button type="button" onClick={() => resolveClash(deps, 'replace')}>
              Replace
            </button>
            <button type="button" onClick={() => resolveClash(deps, 'keep-both')}>
              Keep both
            </button>
            <button type="button" onClick={() => resolveClash(deps, 'cancel')}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {summary && showWide === null && (
        <div class="notice notice-info">
          <ImportSummary summary={summary} onDismiss={() => dismissSummary(deps)} />
        </div>
      )}
      {list.length === 0 && (
        <p class="muted">No collections yet: compose a call and use Save request (Ctrl+S).</p>
      )}
      {searching && list.length > 0 && (
        <p class="muted" role="status">
          {matches === 0
            ? `No saved request matches “${query.trim()}”.`
            : matches > MAX_SHOWN_HITS
              ? `Showing the first ${MAX_SHOWN_HITS} of ${matches} matches: refine the search.`
              : `${matches} match${matches === 1 ? '' : 'es'}.`}
        </p>
      )}
      {blocks.map(({ collection, hits, visible }) =>
        hits !== null && hits.length === 0 ? null : (
          <CollectionBlock
            key={collection.id}
            collection={collection}
            visible={visible}
            expanded={expanded.get(collection.id) ?? new Set()}
            onToggle={(folderId) => toggleOpen(deps, collection.id, folderId)}
            openId={openId}
            dirty={dirty}
            onOpen={(request) => onOpen(collection, request)}
            onMenu={(row, at) => setMenu({ collection, row, at })}
            onDialog={setDialog}
            onRun={() => setRunning({ collection, folder: null })}
          />
        ),
      )}
      {menu && (
        <Menu
          label={`Actions for ${menu.row.item.name}`}
          at={menu.at}
          items={rowMenu(menu.collection, menu.row, {
            open: (request) => onOpen(menu.collection, request),
            dialog: setDialog,
            run: (folder) => setRunning({ collection: menu.collection, folder }),
          })}
          onClose={() => setMenu(null)}
          returnTo={() => document.getElementById(rowDomId(menu.collection.id, menu.row.item.id))}
        />
      )}
      {dialog && dialog.kind !== 'bruno-export' && (
        <CollectionDialogs dialog={dialog} onClose={() => setDialog(null)} />
      )}
      {running && <RunView collection={running.collection} folder={running.folder} />}
    </section>
  );
}
