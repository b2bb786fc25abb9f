/**
 * The collections slice's shape and actions: the saved collections as the worker last answered
 * them, the last error an action on them met (shown above the list and in Save request), and an
 * import on its way (reading the file, a name clash asked about, the choice for an OpenAPI
 * document's operations outside /v1, the summary of what came along), and what the Collections tab
 * shows over them that must outlive its views (the dialog open, a deleted collection offered back,
 * a run, which collections and folders are open, the status line after an export). Its reducer is
 * collections-slice.ts; the
 * view's commands are collections-view.ts.
 */
import type { Collection, CollectionItem, Folder } from '../collections/model';
import type { FileImport } from '../formats/import-file';
import type { OpenApiImport } from '../formats/openapi/openapi-import';
import type { ProfilePrefill } from '../service/profile/profile-input';
import type { AppError } from '../vocabulary/errors';

/** A collection the panel read itself (OpenAPI, a Bruno zip or folder), with what OpenAPI suggests. */
export type ParsedImport = FileImport &
  Partial<Pick<OpenApiImport, 'suggestedAuth' | 'suggestedBaseUrl'>>;

/** What an import waits on while a name clash is asked about: its text, or what the panel read. */
export type PendingImport = { text: string } | { parsed: ParsedImport };

/** What an import did, in lines, and the profile an OpenAPI document suggests. */
export interface ImportSummaryLines {
  lines: string[];
  suggested: ProfilePrefill | null;
}

export interface ImportProgress {
  /** A picked file or folder is being read. */
  reading: boolean;
  /** A collection of that name exists: Replace, Keep both or Cancel. */
  clash: { name: string; pending: PendingImport } | null;
  /** An OpenAPI document with operations outside /v1: import them under /v1, or leave them out. */
  outside: { text: string; parsed: OpenApiImport } | null;
  summary: ImportSummaryLines | null;
}

/** The dialog open over the collections: an edit (the panel's CollectionDialogs), or Export for Bruno. */
export type CollectionDialog =
  | { kind: 'rename'; collection: Collection; item: CollectionItem }
  | { kind: 'new-folder'; collection: Collection; parentId: string | null; parentName: string }
  | { kind: 'move'; collection: Collection; item: CollectionItem; parentId: string | null }
  | { kind: 'delete'; collection: Collection; item: CollectionItem }
  | { kind: 'delete-collection'; collection: Collection }
  | { kind: 'bruno-export'; collection: Collection };

/** The status line after an export: the file saved, and for Bruno the command that runs it. */
export interface ExportSaved {
  message: string;
  command: string | null;
}

export interface CollectionsView {
  dialog: CollectionDialog | null;
  /** A collection just deleted, offered back for a few seconds. */
  deleted: Collection | null;
  /** A collection (or one of its folders) whose run is open. */
  running: { collection: Collection; folder: Folder | null } | null;
  /** The open folders of each collection, by collection id. */
  expanded: ReadonlyMap<string, ReadonlySet<string>>;
  /** The ids of the collections closed (their tree hidden). */
  closed: ReadonlySet<string>;
  /** The last export of each collection, by collection id. */
  exported: Readonly<Record<string, ExportSaved>>;
}

export interface CollectionsSlice {
  list: Collection[];
  error: AppError | null;
  import: ImportProgress;
  view: CollectionsView;
}

export type CollectionsAction =
  | { type: 'collections/listed'; list: Collection[] }
  /** Saved (a new one is added at the end, an edited one stays in its place). */
  | { type: 'collections/saved'; collection: Collection }
  | { type: 'collections/error'; error: AppError | null }
  | { type: 'collections/import'; set: Partial<ImportProgress> }
  /** The tab's view changed (computed by collections-view.ts, loaded with the tab). */
  | { type: 'collections/view'; set: Partial<CollectionsView> };

export const NO_IMPORT: ImportProgress = {
  reading: false,
  clash: null,
  outside: null,
  summary: null,
};

export const NO_VIEW: CollectionsView = {
  dialog: null,
  deleted: null,
  running: null,
  expanded: new Map(),
  closed: new Set(),
  exported: {},
};

export const EMPTY_COLLECTIONS: CollectionsSlice = {
  list: [],
  error: null,
  import: NO_IMPORT,
  view: NO_VIEW,
};
