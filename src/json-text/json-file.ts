/**
 * The first steps of every import of a JSON file: the size bound, a byte-order mark, an empty file,
 * `JSON.parse` with a refusal that says where (never the engine's own message: it differs between
 * browsers and may quote the file, secrets included) and the safety check of the parsed shape.
 */
import { fail, ok, type Result } from '../vocabulary/errors';
import { describeUnsafeFile, findUnsafeShape } from '../vocabulary/safe-object';
import { locateJsonError } from './json-syntax';

export interface JsonFileRules {
  /** The largest text, in UTF-16 code units. */
  maxChars: number;
  tooLarge: { message: string; hint: string };
  /** What to do after each other refusal. */
  hints: { empty: string; invalid: string; unsafe: string };
  /** Runs on the parsed value before the safety check: removes parts the import never reads. */
  prune?: (data: unknown) => void;
}

/** "line 3, column 7: …" for a text that `JSON.parse` refused. */
export function describeJsonSyntaxError(text: string, error: unknown): string {
  const where = locateJsonError(text);
  return where
    ? `line ${where.line}, column ${where.column}: ${where.reason}`
    : `${error instanceof SyntaxError ? 'a syntax error' : 'an error'} at an unknown place`;
}

export function readJsonFile(text: unknown, rules: JsonFileRules): Result<unknown> {
  if (typeof text !== 'string')
    return fail('bad_message', 'The file is not text.', rules.hints.empty);
  if (text.length > rules.maxChars) {
    return fail('bad_message', rules.tooLarge.message, rules.tooLarge.hint);
  }
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (body.trim() === '') return fail('bad_message', 'The file is empty.', rules.hints.empty);
  let data: unknown;
  try {
    data = JSON.parse(body) as unknown;
  } catch (error) {
    const detail = describeJsonSyntaxError(body, error);
    return fail('bad_message', `The file is not valid JSON (${detail}).`, rules.hints.invalid);
  }
  rules.prune?.(data);
  const problem = findUnsafeShape(data);
  if (problem !== null) return fail('bad_message', describeUnsafeFile(problem), rules.hints.unsafe);
  return ok(data);
}
