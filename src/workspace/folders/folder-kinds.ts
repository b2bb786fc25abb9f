/**
 * The two formats a connected folder speaks, as folder-sync.ts uses them: OpenCollection YAML
 * (Bruno; the folder is the collection) and Postman 12's collection schema v3 (the folder holds
 * `postman/collections/<Collection>/…`; src/formats/postman-v3/postman-v3-folder.ts). Each says
 * what to read, where the collection is, which files are its own, what the panel's side writes
 * (the worker's export) and how files read back into a collection. The sync itself (three-way
 * plan, writes, conflicts, locks) is the same for both.
 */
import type { FileImport } from '../../formats/import-file';
import { collectionFiles, type FileMap } from '../../formats/opencollection/folder-sync-plan';
import type { FolderHandle } from '../../formats/opencollection/opencollection-folder-io';
import {
  type FileStamp,
  type FolderRead,
  readFolderChanges,
} from '../../formats/opencollection/opencollection-folder-read';
import type { CollectionFile } from '../../formats/opencollection/opencollection-format';
import { importOpenCollection } from '../../formats/opencollection/opencollection-import';
import type { FolderFormat } from '../../formats/postman-v3/folder-format';
import {
  keptCollectionDir,
  postmanV3CollectionFiles,
  postmanV3FolderFiles,
  readPostmanV3Folder,
  wantedCollectionDir,
} from '../../formats/postman-v3/postman-v3-folder';
import { importPostmanV3 } from '../../formats/postman-v3/postman-v3-import';
import type { Result } from '../../vocabulary/errors';
import type { Ask } from '../ask';

export interface FolderKind {
  format: FolderFormat;
  /** The folder's files this format looks at, reading only those changed since `known`. */
  read(root: FolderHandle, known?: ReadonlyMap<string, FileStamp>): Promise<FolderRead>;
  /**
   * Where in the folder the collection is ('' for the whole folder). `name`: the collection's
   * name, asked only when the last sync's record (`seen`) does not say.
   */
  place(seen: FileMap, name: () => Promise<string>): Promise<string>;
  /** The collection's own files among the folder's. */
  own(files: readonly CollectionFile[], seen: FileMap, place: string): Map<string, string>;
  /** The panel's side: the collection's files as the folder should hold them, or why not. */
  local(ask: Ask, collectionId: string, place: string): Promise<FileMap | string>;
  /** The collection the files hold. `written`: files the panel wrote itself. */
  collectionOf(
    files: readonly CollectionFile[],
    written: ReadonlySet<string>,
    newId: () => string,
  ): Result<FileImport>;
}

const notWritten = (message: string, hint: string) =>
  `Not written to the folder: ${message} ${hint}`;

const openCollection: FolderKind = {
  format: 'opencollection',
  read: (root, known) => readFolderChanges(root, known),
  place: async () => '',
  own: (files, seen) => collectionFiles(files, seen),
  async local(ask, collectionId) {
    const reply = await ask('collections/export-folder', { id: collectionId });
    if (!reply.ok) return notWritten(reply.error.message, reply.error.hint);
    return new Map(reply.value.files.map(({ path, text }) => [path, text]));
  },
  collectionOf: (files, written, newId) => importOpenCollection(files, newId, written),
};

const postmanV3: FolderKind = {
  format: 'postman-v3',
  /** Only `postman/` is read (a repository's other files are not the collection's). */
  read: (root, known) => readPostmanV3Folder(root, known),
  place: async (seen, name) =>
    keptCollectionDir(seen.keys(), seen.size > 0 ? '' : wantedCollectionDir(await name())),
  own: (files, seen, place) => postmanV3CollectionFiles(files, seen, place),
  async local(ask, collectionId, place) {
    const reply = await ask('collections/export', { id: collectionId, format: 'postman' });
    if (!reply.ok) return notWritten(reply.error.message, reply.error.hint);
    return postmanV3FolderFiles(reply.value.text, place);
  },
  collectionOf: (files, _written, newId) => importPostmanV3(files, newId),
};

export const FOLDER_KINDS: Record<FolderFormat, FolderKind> = {
  opencollection: openCollection,
  'postman-v3': postmanV3,
};
