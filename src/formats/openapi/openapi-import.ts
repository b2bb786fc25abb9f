/**
 * Import of an OpenAPI 3.0 / 3.1 or Swagger 2.0 document (JSON or YAML) as a collection: a folder
 * per tag (operations without a tag at the top, before the folders), a request per operation
 * (those outside `/v1` sent under `/v1/`, as the Postman import does, or left out on request), path parameters as collection variables, and what the security schemes and the
 * server URL suggest for the profile. Everything the collection cannot hold is listed in the
 * summary (operations outside `/v1` and what became of them, callbacks, webhooks, other files, …), never dropped in
 * silence; a broken document is refused with the line or the JSON pointer of the problem.
 *
 * This module pulls in the YAML parser and the `$ref` resolver: the panel loads it with `import()`
 * only when a user imports such a file (`looksLikeOpenApi` in openapi-detect.ts tells, without
 * loading it), and hands the finished collection to the worker. Pure, synchronous, never throws.
 */

import { MAX_ITEMS, MAX_NAME } from '../../collections/collection-schema';
import type { Collection } from '../../collections/model';
import { fail, ok, type Result } from '../../vocabulary/errors';
import { HTTP_METHODS, type HttpMethod } from '../../vocabulary/terms';
import { ImportNotes, quoteName } from '../importing/import-notes';
import { isObject, type JsonObject } from '../importing/untrusted-json';
import { MAX_BODY_CHARS_TOTAL } from './openapi-body';
import { type OpenApiDocument, readOpenApiDocument } from './openapi-document';
import { newExampleBudget } from './openapi-example';
import { folderName, ItemTree } from './openapi-folders';
import {
  type OperationContext,
  OUTSIDE_V1,
  type OutsideV1,
  readOperation,
} from './openapi-operation';
import { pointerTo, ROOT_POINTER, shownPointer } from './openapi-pointer';
import { MAX_SCHEMA_CHARS_TOTAL } from './openapi-responses';
import { readSecurity, type SuggestedAuth } from './openapi-security';
import {
  documentServer,
  otherServerUrls,
  type ServerLocation,
  suggestedBaseUrl,
} from './openapi-servers';
import { PathVariables } from './openapi-variables';

export type { OutsideV1 } from './openapi-operation';
export type { SuggestedAuth } from './openapi-security';

export interface OpenApiImport {
  collection: Collection;
  /** One line a kind of part that was not imported or was changed; empty when all came along. */
  summary: string[];
  /** The authentication the document's security schemes suggest for the profile, if one fits. */
  suggestedAuth: SuggestedAuth | null;
  /** The profile's Base URL the server URL suggests (the part before `/v1`), if it is absolute. */
  suggestedBaseUrl: string | null;
  /** How many operations are outside `/v1` (imported under `/v1/` or left out, as asked). */
  outsideV1: number;
}

const OPERATION_KEYS = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
  'query',
];
const SENDABLE: ReadonlySet<string> = new Set(HTTP_METHODS);

const NOTE = {
  version: 'This OpenAPI version was read as 3.1',
  server: 'The server URL was not imported; set it as the profile’s Base URL',
  otherServers: 'Other servers of the document were not imported',
  external: 'References to other files or URLs were not followed',
  selfReference: 'References that name only themselves were read as empty schemas',
  pathExternal: 'Path items defined in other files were not imported',
  method: 'Operations with a method this extension cannot send were not imported',
  webhooks: 'Webhooks were not imported',
} as const;

const HINT = 'Fix the document at that place, or export it again from the tool that made it.';

function structureError(what: string, at: string): Result<never> {
  return fail('bad_message', `${what} at ${shownPointer(at)} is not an object.`, HINT);
}

function readPaths(
  document: OpenApiDocument,
  context: OperationContext,
  tree: ItemTree,
): Result<true> {
  const { root } = document;
  const { notes } = context;
  if (root.paths === undefined) return ok(true);
  const pathsAt = pointerTo(ROOT_POINTER, 'paths');
  if (!isObject(root.paths)) return structureError('The "paths" field', pathsAt);
  for (const template of Object.keys(root.paths)) {
    if (template.startsWith('x-')) continue;
    const at = pointerTo(pathsAt, template);
    const pathItem = root.paths[template];
    if (!isObject(pathItem)) return structureError('The path item', at);
    if (typeof pathItem.$ref === 'string') {
      if (pathItem.$ref.startsWith('#')) {
        return fail(
          'bad_message',
          `The $ref ${quoteName(pathItem.$ref)} at ${shownPointer(at)} does not point to a path item.`,
          HINT,
        );
      }
      notes.add(NOTE.pathExternal, `${quoteName(template)} (${quoteName(pathItem.$ref)})`);
      continue;
    }
    for (const key of Object.keys(pathItem)) {
      if (!OPERATION_KEYS.includes(key)) continue;
      const operationAt = pointerTo(at, key);
      const operation = pathItem[key];
      if (!isObject(operation)) return structureError('The operation', operationAt);
      const method = key.toUpperCase();
      if (!SENDABLE.has(method)) {
        notes.add(NOTE.method, quoteName(`${method} ${template}`));
        continue;
      }
      const request = readOperation(
        method as HttpMethod,
        template,
        { value: pathItem, at },
        { value: operation, at: operationAt },
        context,
      );
      if (!request.ok) return request;
      if (request.value === null) continue;
      tree.add(request.value, folderName(operation, quoteName(request.value.name), notes));
      if (tree.size > MAX_ITEMS) {
        return fail(
          'bad_message',
          `The document has more than ${MAX_ITEMS} operations and tags to import.`,
          'Split the document (for example one per tag) and import each part.',
        );
      }
    }
  }
  return ok(true);
}

