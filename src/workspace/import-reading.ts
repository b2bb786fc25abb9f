/**
 * What the panel does with a picked file before the worker sees it, loaded with the first import
 * (collection-import.ts):
 * an OpenAPI or Swagger document, or a zip of a Bruno (OpenCollection) or Postman 12 (v3) folder, is read here (their
 * readers are large, so they load only now, and the worker cannot load code on demand), and the
 * worker gets the finished collection; every other file goes to the worker as text, which tells
 * its kind and reads it.
 */
import type { FileImport } from '../formats/import-file';
import { detectImportKind } from '../formats/import-kind';
import type { OpenApiImport, OutsideV1 } from '../formats/openapi/openapi-import';
import { fail, ok, type Result } from '../vocabulary/errors';

export type ReadFile = { send: 'text' } | { parsed: Result<OpenApiImport> };

/** A picked file as the page's `<input type=file>` gives it (a `File`), read only through this. */
export interface PickedFile {
  name: string;
  size: number;
  /** Its path under the picked folder (`webkitdirectory`), empty for a single file. */
  webkitRelativePath?: string;
  text(): Promise<string>;
}

/** Hidden folders (`.git`) are not read; Postman v3 keeps its settings in `.resources`. */
function isVisible(path: string, postmanV3: boolean): boolean {
  return !path
    .split('/')
    .some((part) => part.startsWith('.') && !(postmanV3 && part === '.resources'));
}

/**
 * The collection in a picked folder (an `<input webkitdirectory>`'s files): a Postman 12 folder
 * (collection schema v3) or an OpenCollection one, told by its file names, or why there is none.
 * The bounds are checked on the sizes before any file is read; files that are not YAML are kept
 * by name only, for the summary.
 */
export async function readImportFolder(
  picked: readonly PickedFile[],
  newId: () => string,
): Promise<Result<FileImport>> {
  const [{ importOpenCollection }, { MAX_IMPORT_CHARS, MAX_IMPORT_FILES }, { looksLikePostmanV3 }] =
    await Promise.all([
      import('../formats/opencollection/opencollection-import'),
      import('../formats/opencollection/opencollection-format'),
      import('../formats/postman-v3/postman-v3-tree'),
    ]);
  const pathOf = (file: PickedFile) => file.webkitRelativePath || file.name;
  const postmanV3 = looksLikePostmanV3(picked.map(pathOf));
  const visible = picked.filter((file) => isVisible(pathOf(file), postmanV3));
  const bytes = visible.reduce((sum, file) => sum + file.size, 0);
  if (visible.length > MAX_IMPORT_FILES || bytes > MAX_IMPORT_CHARS) {
    return fail(
      'bad_message',
      `The folder holds more than ${MAX_IMPORT_FILES.toLocaleString('en')} files or ${MAX_IMPORT_CHARS / 1024 / 1024} MB, more than an import may have.`,
      'Pick the collection folder itself (the one holding opencollection.yml, or Postman’s postman/collections/<name>).',
    );
  }
  const yaml = postmanV3 ? /\.ya?ml$/ : /\.yml$/;
  const files = await Promise.all(
    visible.map(async (file) => {
      const path = pathOf(file);
      return { path, text: yaml.test(path) ? await file.text() : '' };
    }),
  );
  if (!postmanV3) return importOpenCollection(files, newId);
  const { importPostmanV3 } = await import('../formats/postman-v3/postman-v3-import');
  return importPostmanV3(files, newId);
}

/** The collection in a zip of a Postman 12 (v3) or an OpenCollection folder, or why there is none. */
export async function readImportZip(
  bytes: Uint8Array,
  newId: () => string,
): Promise<Result<FileImport>> {
  const [{ unzipCollectionFolder }, { looksLikePostmanV3 }] = await Promise.all([
    import('../formats/opencollection/opencollection-zip'),
    import('../formats/postman-v3/postman-v3-tree'),
  ]);
  const unzipped = unzipCollectionFolder(bytes);
  if (!unzipped.ok) return unzipped;
  const { files } = unzipped.value;
  const imported = looksLikePostmanV3(files.map(({ path }) => path))
    ? (await import('../formats/postman-v3/postman-v3-import')).importPostmanV3(files, newId)
    : (await import('../formats/opencollection/opencollection-import')).importOpenCollection(
        files,
        newId,
      );
  if (!imported.ok) return imported;
  // An entry the zip declares falsely is named in the summary, never cut silently.
  return ok({ ...imported.value, summary: [...unzipped.value.summary, ...imported.value.summary] });
}

export async function readImportFile(
  text: string,
  newId: () => string,
  outsideV1: OutsideV1 = 'under-v1',
): Promise<ReadFile> {
  const { kind } = detectImportKind(text);
  if (kind !== 'openapi' && kind !== 'swagger') return { send: 'text' };
  const { importOpenApi } = await import('../formats/openapi/openapi-import');
  return { parsed: importOpenApi(text, newId, outsideV1) };
}
