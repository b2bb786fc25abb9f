/**
 * The JSON body of an imported request: the operation's own example (OpenAPI 3 `example` or the
 * first of its `examples`), else a minimal example built from the schema (openapi-example.ts);
 * from `requestBody` in OpenAPI 3, from the `in: body` parameter in Swagger 2.0. Bodies in other
 * formats, on GET and HEAD, too long or past the import's total are left out and reported.
 * Invariant: the import never makes more than MAX_BODY_CHARS_TOTAL characters of bodies.
 */

import { MAX_BODY } from '../../collections/collection-schema';
import { findSecretInText } from '../../redaction/secret-patterns';
import { fail, ok, type Result } from '../../vocabulary/errors';
import { type ImportNotes, quoteName } from '../importing/import-notes';
import { isObject, type JsonObject } from '../importing/untrusted-json';
import { type ExampleBudget, exampleFromSchema } from './openapi-example';
import { exampleJson } from './openapi-json-text';
import type { Located, OperationParameters } from './openapi-parameters';
import { pointerTo, shownPointer } from './openapi-pointer';

export interface BodyContext {
  swagger: boolean;
  /** Swagger 2.0's document-wide `consumes`. */
  consumes: unknown;
  notes: ImportNotes;
  /** Shared by every example of the import (see openapi-example.ts). */
  exampleBudget: ExampleBudget;
  /** Characters of body text the import may still make: the collection stays storable. */
  bodyChars: { remaining: number };
}

/** The most body text one import makes: the size of the largest collection file we read. */
export const MAX_BODY_CHARS_TOTAL = 32 * 1024 * 1024;

const NOTE = {
  notJson: 'Request bodies in other formats than JSON were not imported (form data, XML, files, …)',
  bodyOnGet: 'Bodies of GET and HEAD operations were not imported',
  bodyExternal: 'Request bodies defined in other files were not imported',
  bodyPartExternal: 'Example bodies leave out schema parts defined in other files',
  bodyCycle: 'Example bodies stop where a schema refers to itself',
  bodyTruncated: 'Example bodies of very large schemas were shortened',
  bodyLong: `Bodies longer than ${MAX_BODY} characters (or that contain themselves, through YAML aliases) were not imported`,
  bodyTotal: `Bodies were left out once the collection held ${MAX_BODY_CHARS_TOTAL / 1024 / 1024} MB of them`,
  bodySecret: 'Bodies that look like they hold a secret were kept: review them before sharing',
} as const;

function brokenReference(ref: string, at: string): Result<never> {
  return fail(
    'bad_message',
    `The $ref ${JSON.stringify(ref.slice(0, 200))} at ${shownPointer(at)} does not point to anything this document has.`,
    'Fix the $ref (a misspelt name is the usual cause), or export the document again.',
  );
}

const JSON_MEDIA = /^application\/(?:[\w.+-]+\+)?json(?:\s*;|$)/i;

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
  context: BodyContext,
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
  context: BodyContext,
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

/** The body text of an operation; '' when it has none (the notes say why, when it had one). */
export function readRequestBody(
  operation: Located,
  parameters: OperationParameters,
  method: string,
  where: string,
  context: BodyContext,
): Result<string> {
  const source = context.swagger
    ? ok(swaggerBody(operation.value, parameters, context, where))
    : openApiBody(operation, where, context.notes);
  if (!source.ok) return source;
  return source.value === null ? ok('') : readBody(source.value, method, where, context);
}
