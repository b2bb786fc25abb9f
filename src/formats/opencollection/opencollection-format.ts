/**
 * The words of Bruno's OpenCollection YAML (Bruno 3) that this extension writes and reads, and the
 * one place YAML text is made and parsed (js-yaml, never string templates). A collection is a
 * folder: `opencollection.yml` at the top, `folder.yml` in each folder, one `<name>.yml` per
 * request, `environments/<name>.yml` per environment.
 *
 * The check fields (assertions, answer variables) are declared here by their agreed shape, so that
 * this folder reads and writes them whether or not the collection model has them yet.
 */
import {
  CORE_SCHEMA,
  DEFAULT_SCALAR_STYLE_RULES,
  dump,
  load,
  loadAll,
  SCALAR_STYLE,
  type ScalarLayout,
  YAMLException,
} from 'js-yaml';
import {
  ASSERTION_OPERATORS,
  type AssertionOperator,
  UNARY_OPERATORS,
} from '../../collections/model';
import { fail, ok, type Result } from '../../vocabulary/errors';
import { ALIAS_GROWTH_REASON, aliasesGrowTooMuch } from '../yaml-expansion';

export const COLLECTION_FILE = 'opencollection.yml';
export const FOLDER_FILE = 'folder.yml';
export const ENVIRONMENTS_DIR = 'environments';
export const YAML_EXTENSION = '.yml';
export const OPENCOLLECTION_VERSION = '1.0.0';

/** Characters of all files of an imported folder together, as for the other imports. */
export const MAX_IMPORT_CHARS = 32 * 1024 * 1024;
/** Files read from one folder: a bound on the work a hostile archive can cause. */
export const MAX_IMPORT_FILES = 50_000;

/** The path of the token endpoint under the Auth URL (spec 4.1). */
export const TOKEN_PATH = '/o/oauth/accesstoken';

/** The check fields and their vocabulary are the collection model's. */
export type { AnswerVariable, Assertion, AssertionOperator } from '../../collections/model';
export { UNARY_OPERATORS } from '../../collections/model';

/** Operators that take a value: every operator of the model that is not unary. */
export const BINARY_OPERATORS: ReadonlySet<AssertionOperator> = new Set(
  ASSERTION_OPERATORS.filter((operator) => !UNARY_OPERATORS.has(operator)),
);

/** One file of a collection folder: a `/`-separated path under the folder, and its text. */
export interface CollectionFile {
  path: string;
  text: string;
}

/** Refuses a picked folder or zip beyond the import bounds, with `hint` saying what to pick. */
export function checkImportSize(files: readonly CollectionFile[], hint: string): Result<null> {
  if (files.length > MAX_IMPORT_FILES) {
    return fail(
      'bad_message',
      `The folder has more than ${MAX_IMPORT_FILES.toLocaleString('en')} files.`,
      hint,
    );
  }
  let chars = 0;
  for (const file of files) chars += file.text.length;
  if (chars > MAX_IMPORT_CHARS) {
    return fail(
      'bad_message',
      `The files are larger than the ${MAX_IMPORT_CHARS / 1024 / 1024} MB an import may have.`,
      hint,
    );
  }
  return ok(null);
}

/** A mapping written in the order its keys were added; `undefined` values are left out. */
export type YamlMap = { [key: string]: YamlValue | undefined };
export type YamlValue = string | number | boolean | YamlValue[] | YamlMap;

/**
 * YAML text of `value`, keys in insertion order (the builders add them in one fixed order, so the
 * same collection gives the same bytes), strings quoted whenever plain text would read back as
 * something else to a YAML 1.1 or 1.2 reader (`{{var}}` would be a mapping, `200` a number, `no`
 * a boolean), no line folding.
 */
export function toYaml(value: YamlMap): string {
  return dump(value, {
    lineWidth: -1,
    noRefs: true,
    quoteStyle: 'double',
    scalarStyleRules: [quoteVariables, ...Object.values(DEFAULT_SCALAR_STYLE_RULES)],
  });
}

/**
 * Every one-line value holding a `{{variable}}` is double-quoted, also where plain text would be
 * valid (`Bearer {{token}}`): a hand edit that moves the variable to the front stays a string.
 */
