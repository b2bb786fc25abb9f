/**
 * The text of an OpenAPI or Swagger file into plain data: JSON when it opens with `{` or `[`
 * (`JSON.parse` is many times faster than a YAML parser), YAML otherwise, read by `js-yaml` with
 * the YAML 1.2 core schema plus `<<` merge keys (anchors and aliases resolved; no timestamps,
 * binaries or other types that are not plain data). A refusal names the line and column.
 * Never throws.
 *
 * Aliases are not limited: the parser gives every use of an anchor the same value (nothing is
 * copied), and tools that write YAML use one anchor thousands of times in large documents. The
 * "billion laughs" danger is in walking such a value as a tree; every reader after this one walks
 * a shared value once, or within a budget (openapi-document.ts, openapi-example.ts,
 * openapi-json-text.ts). Nesting and merges are limited here.
 */
import { CORE_SCHEMA, load, mergeTag, YAMLException } from 'js-yaml';
import { describeJsonSyntaxError } from '../../json-text/json-file';
import { fail, ok, type Result } from '../../vocabulary/errors';
import { ALIAS_GROWTH_REASON, aliasesGrowTooMuch } from '../yaml-expansion';

export type SourceFormat = 'json' | 'yaml';

export interface ParsedText {
  value: unknown;
  format: SourceFormat;
}

/** Characters (UTF-16 code units) of file text, the same bound as the other imports. */
export const MAX_OPENAPI_CHARS = 32 * 1024 * 1024;
/** Nesting of YAML collections: deeper than any API description, and the walkers' bound. */
export const MAX_YAML_DEPTH = 128;

const HINT =
  'Fix the document at that place (an editor with OpenAPI or YAML support shows the problem), or export it again from the tool that made it.';

const YAML_OPTIONS = {
  schema: CORE_SCHEMA.withTags(mergeTag),
  maxDepth: MAX_YAML_DEPTH,
  // Keys copied by `<<` merges, all merges together: bounds the work merges of merges can cause.
  maxTotalMergeKeys: 1_000_000,
};

function parseJson(text: string): Result<ParsedText> {
  try {
    return ok({ value: JSON.parse(text) as unknown, format: 'json' });
  } catch (error) {
    const detail = describeJsonSyntaxError(text, error);
    return fail('bad_message', `The document is not valid JSON (${detail}).`, HINT);
  }
}

/**
 * The parser's reason (a phrase such as "bad indentation of a mapping entry") and its place; its
 * full message is not used, as it quotes lines of the file.
 */
function describeYamlError(error: unknown): string {
  if (error instanceof YAMLException) {
    const { mark } = error;
    const where = mark ? `line ${mark.line + 1}, column ${mark.column + 1}: ` : '';
    return `The document is not valid YAML (${where}${error.reason.slice(0, 200)}).`;
  }
  if (error instanceof RangeError) return 'The YAML document is nested too deeply to read.';
  return 'The YAML document could not be read.';
}

function parseYaml(text: string): Result<ParsedText> {
  try {
    const value = load(text, YAML_OPTIONS);
    if (aliasesGrowTooMuch(value))
      return fail('bad_message', `The YAML document was refused: ${ALIAS_GROWTH_REASON}.`, HINT);
    return ok({ value, format: 'yaml' });
  } catch (error) {
    // The parser reports every problem by throwing; each becomes a refusal that names it.
    return fail('bad_message', describeYamlError(error), HINT);
  }
}

/** JSON or YAML text into data; the refusal says where the text is broken. */
export function parseOpenApiText(text: string): Result<ParsedText> {
  if (typeof text !== 'string') return fail('bad_message', 'The file is not text.', HINT);
  if (text.length > MAX_OPENAPI_CHARS) {
    return fail(
      'bad_message',
      `The file is larger than the ${MAX_OPENAPI_CHARS / 1024 / 1024} MB an OpenAPI import may have.`,
      'Split the document (for example one per tag) and import each part.',
    );
  }
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const opening = /\S/.exec(body)?.[0];
  if (opening === undefined) return fail('bad_message', 'The file is empty.', HINT);
  return opening === '{' || opening === '[' ? parseJson(body) : parseYaml(body);
}
