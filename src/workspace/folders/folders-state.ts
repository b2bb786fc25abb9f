/**
 * The folders slice's shape and its one action: what each collection kept in a folder shows under
 * its name in the sidebar (synced and in which format, a click needed to reconnect, a conflict
 * with what each answer does to the folder, an error). Written only by the folder sync
 * (folder-sync.ts); its reducer is folders-slice.ts. What the sync knows besides (the record of the
 * last sync, a conflict's files) is not shown, so it stays with the sync.
 */
import type { ConflictAnswers } from '../../formats/opencollection/folder-sync-plan';

export type FolderView =
  /**
   * `notes`: what the last read from the folder could not take (scripts, other auth, …);
   * `format`: the format the folder is kept in, in words.
   */
  | { state: 'synced'; folder: string; format: string; notes?: string[] }
  | { state: 'needs-permission'; folder: string }
  /**
   * `answers`: every file each answer would write or remove in the folder; `problem`: why the
   * last choice could not be carried out.
   */
  | {
      state: 'conflict';
      folder: string;
      paths: string[];
      answers: ConflictAnswers;
      problem?: string;
    }
  | { state: 'error'; folder: string; message: string };

export interface FoldersSlice {
  /** By collection id; a collection kept in no folder has none. */
  views: Readonly<Record<string, FolderView>>;
}

/** A collection's view shown, or (null) gone with its connection. */
export type FoldersAction = {
  type: 'folders/shown';
  collectionId: string;
  view: FolderView | null;
};

export const EMPTY_FOLDERS: FoldersSlice = { views: {} };
