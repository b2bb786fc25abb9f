/**
 * The documented responses of an OpenAPI operation, kept with the request imported from it so
 * that each answer can be checked against the schema for its status (src/checks/schema-check.ts).
 * Each response's JSON body schema is written out as JSON text: the document is dereferenced, so
 * a schema that contains itself (a tree of categories) is cut where it repeats (there it accepts
 * anything, and the summary says so), and a schema larger than a request may keep is left out
 * (said too). OpenAPI 3.0's `nullable` becomes the JSON Schema it means (`type: [..., "null"]`).
 */
import {
  MAX_RESPONSES,
  MAX_SCHEMA_CHARS,
  STATUS_KEY_PATTERN,
} from '../../collections/collection-schema';
import type { ResponseSchemas } from '../../collections/model';
import { type ImportNotes, quoteName } from '../importing/import-notes';
import { isObject, type JsonObject } from '../importing/untrusted-json';

export interface ResponsesContext {
  dialect: ResponseSchemas['dialect'];
  notes: ImportNotes;
  /** Characters of schema text the import may still keep: the collection stays storable. */
  schemaChars: { remaining: number };
}

/** The most schema text one import keeps, over all its requests. */
export const MAX_SCHEMA_CHARS_TOTAL = 16 * 1024 * 1024;
/** Deeper than this a schema is cut (accepts anything): no real response nests further. */
const MAX_SCHEMA_DEPTH = 64;
/**
 * Objects and arrays one schema may be written out as. A dereferenced document shares parts, so
 * a small document can name a huge schema (each level using the one below twice): the walk stops
 * here instead of writing it all out.
 */
const MAX_SCHEMA_NODES = 20_000;

const NOTE = {
  recursive: 'Schemas that contain themselves are checked down to where they repeat',
  tooLarge: `Response schemas longer than ${MAX_SCHEMA_CHARS} characters are not checked`,
  tooMany: `Operations with more than ${MAX_RESPONSES} responses keep the first ${MAX_RESPONSES}`,
} as const;

const isJsonMedia = (type: string) => /^application\/([\w.+-]+\+)?json\b/i.test(type.trim());

/** The JSON body schema a response describes, or null when it describes none. */
function bodySchema(response: JsonObject, context: ResponsesContext): unknown {
  if (context.dialect === 'openapi-2.0') return response.schema ?? null;
  if (!isObject(response.content)) return null;
  const media = Object.keys(response.content).find(isJsonMedia);
  const entry = media === undefined ? undefined : response.content[media];
  return isObject(entry) && entry.schema !== undefined ? entry.schema : null;
}

/** OpenAPI 3.0's `nullable: true` as JSON Schema: null is one more allowed type. */
function withNullable(schema: JsonObject): JsonObject {
  const { nullable, ...rest } = schema;
  if (nullable !== true) return schema;
  if (typeof rest.type === 'string') return { ...rest, type: [rest.type, 'null'] };
  if (Array.isArray(rest.type)) return { ...rest, type: [...rest.type, 'null'] };
  return rest;
}

/**
 * The schema as plain data without cycles: an object met again inside itself becomes `{}`
 * (anything), as does what lies deeper than MAX_SCHEMA_DEPTH. `cut` tells whether either happened;
 * null: the schema is larger than MAX_SCHEMA_NODES.
 */
function acyclic(
  schema: unknown,
  dialect: ResponseSchemas['dialect'],
): { value: unknown; cut: boolean } | null {
  const path = new Set<object>();
  let cut = false;
  let nodes = 0;
  const visit = (value: unknown, depth: number): unknown => {
    if (value === null || typeof value !== 'object' || nodes > MAX_SCHEMA_NODES) return value;
    if (path.has(value) || depth > MAX_SCHEMA_DEPTH) {
      cut = true;
      return {};
    }
    nodes += 1;
    path.add(value);
    let out: unknown;
    if (Array.isArray(value)) out = value.map((item) => visit(item, depth + 1));
    else {
      const copy: JsonObject = {};
      for (const [key, item] of Object.entries(value)) copy[key] = visit(item, depth + 1);
      out = dialect === 'openapi-3.0' ? withNullable(copy) : copy;
    }
    path.delete(value);
    return out;
  };
  const value = visit(schema, 0);
  return nodes > MAX_SCHEMA_NODES ? null : { value, cut };
}

/** The operation's documented responses, or null when it documents none that can be kept. */
export function readResponseSchemas(
  operation: JsonObject,
  label: string,
  context: ResponsesContext,
): ResponseSchemas | null {
  if (!isObject(operation.responses)) return null;
  const statuses = Object.keys(operation.responses).filter((key) => STATUS_KEY_PATTERN.test(key));
  if (statuses.length > MAX_RESPONSES) context.notes.add(NOTE.tooMany, quoteName(label));
  const responses: ResponseSchemas['responses'] = [];
  for (const status of statuses.slice(0, MAX_RESPONSES)) {
    const response = operation.responses[status];
    const schema = isObject(response) ? bodySchema(response, context) : null;
    if (schema === null) {
      responses.push({ status, schema: '' });
      continue;
    }
    const written = acyclic(schema, context.dialect);
    const text = written === null ? null : JSON.stringify(written.value);
    if (text === null || text.length > Math.min(MAX_SCHEMA_CHARS, context.schemaChars.remaining)) {
      context.notes.add(NOTE.tooLarge, quoteName(`${label} ${status}`));
      continue;
    }
    if (written?.cut) context.notes.add(NOTE.recursive, quoteName(`${label} ${status}`));
    context.schemaChars.remaining -= text.length;
    responses.push({ status, schema: text });
  }
  if (responses.length === 0) return null;
  return { operation: label, dialect: context.dialect, responses };
}
