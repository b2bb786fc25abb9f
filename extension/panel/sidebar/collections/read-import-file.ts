/**
 * What the panel does with a picked file before the worker sees it, loaded with the first import:
 * an OpenAPI or Swagger document, or a zip of a Bruno (OpenCollection) folder, is read here (their
 * readers are large, so they load only now, and the worker cannot load code on demand), and the
 * worker gets the finished collection; every other file goes to the worker as text, which tells
 * its kind and reads it.
 */
import type { FileImport } from '../../../../src/formats/import-file';
import { detectImportKind } from '../../../../src/formats/import-kind';
import type { OpenApiImport, OutsideV1 } from '../../../../src/formats/openapi/openapi-import';
import { fail, ok, type Result } from '../../../../src/vocabulary/errors';

export type ReadFile = { send: 'text' } | { parsed: Result<OpenApiImport> };

/**
 * The collection in a picked OpenCollection folder (an `<input webkitdirectory>`'s files), or why
 * there is none. The bounds are checked on the sizes before any file is read; hidden folders
 * (`.git`) are not read, and files that are not YAML only by name, for the summary.
 */
export async function readImportFolder(picked: readonly File[]): Promise<Result<FileImport>> {
  const [{ importOpenCollection }, { MAX_IMPORT_CHARS, MAX_IMPORT_FILES }] = await Promise.all([
    import('../../../../src/formats/opencollection/opencollection-import'),
    import('../../../../src/formats/opencollection/opencollection-format'),
  ]);
  const visible = picked.filter(
    (file) =>
      !(file.webkitRelativePath || file.name).split('/').some((part) => part.startsWith('.')),
  );
  const bytes = visible.reduce((sum, file) => sum + file.size, 0);
  if (visible.length > MAX_IMPORT_FILES || bytes > MAX_IMPORT_CHARS) {
    return fail(
      'bad_message',
      `The folder holds more than ${MAX_IMPORT_FILES.toLocaleString('en')} files or ${MAX_IMPORT_CHARS / 1024 / 1024} MB, more than an import may have.`,
      'Pick the collection folder itself (the one holding opencollection.yml).',
    );
  }
  const files = await Promise.all(
    visible.map(async (file) => {
      const path = file.webkitRelativePath || file.name;
      return { path, text: path.endsWith('.yml') ? await file.text() : '' };
    }),
  );
  return importOpenCollection(files, () => crypto.randomUUID());
}

/** The collection in a zip of an OpenCollection folder, or why there is none. */
export async function readImportZip(bytes: Uint8Array): Promise<Result<FileImport>> {
  const [{ unzipCollectionFolder }, { importOpenCollection }] = await Promise.all([
    import('../../../../src/formats/opencollection/opencollection-zip'),
    import('../../../../src/formats/opencollection/opencollection-import'),
  ]);
  const unzipped = unzipCollectionFolder(bytes);
  if (!unzipped.ok) return unzipped;
  const imported = importOpenCollection(unzipped.value.files, () => crypto.randomUUID());
  if (!imported.ok) return imported;
  // An entry the zip declares falsely is named in the summary, never cut silently.
  return ok({ ...imported.value, summary: [...unzipped.value.summary, ...imported.value.summary] });
}

export async function readImportFile(
  text: string,
  outsideV1: OutsideV1 = 'under-v1',
): Promise<ReadFile> {
  const { kind } = detectImportKind(text);
  if (kind !== 'openapi' && kind !== 'swagger') return { send: 'text' };
  const { importOpenApi } = await import('../../../../src/formats/openapi/openapi-import');
  return { parsed: importOpenApi(text, () => crypto.randomUUID(), outsideV1) };
}
