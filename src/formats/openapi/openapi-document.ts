/**
 * An OpenAPI 3.0 / 3.1 or Swagger 2.0 document, read from text and made ready for the import:
 * checked for shapes that could harm the program that reads it (prototype keys, hostile nesting,
 * values that are not plain data; refused with the JSON pointer of the place), its version told,
 * and its `$ref`s within the document resolved by `@scalar/openapi-parser`, which knows where an
 * OpenAPI `$ref` is a reference and where it is example data. Cycles between schemas become
 * cycles of objects, which the readers cut. A `$ref` left in place is one the resolver could not
 * follow (another file, or a place the document does not have); the readers decide what that
 * costs. Never throws for any text.
 */
import { dereference } from '@scalar/openapi-parser';
import { fail, ok, type Result } from '../../vocabulary/errors';
import { FORBIDDEN_KEYS } from '../../vocabulary/safe-object';
import { isObject, type JsonObject } from '../importing/untrusted-json';
import { pointerTo, ROOT_POINTER, shownPointer } from './openapi-pointer';
import { parseOpenApiText, type SourceFormat } from './openapi-text';

export type OpenApiVersion = '2.0' | '3.0' | '3.1';

export interface OpenApiDocument {
  version: OpenApiVersion;
  /** The version as the document states it, for the summary ("3.2.0" is read as 3.1). */
  statedVersion: string;
  format: SourceFormat;
  /** Dereferenced: every `$ref` the resolver could follow is replaced by what it points to. */
  root: JsonObject;
  /** Other files and URLs that `$ref`s name, once each: never fetched. */
  externalFiles: string[];
  /** Local `$ref`s that name only themselves (read as empty schemas). */
  selfReferences: string[];
}

/** Deeper than any real API description; shallow enough for the resolver's recursion. */
export const MAX_DOCUMENT_DEPTH = 128;

const HINT =
  'Fix the document at that place, or export it again from the tool that made it (Swagger Editor, Stoplight, your framework’s OpenAPI generator).';
const PICK_HINT =
  'Pick the API description the provider publishes (openapi.json, openapi.yaml or swagger.json).';

interface Frame {
  value: unknown;
  parent: Frame | null;
  key: string;
  depth: number;
}

function framePointer(frame: Frame, last?: string): string {
  const keys: string[] = last === undefined ? [] : [last];
  for (let at: Frame | null = frame; at?.parent; at = at.parent) keys.push(at.key);
  return shownPointer(pointerTo(ROOT_POINTER, ...keys.reverse()));
}

const notPlainData = (where: string) =>
  `The document holds a value that is not plain data at ${where}.`;

/**
 * The first harmful shape, said in a sentence, or null. Iterative, and each object is walked
 * once: YAML aliases make shared (even circular) values, which must not multiply the work.
 */
function findHarmfulShape(value: unknown): string | null {
  if (value === null || typeof value !== 'object') return null;
  const seen = new Set<object>();
  const stack: Frame[] = [{ value, parent: null, key: '', depth: 0 }];
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    const current = frame.value as object;
    if (seen.has(current)) continue;
    seen.add(current);
    if (frame.depth >= MAX_DOCUMENT_DEPTH) {
      return `The document is nested more than ${MAX_DOCUMENT_DEPTH} levels deep (at ${framePointer(frame)}).`;
    }
    const isArray = Array.isArray(current);
    const proto: unknown = Object.getPrototypeOf(current);
    if (!isArray && proto !== Object.prototype && proto !== null) {
      return notPlainData(framePointer(frame));
    }
    for (const key of Object.keys(current)) {
      if (FORBIDDEN_KEYS.has(key)) {
        return `The document contains the key "${key}" at ${framePointer(frame)}; keys like __proto__, constructor and prototype are refused because they can change how programs behave.`;
      }
      const child: unknown = (current as Record<string, unknown>)[key];
      const type = typeof child;
      if (type === 'function' || type === 'symbol' || type === 'bigint') {
        return notPlainData(framePointer(frame, key));
      }
      if (child !== null && type === 'object') {
        stack.push({ value: child, parent: frame, key, depth: frame.depth + 1 });
      }
    }
  }
  return null;
}

/** YAML reads `openapi: 3.0` as the number 3: numbers are taken as the text they were. */
function versionText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) {
    return Number.isInteger(value) ? `${value}.0` : String(value);
  }
  return null;
}

