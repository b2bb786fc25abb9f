/**
 * One OpenAPI operation into a saved request: named by its `summary` or `operationId`, its path
 * after `/v1/` with `{{variables}}`, query and header rows from its parameters, and a JSON body
 * from its example or a minimal example built from its schema. An operation that is not a `/v1`
 * call, or cannot be sent, is reported and left out (`null`); a broken part of the document
 * (a `$ref` that leads nowhere, a malformed parameter) refuses the import, naming the place.
 */
import { fail, ok, type Result } from '../vocabulary/errors';
import type { HttpMethod } from '../vocabulary/terms';
import { MAX_BODY, MAX_NAME, MAX_TEXT } from './collection-schema';
import type { SavedRequest } from './model';
import { type ExampleBudget, exampleFromSchema } from './openapi-example';
import { exampleJson } from './openapi-json-text';
import {
  type Located,
  mergeParameters,
  type OperationParameters,
  readParameters,
} from './openapi-parameters';
import { pointerTo, shownPointer } from './openapi-pointer';
import { firstServer, pathUnderV1, type ServerLocation } from './openapi-servers';
import type { PathVariables } from './openapi-variables';
import { type ImportNotes, quoteName } from './postman-import-notes';
import { isObject, type JsonObject } from './postman-json';
import { findSecretInText } from './secret-patterns';

export interface OperationContext {
  swagger: boolean;
  server: ServerLocation;
  /** Swagger 2.0's document-wide `consumes`. */
  consumes: unknown;
  /** The scheme the collection authenticates with, for operations that ask for another. */
  chosenScheme: string | null;
  variables: PathVariables;
  notes: ImportNotes;
  newId: () => string;
  /** Shared by every example of the import (see openapi-example.ts). */
  exampleBudget: ExampleBudget;
  /** Characters of body text the import may still make: the collection stays storable. */
  bodyChars: { remaining: number };
}

/** The most body text one import makes: the size of the largest collection file we read. */
export const MAX_BODY_CHARS_TOTAL = 32 * 1024 * 1024;

/** The summary line of operations outside `/v1`; the import's refusal quotes it. */
export const OUTSIDE_V1 = 'Operations outside /v1 were not imported';

const NOTE = {
  outsideV1: OUTSIDE_V1,
  ownServer: 'Operations with their own server URL use the profile’s Base URL',
  longName: `Names longer than ${MAX_NAME} characters were shortened`,
  longPath: `Operations with a path longer than ${MAX_TEXT} characters were not imported`,
  notJson: 'Request bodies in other formats than JSON were not imported (form data, XML, files, …)',
  bodyOnGet: 'Bodies of GET and HEAD operations were not imported',
  bodyExternal: 'Request bodies defined in other files were not imported',
  bodyPartExternal: 'Example bodies leave out schema parts defined in other files',
  bodyCycle: 'Example bodies stop where a schema refers to itself',
  bodyTruncated: 'Example bodies of very large schemas were shortened',
  bodyLong: `Bodies longer than ${MAX_BODY} characters (or that contain themselves, through YAML aliases) were not imported`,
  bodyTotal: `Bodies were left out once the collection held ${MAX_BODY_CHARS_TOTAL / 1024 / 1024} MB of them`,
  bodySecret: 'Bodies that look like they hold a secret were kept: review them before sharing',
  callbacks: 'Callbacks were not imported',
  security: 'Operations with their own security requirements use the collection’s authentication',
} as const;

const JSON_MEDIA = /^application\/(?:[\w.+-]+\+)?json(?:\s*;|$)/i;

function brokenReference(ref: string, at: string): Result<never> {
  return fail(
    'bad_message',
    `The $ref ${JSON.stringify(ref.slice(0, 200))} at ${shownPointer(at)} does not point to anything this document has.`,
    'Fix the $ref (a misspelt name is the usual cause), or export the document again.',
  );
}

export function operationName(
  operation: JsonObject,
  method: string,
  template: string,
  notes: ImportNotes,
): string {
  const named = [operation.summary, operation.operationId].find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  const name = (named ?? `${method} ${template}`).trim().replace(/\s+/g, ' ');
  if (name.length <= MAX_NAME) return name;
  notes.add(NOTE.longName, quoteName(name));
  return name.slice(0, MAX_NAME);
}

/** A string that already holds JSON (some documents write examples so) is kept as written. */
function isJsonText(value: string): boolean {
  const trimmed = value.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return false;
  try {
    JSON.parse(trimmed);
    return true;
  } catch {
    return false; // not JSON after all: the caller sends it as a JSON string
  }
}

/** OpenAPI 3 `examples`: the first one with a `value` (an `externalValue` cannot be fetched). */
function firstNamedExample(examples: unknown): { found: boolean; value?: unknown } {
  if (!isObject(examples)) return { found: false };
  for (const name of Object.keys(examples)) {
    const example = examples[name];
    if (isObject(example) && Object.hasOwn(example, 'value'))
      return { found: true, value: example.value };
  }
  return { found: false };
}

interface BodySource {
  media: JsonObject | null;
  schema: unknown;
  at: string;
}

