/**
 * What the panel does with a picked file before the worker sees it, loaded with the first import:
 * an OpenAPI or Swagger document, or a zip of a Bruno (OpenCollection) folder, is read here (their
 * readers are large, so they load only now, and the worker cannot load code on demand), and the
 * worker gets the finished collection; every other file goes to the worker as text, which tells
 * its kind and reads it.
 */
import type { FileImport } from '../../../../src/formats/import-file';
import { detectImportKind } from '../../../../src/formats/import-kind';
import type { OpenApiImport } from '../../../../src/formats/openapi/openapi-import';
import type { Result } from '../../../../src/vocabulary/errors';

export type ReadFile = { send: 'text' } | { parsed: Result<OpenApiImport> };

/** The collection in a zip of an OpenCollection folder, or why there is none. */
export async function readImportZip(bytes: Uint8Array): Promise<Result<FileImport>> {
  const [{ unzipCollectionFolder }, { importOpenCollection }] = await Promise.all([
    import('../../../../src/formats/opencollection/opencollection-zip'),
    import('../../../../src/formats/opencollection/opencollection-import'),
  ]);
  const files = unzipCollectionFolder(bytes);
  return files.ok ? importOpenCollection(files.value, () => crypto.randomUUID()) : files;
}

export async function readImportFile(text: string): Promise<ReadFile> {
  const { kind } = detectImportKind(text);
  if (kind !== 'openapi' && kind !== 'swagger') return { send: 'text' };
  const { importOpenApi } = await import('../../../../src/formats/openapi/openapi-import');
  return { parsed: importOpenApi(text, () => crypto.randomUUID()) };
}
