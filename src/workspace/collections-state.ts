/**
 * The collections slice's shape and actions: the saved collections as the worker last answered
 * them, the last error an action on them met (shown above the list and in Save request), and an
 * import on its way (reading the file, a name clash asked about, the choice for an OpenAPI
 * document's operations outside /v1, the summary of what came along). Its reducer is
 * collections-slice.ts.
 */
import type { Collection } from '../collections/model';
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

export interface CollectionsSlice {
  list: Collection[];
  error: AppError | null;
  import: ImportProgress;
}

export type CollectionsAction =
  | { type: 'collections/listed'; list: Collection[] }
  /** Saved (a new one is added at the end, an edited one stays in its place). */
  | { type: 'collections/saved'; collection: Collection }
  | { type: 'collections/error'; error: AppError | null }
  | { type: 'collections/import'; set: Partial<ImportProgress> };

export const NO_IMPORT: ImportProgress = {
  reading: false,
  clash: null,
  outside: null,
  summary: null,
};

export const EMPTY_COLLECTIONS: CollectionsSlice = { list: [], error: null, import: NO_IMPORT };