/** OpenAPI 3: the JSON entry of `requestBody.content`; null when there is no body. */
function openApiBody(
  operation: Located,
  where: string,
  notes: ImportNotes,
): Result<BodySource | null> {
  const body = operation.value.requestBody;
  if (body === undefined) return ok(null);
  const at = pointerTo(operation.at, 'requestBody');
  if (!isObject(body)) return ok(null);
  if (typeof body.$ref === 'string') {
    if (body.$ref.startsWith('#')) return brokenReference(body.$ref, at);
    notes.add(NOTE.bodyExternal, `${where} (${quoteName(body.$ref)})`);
    return ok(null);
  }
  if (!isObject(body.content)) return ok(null);
  const types = Object.keys(body.content);
  const type =
    types.find((name) => name.toLowerCase() === 'application/json') ??
    types.find((name) => JSON_MEDIA.test(name)) ??
    types.find((name) => name === '*/*');
  if (type === undefined) {
    if (types.length > 0) notes.add(NOTE.notJson, `${where} (${types.slice(0, 3).join(', ')})`);
    return ok(null);
  }
  const media = body.content[type];
  const mediaAt = pointerTo(at, 'content', type);
  if (!isObject(media)) return ok(null);
  return ok({ media, schema: media.schema, at: pointerTo(mediaAt, 'schema') });
}

/** Swagger 2.0: the `in: body` parameter, if the operation consumes JSON. */
function swaggerBody(
  operation: JsonObject,
  parameters: OperationParameters,
  context: OperationContext,
  where: string,
): BodySource | null {
  if (parameters.formData) {
    context.notes.add(NOTE.notJson, `${where} (form data)`);
    return null;
  }
  if (parameters.body === null) return null;
  const consumes = Array.isArray(operation.consumes) ? operation.consumes : context.consumes;
  if (Array.isArray(consumes) && consumes.length > 0) {
    const json = consumes.some(
      (type) => typeof type === 'string' && (JSON_MEDIA.test(type) || type === '*/*'),
    );
    if (!json) {
      context.notes.add(NOTE.notJson, `${where} (${consumes.slice(0, 3).map(String).join(', ')})`);
      return null;
    }
  }
  return {
    media: null,
    schema: parameters.body.value.schema,
    at: pointerTo(parameters.body.at, 'schema'),
  };
}

function readBody(
  source: BodySource,
  method: string,
  where: string,
  context: OperationContext,
): Result<string> {
  const { notes } = context;
  let value: unknown;
  const media = source.media;
  const named = media === null ? { found: false } : firstNamedExample(media.examples);
  if (media !== null && Object.hasOwn(media, 'example')) value = media.example;
  else if (named.found) value = named.value;
  else {
    const built = exampleFromSchema(source.schema, source.at, true, context.exampleBudget);
    if (built.broken !== null) return brokenReference(built.broken.ref, built.broken.at);
    if (built.external) notes.add(NOTE.bodyPartExternal, where);
    if (built.cycle) notes.add(NOTE.bodyCycle, where);
    if (built.truncated) notes.add(NOTE.bodyTruncated, where);
    value = built.value;
  }
  if (value === undefined) return ok('');
  if (method === 'GET' || method === 'HEAD') {
    notes.add(NOTE.bodyOnGet, where);
    return ok('');
  }
  const limit = Math.min(MAX_BODY, context.bodyChars.remaining);
  const text = typeof value === 'string' && isJsonText(value) ? value : exampleJson(value, limit);
  if (text === null || text.length > limit) {
    notes.add(limit < MAX_BODY ? NOTE.bodyTotal : NOTE.bodyLong, where);
    return ok('');
  }
  context.bodyChars.remaining -= text.length;
  if (findSecretInText(text, []) !== null) notes.add(NOTE.bodySecret, where);
  return ok(text);
}

function effectiveServer(
  pathItem: JsonObject,
  operation: JsonObject,
  context: OperationContext,
  where: string,
): ServerLocation {
  if (context.swagger) return context.server;
  const own = firstServer(operation.servers) ?? firstServer(pathItem.servers);
  if (own === null) return context.server;
  if (own.origin !== null && own.origin !== context.server.origin)
    context.notes.add(NOTE.ownServer, where);
  return own;
}

function noteExtras(operation: JsonObject, where: string, context: OperationContext): void {
  const { notes } = context;
  if (isObject(operation.callbacks)) {
    for (const name of Object.keys(operation.callbacks))
      notes.add(NOTE.callbacks, `${quoteName(name)} of ${where}`);
  }
  if (Array.isArray(operation.security)) {
    const names = operation.security.flatMap((requirement) =>
      isObject(requirement) ? Object.keys(requirement) : [],
    );
    // Without a fitting scheme the summary already says so once, for the whole document.
    if (context.chosenScheme !== null && !names.includes(context.chosenScheme)) {
      notes.add(NOTE.security, where);
    }
  }
}

/** A saved request, or null when the operation was left out (the notes say why). */
export function readOperation(
  method: HttpMethod,
  template: string,
  pathItem: Located,
  operation: Located,
  context: OperationContext,
): Result<SavedRequest | null> {
  const { notes } = context;
  const label = quoteName(`${method} ${template}`);
  const server = effectiveServer(pathItem.value, operation.value, context, label);
  const relative = pathUnderV1(server, template);
  if (relative === null) {
    notes.add(NOTE.outsideV1, label);
    return ok(null);
  }
  const name = operationName(operation.value, method, template, notes);
  const where = quoteName(name);
  const merged = mergeParameters(pathItem, operation, where, notes);
  if (!merged.ok) return merged;
  const parameters = readParameters(merged.value, where, notes);
  const path = context.variables.fill(relative, parameters.pathValues, where);
  if (path.length > MAX_TEXT) {
    notes.add(NOTE.longPath, label);
    return ok(null);
  }
  const source = context.swagger
    ? ok(swaggerBody(operation.value, parameters, context, where))
    : openApiBody(operation, where, notes);
  if (!source.ok) return source;
  const body = source.value === null ? ok('') : readBody(source.value, method, where, context);
  if (!body.ok) return body;
  noteExtras(operation.value, where, context);
  return ok({
    kind: 'request',
    id: context.newId(),
    name,
    method,
    path,
    query: parameters.query,
    headers: parameters.headers,
    body: body.value,
  });
}
