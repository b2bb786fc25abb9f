/**
 * The runtime schema of a collection and the limits that a schema alone cannot say (how many
 * items, how deep the folders, unique ids). Whatever comes from outside (an imported file, a
 * stored record) passes `validateCollection` before it is used; `collection.schema.json` beside
 * this file says the same in JSON Schema, and a test keeps the two in step.
 */
import * as v from 'valibot';
import { type AppError, fail, ok, type Result } from '../vocabulary/errors';
import { type AuthMethod, type HttpMethod, MAX_ROWS, MAX_TEXT } from '../vocabulary/terms';
import { MAX_CHECKS, MAX_EXPRESSION, VARIABLE_NAME_PATTERN } from './check-bounds';
import {
  type AnswerVariable,
  ASSERTION_OPERATORS,
  type Assertion,
  type Collection,
  type CollectionItem,
  type Folder,
  type ResponseSchemas,
  type SavedRequest,
  SCHEMA_DIALECTS,
} from './model';

/** The message contract's bounds (src/vocabulary/terms.ts), so that a saved request can always be sent. */
export { MAX_CHECKS, MAX_EXPRESSION, MAX_ROWS, MAX_TEXT, VARIABLE_NAME_PATTERN };
export const MAX_NAME = 200;
export const MAX_BODY = 1_000_000;
/** Requests and folders together, at every level. */
export const MAX_ITEMS = 20_000;
/** A folder at the top level is at depth 1. */
export const MAX_FOLDER_DEPTH = 8;
/** Documented responses an imported request keeps, and the characters of one response's schema. */
export const MAX_RESPONSES = 64;
export const MAX_SCHEMA_CHARS = 200_000;
/** A response's status key in OpenAPI: a code, a range ("2XX") or "default". */
export const STATUS_KEY_PATTERN = /^([1-5](\d\d|XX)|default)$/;
/** The same alphabet as profile ids: ids end up in storage keys and in DOM ids. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * `list`, if it names every member of `T`: the compiler refuses a list that misses one. The
 * method lists are restated here because `messages.ts` imports this module (for the collection
 * messages), and a runtime import back would be a cycle; a test checks both lists are equal.
 */
function everyMember<T extends string>() {
  return <const L extends readonly T[]>(
    list: L & ([Exclude<T, L[number]>] extends [never] ? unknown : never),
  ): L => list;
}

export const COLLECTION_HTTP_METHODS = everyMember<HttpMethod>()([
  'GET',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'HEAD',
  'OPTIONS',
]);
export const COLLECTION_AUTH_METHODS = everyMember<AuthMethod>()([
  'apiKey',
  'oauthBasic',
  'oauthBody',
]);

const IdSchema = v.pipe(v.string(), v.regex(ID_PATTERN));
export const NameSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_NAME));
const TextSchema = v.pipe(v.string(), v.maxLength(MAX_TEXT));
const RowsSchema = v.pipe(
  v.array(v.strictObject({ name: TextSchema, value: TextSchema })),
  v.maxLength(MAX_ROWS),
);

const ExpressionSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_EXPRESSION));

export const AssertionSchema = v.strictObject({
  expression: ExpressionSchema,
  operator: v.picklist(ASSERTION_OPERATORS),
  value: TextSchema,
  enabled: v.boolean(),
}) satisfies v.GenericSchema<Assertion>;

export const AnswerVariableSchema = v.strictObject({
  name: v.pipe(v.string(), v.regex(VARIABLE_NAME_PATTERN)),
  expression: ExpressionSchema,
  enabled: v.boolean(),
}) satisfies v.GenericSchema<AnswerVariable>;

export const AssertionsSchema = v.pipe(v.array(AssertionSchema), v.maxLength(MAX_CHECKS));
export const AnswerVariablesSchema = v.pipe(v.array(AnswerVariableSchema), v.maxLength(MAX_CHECKS));

export const ResponseSchemasSchema = v.strictObject({
  operation: TextSchema,
  dialect: v.picklist(SCHEMA_DIALECTS),
  responses: v.pipe(
    v.array(
      v.strictObject({
        status: v.pipe(v.string(), v.regex(STATUS_KEY_PATTERN)),
        schema: v.pipe(v.string(), v.maxLength(MAX_SCHEMA_CHARS)),
      }),
    ),
    v.maxLength(MAX_RESPONSES),
  ),
}) satisfies v.GenericSchema<ResponseSchemas>;

export const SavedRequestSchema = v.strictObject({
  kind: v.literal('request'),
  id: IdSchema,
  name: NameSchema,
  method: v.picklist(COLLECTION_HTTP_METHODS),
  path: TextSchema,
  query: RowsSchema,
  headers: RowsSchema,
  body: v.pipe(v.string(), v.maxLength(MAX_BODY)),
  assertions: v.exactOptional(AssertionsSchema),
  answerVariables: v.exactOptional(AnswerVariablesSchema),
  responseSchemas: v.exactOptional(ResponseSchemasSchema),
}) satisfies v.GenericSchema<SavedRequest>;

const KindSchema = v.object({ kind: v.picklist(['request', 'folder']) });

// Recursive: a folder holds items. Depth is bounded before any schema runs (findUnsafeShape), so
// the recursion cannot exhaust the stack; the folder depth limit is checked after the schema.
export const ItemSchema: v.GenericSchema<CollectionItem> = v.lazy((input) => {
  const kind = typeof input === 'object' && input !== null && 'kind' in input ? input.kind : null;
  if (kind === 'request') return SavedRequestSchema;
  if (kind === 'folder') return FolderSchema;
  return KindSchema as unknown as v.GenericSchema<CollectionItem>;
});