/** OpenAPI 3.1 `webhooks` (and the older `x-webhooks`): requests the service sends, not calls. */
function noteWebhooks(root: JsonObject, notes: ImportNotes): void {
  for (const field of ['webhooks', 'x-webhooks']) {
    const webhooks = root[field];
    if (!isObject(webhooks)) continue;
    for (const name of Object.keys(webhooks)) {
      const item = webhooks[name];
      const methods = isObject(item)
        ? Object.keys(item).filter((key) => OPERATION_KEYS.includes(key))
        : [];
      const shown =
        methods.length > 0 ? ` (${methods.map((m) => m.toUpperCase()).join(', ')})` : '';
      notes.add(NOTE.webhooks, `${quoteName(name)}${shown}`);
    }
  }
}

function noteDocument(document: OpenApiDocument, server: ServerLocation, notes: ImportNotes): void {
  if (document.version === '3.1' && !/^3\.[01](?:\.|$)/.test(document.statedVersion)) {
    notes.add(NOTE.version, quoteName(document.statedVersion));
  }
  const base = suggestedBaseUrl(server);
  if (base !== null || server.url !== null)
    notes.add(NOTE.server, quoteName(base ?? server.url ?? ''));
  if (document.version !== '2.0') {
    for (const url of otherServerUrls(document.root.servers))
      notes.add(NOTE.otherServers, quoteName(url));
  }
  for (const file of document.externalFiles) notes.add(NOTE.external, quoteName(file));
  for (const reference of document.selfReferences)
    notes.add(NOTE.selfReference, quoteName(reference));
}

function collectionName(root: JsonObject): string {
  const title =
    isObject(root.info) && typeof root.info.title === 'string' ? root.info.title.trim() : '';
  return title === '' ? 'Imported from OpenAPI' : title.slice(0, MAX_NAME);
}

function importDocument(
  document: OpenApiDocument,
  newId: () => string,
  outsideV1: OutsideV1,
): Result<OpenApiImport> {
  const { root } = document;
  const swagger = document.version === '2.0';
  const notes = new ImportNotes();
  const server = documentServer(root, swagger);
  noteDocument(document, server, notes);
  const schemes = swagger
    ? root.securityDefinitions
    : isObject(root.components)
      ? root.components.securitySchemes
      : undefined;
  const name = collectionName(root);
  const security = readSecurity(schemes, root.security, server, quoteName(name), notes);
  const variables = new PathVariables(notes);
  const outside = { count: 0 };
  const context: OperationContext = {
    outsideV1,
    outside,
    swagger,
    server,
    consumes: root.consumes,
    chosenScheme: security.chosenScheme,
    variables,
    notes,
    newId,
    exampleBudget: newExampleBudget(),
    bodyChars: { remaining: MAX_BODY_CHARS_TOTAL },
    dialect: `openapi-${document.version}`,
    schemaChars: { remaining: MAX_SCHEMA_CHARS_TOTAL },
  };
  const tree = new ItemTree();
  const id = newId();
  const read = readPaths(document, context, tree);
  if (!read.ok) return read;
  noteWebhooks(root, notes);
  const summary = notes.lines();
  if (tree.requests === 0) {
    const left = summary.find((line) => line.startsWith(OUTSIDE_V1));
    return fail(
      'bad_message',
      `The document has no operation under /v1 that could be imported.${left === undefined ? '' : ` ${left}`}`,
      outside.count > 0
        ? 'Import again and choose to send the operations outside /v1 under /v1/.'
        : 'Check that this is the description of the partner API: only calls under /v1 become requests (its server URL or its paths say /v1).',
    );
  }
  const collection: Collection = {
    id,
    name,
    auth: security.auth,
    variables: variables.rows,
    items: tree.items(root.tags, newId),
  };
  return ok({
    collection,
    summary,
    suggestedAuth: security.suggestedAuth,
    suggestedBaseUrl: suggestedBaseUrl(server),
    outsideV1: outside.count,
  });
}

/**
 * The collection in an OpenAPI 3.0 / 3.1 or Swagger 2.0 document (JSON or YAML text). `newId`
 * makes the ids of the collection and of its items. The result always passes
 * `validateCollection`; a refusal says what is wrong and where. Operations outside `/v1` are
 * sent under `/v1/` unless `outsideV1` is 'leave-out'; `outsideV1` in the result counts them.
 */
export function importOpenApi(
  text: string,
  newId: () => string,
  outsideV1: OutsideV1 = 'under-v1',
): Result<OpenApiImport> {
  try {
    const document = readOpenApiDocument(text);
    return document.ok ? importDocument(document.value, newId, outsideV1) : document;
  } catch (error) {
    // Every read above is checked; this is the promise that a bug still answers with a value.
    const detail = error instanceof Error ? error.message.slice(0, 120) : 'unknown';
    return fail(
      'internal',
      `The OpenAPI import stopped on an unexpected problem (${detail}).`,
      'Report this with the document, if you can share it.',
    );
  }
}
