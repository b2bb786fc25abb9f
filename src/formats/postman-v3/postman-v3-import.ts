/**
 * Import of a Postman 12 collection folder (collection schema v3), given as its files (from a zip
 * or a picked folder): the collection's `.resources/definition.yaml`, a folder per folder in
 * `order`, one `<name>.request.yaml` per request. Each file is read into the shape of a v2.1 entry
 * (postman-v3-read.ts) and the whole goes through the v2.1 import, so both formats keep the same
 * things and list the same things in the summary (scripts we do not run, authentication we do not
 * support, example responses, form bodies, …); `pm.test` checks that map to assertions, and our
 * own exported test scripts, come back as assertions and answer variables. What only v3 has
 * (environment files, other collections beside this one, files that are no HTTP request, broken
 * YAML) is listed too: nothing is lost in silence.
 *
 * The files are untrusted: their count, their size and the folder depth are bounded, each file is
 * parsed on its own (YAML aliases bounded, `findUnsafeShape` before any read), and a broken file
 * is named with its line while the rest imports. Never throws.
 */
import { AUTH_VARIABLES } from '../../collections/model';
import { fail, ok, type Result } from '../../vocabulary/errors';
import type { FileImport } from '../import-file';
import { ImportNotes, quoteName } from '../importing/import-notes';
import { type JsonObject, textOf } from '../importing/untrusted-json';
import { yamlMapping } from '../importing/yaml-file';
import type { Directory } from '../opencollection/opencollection-folder-tree';
import {
  type CollectionFile,
  checkImportSize,
  type ParsedYaml,
  parseYaml,
  parseYamlFiles,
} from '../opencollection/opencollection-format';
import { importPostmanData } from '../postman/postman-import';
import { POSTMAN_SCHEMA_V21 } from '../postman/postman-names';
import { v3Description } from './postman-v3-export';
import {
  DEFINITION_FILE,
  KIND_REQUEST,
  MAX_READ_DEPTH,
  REQUEST_SUFFIX,
  REQUEST_SUFFIX_YML,
  RESOURCES_DIR,
} from './postman-v3-format';
import { authOf, eventsOf, folderEntry, requestEntry, rowList } from './postman-v3-read';
import { findCollection } from './postman-v3-tree';

const HINT =
  'Pick a zip of the repository or of its postman folder, or the collection’s folder under postman/collections, as Postman 12 keeps it in git.';

const NOTE = {
  environments: 'Environments were not imported: a profile holds these settings',
  others: 'Other collections beside this one were not imported: import each on its own',
  broken: 'Files that are not valid YAML were not imported',
  aliases:
    'Files whose aliases (*name) expand too far to be read were not imported (an alias bomb?): write the repeated parts out, or remove the aliases',
  unsafe: 'Files with keys such as __proto__ or too deeply nested were not imported',
  notHttp: 'Files that are not HTTP requests (other protocols, other kinds) were not imported',
  otherFiles: 'Files that are not Postman request files were not imported',
  tooDeep: `Folders nested deeper than ${MAX_READ_DEPTH} levels were not imported`,
} as const;

interface Walk {
  notes: ImportNotes;
  /** The request and definition files parsed up front, together (parseYamlFiles), by text. */
  parsed: ReadonlyMap<string, ParsedYaml>;
}

/** A parsed YAML mapping, or null with the reason noted. */
function parseFile(path: string, text: string, walk: Walk): JsonObject | null {
  return yamlMapping(path, walk.parsed.get(text) ?? parseYaml(text), walk.notes, NOTE);
}

function orderOf(data: JsonObject | null): number {
  const order = data?.order;
  return typeof order === 'number' && Number.isFinite(order) ? order : Number.POSITIVE_INFINITY;
}

function requestStem(name: string): string | null {
  if (name.endsWith(REQUEST_SUFFIX)) return name.slice(0, -REQUEST_SUFFIX.length);
  if (name.endsWith(REQUEST_SUFFIX_YML)) return name.slice(0, -REQUEST_SUFFIX_YML.length);
  return null;
}

/** Request stems that have example files (`.resources/<stem>.resources/examples/…`). */
function stemsWithExamples(directory: Directory): Set<string> {
  const resources = directory.folders.get(RESOURCES_DIR);
  const stems = new Set<string>();
  for (const [name, child] of resources?.folders ?? []) {
    if (name.endsWith(RESOURCES_DIR) && (child.files.size > 0 || child.folders.size > 0))
      stems.add(name.slice(0, -RESOURCES_DIR.length));
  }
  return stems;
}

