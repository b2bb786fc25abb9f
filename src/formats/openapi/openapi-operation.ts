/**
 * One OpenAPI operation into a saved request: named by its `summary` or `operationId`, its path
 * after `/v1/` with `{{variables}}`, query and header rows from its parameters, and a JSON body
 * (openapi-body.ts). An operation that is not a `/v1` call keeps its path under `/v1/`, or is
 * left out (`null`) when the user chose so; one that cannot be sent is reported and left out; a broken part of the document
 * (a `$ref` that leads nowhere, a malformed parameter) refuses the import, naming the place.
 */

import { MAX_NAME, MAX_TEXT } from '../../collections/collection-schema';
import type { SavedRequest } from '../../collections/model';
import { ok, type Result } from '../../vocabulary/errors';
import type { HttpMethod } from '../../vocabulary/terms';
import { type ImportNotes, quoteName } from '../importing/import-notes';
import { isObject, type JsonObject } from '../importing/untrusted-json';
import { type BodyContext, readRequestBody } from './openapi-body';
import { type Located, mergeParameters, readParameters } from './openapi-parameters';
import { type ResponsesContext, readResponseSchemas } from './openapi-responses';
import { firstServer, pathUnderV1, type ServerLocation } from './openapi-servers';
import type { PathVariables } from './openapi-variables';

/**
 * What becomes of an operation outside `/v1`: its path sent under `/v1/` (the default, as the
 * Postman import does), or left out of the collection. Either way the summary lists them.
 */
export type OutsideV1 = 'under-v1' | 'leave-out';

export interface OperationContext extends BodyContext, ResponsesContext {
  outsideV1: OutsideV1;
  /** How many operations were outside `/v1`, for the panel to offer the choice. */
  outside: { count: number };
  server: ServerLocation;
  /** The scheme the collection authenticates with, for operations that ask for another. */
  chosenScheme: string | null;
  variables: PathVariables;
  newId: () => string;
}

/** The summary line of operations outside `/v1`; the import's refusal quotes it. */
export const OUTSIDE_V1 = 'Operations outside /v1 were not imported';

const NOTE = {
  outsideV1: OUTSIDE_V1,
  underV1: 'Operations outside /v1 kept their path, which is now sent under /v1/',
  ownServer: 'Operations with their own server URL use the profile’s Base URL',
  longName: `Names longer than ${MAX_NAME} characters were shortened`,
  longPath: `Operations with a path longer than ${MAX_TEXT} characters were not imported`,
  callbacks: 'Callbacks were not imported',
  security: 'Operations with their own security requirements use the collection’s authentication',
} as const;

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
  let relative = pathUnderV1(server, template);
  if (relative === null) {
    context.outside.count++;
    if (context.outsideV1 === 'leave-out') {
      notes.add(NOTE.outsideV1, label);
      return ok(null);
    }
    notes.add(NOTE.underV1, label);
    relative = template.replace(/^\/+/, '');
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
  const body = readRequestBody(operation, parameters, method, where, context);
  if (!body.ok) return body;
  noteExtras(operation.value, where, context);
  const responseSchemas = readResponseSchemas(operation.value, `${method} ${template}`, context);
  return ok({
    kind: 'request',
    id: context.newId(),
    name,
    method,
    path,
    query: parameters.query,
    headers: parameters.headers,
    body: body.value,
    ...(responseSchemas === null ? {} : { responseSchemas }),
  });
}
