/**
 * Import collection: one picked file, whatever it is, to a collection and its summary, or to a
 * refusal that says what the file is. import-kind.ts tells the kind; a table routes each kind to
 * its importer (our native format, Postman, HAR), and a kind without one gets a refusal that names
 * it and says what to do, instead of a JSON syntax error about a YAML file. Adding an importer for
 * a kind is one row of the table. OpenAPI and Swagger documents are read in the panel (their
 * parser is large and loads only when one is picked; see openapi-import.ts): the worker, which
 * gets only the finished collection for them, refuses their text.
 */

import type { Collection } from '../collections/model';
import { importCollection } from '../collections/native-format';
import { fail, ok, type Result } from '../vocabulary/errors';
import { importHar } from './har/har-import';
import { describeKind, detectImportKind, type ImportKind } from './import-kind';
import { importPostman } from './postman/postman-import';

export interface FileImport {
  collection: Collection;
  /** One line a kind of part that was not imported or was changed; empty when all came along. */
  summary: string[];
}

type Importer = (text: string, newId: () => string) => Result<FileImport>;

function importNative(text: string): Result<FileImport> {
  const result = importCollection(text);
  return result.ok ? ok({ collection: result.value, summary: [] }) : result;
}

type Supported = 'native' | 'postman' | 'har' | 'json' | 'text' | 'empty';
type Unsupported = Exclude<ImportKind, { kind: Supported }>;

/**
 * The importer of each kind that is imported. JSON of no known kind, plain text and an empty file
 * go to the Postman import, whose messages name the problem (a syntax error and its place, a
 * missing info.schema, an empty file). Every other kind is refused by name, below.
 */
const IMPORTERS: Readonly<Record<Supported, Importer>> = {
  native: importNative,
  postman: importPostman,
  har: importHar,
  json: importPostman,
  text: importPostman,
  empty: importPostman,
};

function isSupported(kind: ImportKind): kind is Extract<ImportKind, { kind: Supported }> {
  return Object.hasOwn(IMPORTERS, kind.kind);
}

/** Why a kind is not imported, and what to do instead. */
function refusal(kind: Unsupported): ReturnType<typeof fail> {
  const what = describeKind(kind);
  switch (kind.kind) {
    case 'openapi':
    case 'swagger':
      return fail(
        'bad_message',
        `This looks like ${what}, which the panel reads before anything reaches storage.`,
        'Pick the file with Import collection in the panel’s Collections tab.',
      );
    case 'yaml':
      return fail(
        'bad_message',
        `This looks like ${what}, not a collection; importing YAML files is not supported yet.`,
        'Import a Partner API DevTools collection file or a Postman Collection v2.0/v2.1 export (JSON).',
      );
    case 'curl':
      return fail(
        'bad_message',
        `This looks like ${what}, not a collection file.`,
        'Paste the command into Import cURL instead.',
      );
    case 'binary':
      return fail(
        'bad_message',
        `This looks like ${what} (an archive, an image, …), not text: it holds no collection.`,
        'Pick a collection file (.json). If it is text in another encoding, save it as UTF-8 and import it again.',
      );
  }
}

/** The collection in a picked file, or a refusal that names the file's kind. Never throws. */
export function importCollectionFile(text: string, newId: () => string): Result<FileImport> {
  const kind = detectImportKind(text);
  return isSupported(kind) ? IMPORTERS[kind.kind](text, newId) : refusal(kind);
}