const FolderSchema: v.GenericSchema<Folder> = v.strictObject({
  kind: v.literal('folder'),
  id: IdSchema,
  name: NameSchema,
  items: v.array(ItemSchema),
});

export const CollectionSchema = v.strictObject({
  id: IdSchema,
  name: NameSchema,
  auth: v.strictObject({
    method: v.picklist(COLLECTION_AUTH_METHODS),
    formEncodeCredentials: v.boolean(),
  }),
  variables: RowsSchema,
  items: v.array(ItemSchema),
}) satisfies v.GenericSchema<Collection>;

/** `collection.items[2].headers`: how paths read in messages. Long keys are cut. */
export function pathText(path: readonly (string | number)[]): string {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else {
      const shown = key.length > 40 ? `${key.slice(0, 40)}…` : key;
      text += /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key)
        ? `${text === '' ? '' : '.'}${shown}`
        : `[${JSON.stringify(shown)}]`;
    }
  }
  return text === '' ? 'the top level' : text;
}

const EXPECTED: Record<string, string> = {
  string: 'text',
  boolean: 'true or false',
  Array: 'a list',
  Object: 'an object',
};

function expectedText(expected: string | null): string {
  if (expected === null) return 'something else';
  const choices = /^\((.*)\)$/.exec(expected)?.[1];
  return choices ? `one of ${choices.split(' | ').join(', ')}` : (EXPECTED[expected] ?? expected);
}

function quoted(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value !== null && typeof value === 'object') return 'an object';
  if (typeof value !== 'string') return String(value);
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
}

/** One plain sentence for one schema issue, naming where it is. */
function describeIssue(issue: v.BaseIssue<unknown>, prefix: readonly (string | number)[]): string {
  const keys = (issue.path ?? []).map((item) => item.key as string | number);
  const where = pathText([...prefix, ...keys]);
  const { input } = issue;
  if (issue.kind === 'schema' && issue.expected === 'never') {
    return `Unknown field at ${where}: this format has no such field.`;
  }
  if (issue.kind === 'schema' && input === undefined) return `Missing field at ${where}.`;
  switch (issue.type) {
    case 'max_length':
    case 'min_length':
      return Array.isArray(input)
        ? `${where} has ${input.length} entries; the limit is ${issue.requirement}.`
        : `${where} is ${(input as string).length} characters long; it must be ${issue.type === 'max_length' ? 'at most' : 'at least'} ${issue.requirement}.`;
    case 'regex':
      return keys.at(-1) === 'name'
        ? `${where} is not a usable variable name: start with a letter or "_", then up to 63 letters, digits, "_", "." or "-".`
        : `${where} is not a valid id: use 1 to 64 letters, digits, "_" or "-".`;
    default:
      return `${where} must be ${expectedText(issue.expected)}, not ${quoted(input)}.`;
  }
}

const FIX_HINT =
  'Correct the file by hand, or export the collection again from Partner API DevTools.';

/** The problem in a schema issue list, with a field the user probably misspelt named first. */
export function schemaProblem(
  issues: readonly v.BaseIssue<unknown>[],
  prefix: readonly (string | number)[] = [],
): AppError {
  const unknownField = issues.find((issue) => issue.expected === 'never');
  const first = unknownField ?? issues[0];
  const message = first
    ? describeIssue(first, prefix)
    : 'The collection does not match its schema.';
  const others = issues.length - 1;
  const more = others > 0 ? ` (And ${others} more problem${others > 1 ? 's' : ''}.)` : '';
  return { code: 'bad_message', message: message + more, hint: FIX_HINT };
}

/**
 * Limits over the whole tree: item count, folder depth, unique ids. Iterative, and kept apart
 * from the schema so that the collection operations can run it on what they build.
 */
export function checkStructure(
  collection: Collection,
  prefix: readonly (string | number)[] = [],
): Result<true> {
  const seen = new Map<string, string>([[collection.id, pathText([...prefix, 'id'])]]);
  const stack: { items: readonly CollectionItem[]; path: (string | number)[]; depth: number }[] = [
    { items: collection.items, path: [...prefix, 'items'], depth: 0 },
  ];
  let count = 0;
  while (stack.length > 0) {
    const level = stack.pop() as (typeof stack)[number];
    count += level.items.length;
    if (count > MAX_ITEMS) {
      return fail(
        'bad_message',
        `The collection holds more than ${MAX_ITEMS} requests and folders.`,
        'Split it into smaller collections.',
      );
    }
    for (const [index, item] of level.items.entries()) {
      const path = [...level.path, index];
      const where = pathText(path);
      const earlier = seen.get(item.id);
      if (earlier !== undefined) {
        return fail(
          'bad_message',
          `The id ${quoted(item.id)} is used twice: at ${earlier} and at ${where}.`,
          `Give each request and folder its own id. ${FIX_HINT}`,
        );
      }
      seen.set(item.id, where);
      if (item.kind !== 'folder') continue;
      if (level.depth + 1 > MAX_FOLDER_DEPTH) {
        return fail(
          'bad_message',
          `Folders are nested more than ${MAX_FOLDER_DEPTH} levels deep at ${where}.`,
          'Move some folders up a level, then try again.',
        );
      }
      stack.push({ items: item.items, path: [...path, 'items'], depth: level.depth + 1 });
    }
  }
  return ok(true);
}

/** Schema, then structure. `prefix` is where the collection sits in a file, for messages. */
export function validateCollection(
  value: unknown,
  prefix: readonly (string | number)[] = [],
): Result<Collection> {
  const parsed = v.safeParse(CollectionSchema, value);
  if (!parsed.success) return { ok: false, error: schemaProblem(parsed.issues, prefix) };
  const structure = checkStructure(parsed.output, prefix);
  return structure.ok ? ok(parsed.output) : structure;
}