/** The entries of one directory in `order` (then by name), folders and requests together. */
function readDirectory(
  directory: Directory,
  path: string,
  depth: number,
  walk: Walk,
): JsonObject[] {
  const { notes } = walk;
  const examples = stemsWithExamples(directory);
  const entries: { order: number; name: string; entry: () => JsonObject }[] = [];
  for (const [name, text] of directory.files) {
    const filePath = `${path}${name}`;
    const stem = requestStem(name);
    if (stem === null) {
      if (!name.startsWith('.')) notes.add(NOTE.otherFiles, quoteName(filePath));
      continue;
    }
    const data = parseFile(filePath, text, walk);
    if (data === null) continue;
    if (textOf(data.$kind) !== KIND_REQUEST) {
      notes.add(
        NOTE.notHttp,
        `${quoteName(filePath)} (${quoteName(textOf(data.$kind) ?? 'no $kind')})`,
      );
      continue;
    }
    entries.push({
      order: orderOf(data),
      name,
      entry: () => requestEntry(data, stem, examples.has(stem)),
    });
  }
  for (const [name, child] of directory.folders) {
    if (name.startsWith('.')) continue;
    const folderPath = `${path}${name}/`;
    if (depth >= MAX_READ_DEPTH) {
      notes.add(NOTE.tooDeep, quoteName(folderPath));
      continue;
    }
    const definitionText = child.folders.get(RESOURCES_DIR)?.files.get(DEFINITION_FILE);
    const data =
      definitionText === undefined
        ? null
        : parseFile(`${folderPath}${RESOURCES_DIR}/${DEFINITION_FILE}`, definitionText, walk);
    entries.push({
      order: orderOf(data),
      name,
      entry: () => ({
        ...folderEntry(data, name),
        item: readDirectory(child, folderPath, depth + 1, walk),
      }),
    });
  }
  entries.sort((a, b) => a.order - b.order || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return entries.map(({ entry }) => entry());
}

/**
 * The collection's request and definition files parsed together, by text: a thousand small files
 * parse in half the time as one stream (parseYamlFiles gives each the answer parseYaml would).
 */
function parsedUpFront(files: readonly CollectionFile[], prefix: string): Map<string, ParsedYaml> {
  const start = prefix === '' ? '' : `${prefix}/`;
  const texts = files
    .filter(
      ({ path }) =>
        path.startsWith(start) &&
        (requestStem(path) !== null || path.endsWith(`${RESOURCES_DIR}/${DEFINITION_FILE}`)),
    )
    .map(({ text }) => text);
  const parsed = parseYamlFiles(texts);
  return new Map(texts.map((text, at) => [text, parsed[at] as ParsedYaml]));
}

/** The description an export wrote is instructions for Postman users, not content. */
function ownDescription(description: unknown): boolean {
  const text = textOf(description);
  return [AUTH_VARIABLES.apiKey, AUTH_VARIABLES.clientSecret].some(
    (secret) => text === v3Description([secret]),
  );
}

/** The collection in the files of a Postman v3 folder, or a refusal that says what to pick. */
export function importPostmanV3(
  files: readonly CollectionFile[],
  newId: () => string,
): Result<FileImport> {
  const size = checkImportSize(files, HINT);
  if (!size.ok) return size;
  const found = findCollection(files);
  if (found === null) {
    return fail(
      'bad_message',
      'There is no Postman collection in what was picked: no .resources/definition.yaml and no .request.yaml file.',
      HINT,
    );
  }
  const notes = new ImportNotes();
  const walk: Walk = { notes, parsed: parsedUpFront(files, found.prefix) };
  for (const name of found.environments) notes.add(NOTE.environments, quoteName(name));
  for (const name of found.others) notes.add(NOTE.others, quoteName(name));
  const definitionPath = `${RESOURCES_DIR}/${DEFINITION_FILE}`;
  const definitionText = found.root.folders.get(RESOURCES_DIR)?.files.get(DEFINITION_FILE);
  const definition =
    definitionText === undefined ? null : parseFile(definitionPath, definitionText, walk);
  const folderName = found.prefix.slice(found.prefix.lastIndexOf('/') + 1);
  const item = readDirectory(found.root, '', 0, walk);
  const root: JsonObject = {
    info: {
      name: definition?.name ?? (folderName === '' ? undefined : folderName),
      schema: POSTMAN_SCHEMA_V21,
      ...(ownDescription(definition?.description) ? {} : { description: definition?.description }),
    },
    item,
    variable: rowList(definition?.variables),
  };
  const auth = authOf(definition?.auth);
  if (auth !== undefined) root.auth = auth;
  const events = eventsOf(definition?.scripts);
  if (events !== undefined) root.event = events;
  const imported = importPostmanData(root, newId);
  if (!imported.ok) return imported;
  return ok({ ...imported.value, summary: [...notes.lines(), ...imported.value.summary] });
}