function detectVersion(root: JsonObject): Result<{ version: OpenApiVersion; stated: string }> {
  const openapi = versionText(root.openapi);
  const swagger = versionText(root.swagger);
  if (openapi !== null) {
    const minor = /^3\.(\d+)(?:\.|$)/.exec(openapi)?.[1];
    if (minor !== undefined) {
      return ok({ version: minor === '0' ? '3.0' : '3.1', stated: openapi });
    }
    return fail(
      'bad_message',
      `This OpenAPI version is not supported ("openapi": ${JSON.stringify(openapi.slice(0, 20))}); 3.0 and 3.1 are, and Swagger 2.0.`,
      PICK_HINT,
    );
  }
  if (swagger !== null) {
    if (/^2\.0(?:\.|$)/.test(swagger)) return ok({ version: '2.0', stated: swagger });
    return fail(
      'bad_message',
      `This Swagger version is not supported ("swagger": ${JSON.stringify(swagger.slice(0, 20))}); only 2.0 is, and OpenAPI 3.0 and 3.1.`,
      'Convert it to OpenAPI 3 (Swagger Editor does: Edit, Convert to OpenAPI 3), then import that.',
    );
  }
  const postman = isObject(root.info) && typeof root.info.schema === 'string';
  return fail(
    'bad_message',
    postman
      ? 'This is a Postman collection, not an OpenAPI document.'
      : 'This is not an OpenAPI or Swagger document: it has no "openapi" or "swagger" field at the top level.',
    postman ? 'Import it as a Postman collection.' : PICK_HINT,
  );
}

const REFERENCE_IN_MESSAGE = /: (.+)$/;

/** Where the first `$ref` naming `reference` sits in the document as written, or null. */
function findReferenceSite(value: unknown, reference: string): string | null {
  const seen = new Set<object>();
  const stack: Frame[] = [{ value, parent: null, key: '', depth: 0 }];
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    const current = frame.value;
    if (current === null || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const record = current as Record<string, unknown>;
    if (!Array.isArray(current) && String(record.$ref) === reference) return framePointer(frame);
    // Reversed, so that the walk meets the document's parts in their written order.
    for (const key of Object.keys(current).reverse()) {
      stack.push({ value: record[key], parent: frame, key, depth: frame.depth + 1 });
    }
  }
  return null;
}

function brokenReference(value: unknown, reference: string): Result<never> {
  const site = findReferenceSite(value, reference);
  return fail(
    'bad_message',
    `The $ref ${JSON.stringify(reference.slice(0, 200))}${site === null ? '' : ` at ${site}`} does not point to anything this document has.`,
    'Fix the $ref (a misspelt name is the usual cause), or export the document again.',
  );
}

/** The first local `$ref` whose pointer is not valid percent-encoding (`#/%ZZ`), or null. */
function malformedReference(value: unknown): string | null {
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (current === null || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const reference = (current as Record<string, unknown>).$ref;
    if (typeof reference === 'string' && reference.startsWith('#')) {
      try {
        decodeURIComponent(reference);
      } catch {
        return reference;
      }
    }
    stack.push(...Object.values(current));
  }
  return null;
}

/**
 * The resolver's answer. It decodes each local pointer and throws a URIError on a malformed
 * escape; such a `$ref` leads nowhere, and is reported as any other broken one.
 */
function dereferenced(value: JsonObject): Result<ReturnType<typeof dereference>> {
  try {
    return ok(dereference(value));
  } catch (error) {
    const reference = error instanceof URIError ? malformedReference(value) : null;
    if (reference === null) throw error;
    return brokenReference(value, reference);
  }
}

export function readOpenApiDocument(text: string): Result<OpenApiDocument> {
  const parsed = parseOpenApiText(text);
  if (!parsed.ok) return parsed;
  const { value, format } = parsed.value;
  const harmful = findHarmfulShape(value);
  if (harmful !== null) return fail('bad_message', harmful, HINT);
  if (!isObject(value)) {
    return fail(
      'bad_message',
      'The file holds no OpenAPI document: its top level is not an object.',
      PICK_HINT,
    );
  }
  const version = detectVersion(value);
  if (!version.ok) return version;
  const resolved = dereferenced(value);
  if (!resolved.ok) return resolved;
  const root = resolved.value.schema;
  if (!isObject(root)) {
    return fail(
      'bad_message',
      'The document could not be read after its $refs were resolved.',
      HINT,
    );
  }
  const externalFiles: string[] = [];
  const selfReferences: string[] = [];
  for (const error of resolved.value.errors ?? []) {
    const reference = REFERENCE_IN_MESSAGE.exec(error.message)?.[1] ?? '(unnamed)';
    if (error.code === 'EXTERNAL_REFERENCE_NOT_FOUND') externalFiles.push(reference);
    else if (error.code === 'SELF_REFERENCE') selfReferences.push(reference);
    // A $ref that leads nowhere makes the document broken, wherever it is.
    else return brokenReference(value, reference);
  }
  return ok({
    version: version.value.version,
    statedVersion: version.value.stated,
    format,
    root,
    externalFiles,
    selfReferences,
  });
}
