/**
 * Tells an OpenAPI or Swagger document from other files by a look at its text, without parsing
 * it: small and free of dependencies, so that the panel can decide at once and load the importer
 * (openapi-import.ts, with its YAML parser and `$ref` resolver) only for such a file. A guess,
 * not a check: the importer itself refuses what is not a document, with a reason.
 */

/** YAML: a top-level `openapi:` or `swagger:` key, at the start of a line. */
const YAML_MARKER = /^(?:openapi|swagger)[ \t]*:[ \t]*["']?[23]\./m;
/** JSON: an `"openapi"` or `"swagger"` key with a version; the file opens with `{`. */
const JSON_MARKER = /"(?:openapi|swagger)"\s*:\s*"?[23]\./;
/** Looked at: the version key comes first in nearly every document; enough for the others. */
const HEAD_CHARS = 64 * 1024;

export function looksLikeOpenApi(text: string): boolean {
  if (typeof text !== 'string') return false;
  const head = text.slice(0, HEAD_CHARS).replace(/^\uFEFF/, '');
  const opening = /\S/.exec(head)?.[0];
  if (opening === undefined) return false;
  return opening === '{' ? JSON_MARKER.test(head) : YAML_MARKER.test(head);
}
