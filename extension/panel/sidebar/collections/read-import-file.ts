/**
 * What the panel does with a picked file before the worker sees it, loaded with the first import:
 * an OpenAPI or Swagger document is read here (its parser is large, so it loads only now, and the
 * worker cannot load code on demand), and the worker gets the finished collection; every other
 * file goes to the worker as text, which tells its kind and reads it.
 */
import { detectImportKind } from '../../../../src/formats/import-kind';
import type { OpenApiImport, OutsideV1 } from '../../../../src/formats/openapi/openapi-import';
import type { Result } from '../../../../src/vocabulary/errors';

export type ReadFile = { send: 'text' } | { parsed: Result<OpenApiImport> };

export async function readImportFile(
  text: string,
  outsideV1: OutsideV1 = 'under-v1',
): Promise<ReadFile> {
  const { kind } = detectImportKind(text);
  if (kind !== 'openapi' && kind !== 'swagger') return { send: 'text' };
  const { importOpenApi } = await import('../../../../src/formats/openapi/openapi-import');
  return { parsed: importOpenApi(text, () => crypto.randomUUID(), outsideV1) };
}