function quoteVariables(layout: ScalarLayout): void {
  const { node } = layout;
  const allowed = (layout.allowedStylesMask & (1 << SCALAR_STYLE.DOUBLE_QUOTED)) !== 0;
  if (layout.isKey || !allowed || !node.value.includes('{{') || node.value.includes('\n')) return;
  if (layout.style === SCALAR_STYLE.PLAIN) layout.style = SCALAR_STYLE.DOUBLE_QUOTED;
}

/** The line of the first alias (`*name`) in `text`, where an alias bomb shows first. */
function firstAliasLine(text: string): number {
  const at = text.search(/(^|[\s[{,:-])\*[^\s,\]}]/);
  return at < 0 ? 1 : text.slice(0, at + 1).split('\n').length;
}

/** `aliases`: the file parses, but its aliases expand too far to be read (yaml-expansion.ts). */
export type ParsedYaml =
  | { ok: true; value: unknown }
  | { ok: false; line: number; reason: string; aliases?: true };

const LOAD_OPTIONS = { schema: CORE_SCHEMA, maxDepth: 64 } as const;

/** A parsed value, refused when its aliases expand too far (yaml-expansion.ts). */
function checked(value: unknown, text: string): ParsedYaml {
  if (aliasesGrowTooMuch(value))
    return { ok: false, line: firstAliasLine(text), reason: ALIAS_GROWTH_REASON, aliases: true };
  return { ok: true, value };
}

/** The data of one YAML file (the core schema: plain data only), or where and why it is broken. */
export function parseYaml(text: string): ParsedYaml {
  try {
    return checked(load(text, LOAD_OPTIONS), text);
  } catch (error) {
    if (!(error instanceof YAMLException)) throw error;
    return { ok: false, line: (error.mark?.line ?? 0) + 1, reason: error.reason };
  }
}

/**
 * A line that could start or end a document, or a directive, or a byte order mark: what could
 * make one file's text reach into another's document in a stream. Broader than YAML's own rule
 * (`----` matches too): such a file is simply parsed on its own.
 */
const MAY_SPLIT = /^(?:---|\.\.\.|%)|\uFEFF/m;

/**
 * Each text parsed as parseYaml parses it, the same answer for each, in half the time for many
 * small files (a thousand request files of a Postman 12 folder): the texts that end with a line
 * break and hold no document marker, directive or byte order mark are parsed as one stream, each
 * its own document after a `---` line (anchors do not cross documents). Since none of them can start a document of its own,
 * the stream has one document per text unless a text reached into the next one (an unclosed
 * quote or bracket): then, on any error, and for a text that is no document (empty, comments
 * only), each is parsed on its own, so every file's answer and line are its own.
 */
export function parseYamlFiles(texts: readonly string[]): ParsedYaml[] {
  const results: (ParsedYaml | undefined)[] = texts.map(() => undefined);
  // A text must end its last line itself: a line break added after a kept (`|+`) block scalar
  // would become part of its value.
  const streamed = texts.flatMap((text, at) =>
    text.endsWith('\n') && !MAY_SPLIT.test(text) ? [at] : [],
  );
  for (let start = 0; start < streamed.length; start += STREAM_FILES)
    parseStream(texts, streamed.slice(start, start + STREAM_FILES), results);
  return texts.map((text, at) => results[at] ?? parseYaml(text));
}

/**
 * Texts parsed together per stream: enough to share the parser's start-up, few enough that the
 * stream's events stay short-lived garbage.
 */
const STREAM_FILES = 64;

/** Parses the texts at `streamed` as one stream into `results`, or leaves them all unset. */
function parseStream(
  texts: readonly string[],
  streamed: readonly number[],
  results: (ParsedYaml | undefined)[],
): void {
  if (streamed.length < 2) return;
  let documents: unknown[];
  try {
    documents = loadAll(streamed.map((at) => `---\n${texts[at]}`).join(''), LOAD_OPTIONS);
  } catch (error) {
    if (!(error instanceof YAMLException)) throw error;
    return;
  }
  if (documents.length !== streamed.length) return;
  streamed.forEach((at, index) => {
    const value = documents[index];
    if (value !== null && value !== undefined) results[at] = checked(value, texts[at] as string);
  });
}
