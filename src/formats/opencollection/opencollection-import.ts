/**
 * Import of an OpenCollection YAML folder (Bruno 3), given as its files (from a zip or a picked
 * folder): `opencollection.yml` for the name, authentication and variables, a folder per folder in
 * `seq` order, one request per file. The summary lists, by kind, everything that did not come
 * along (scripts, other authentication, environments, files that are not YAML, …), as the other
 * importers do; nothing is lost in silence.
 *
 * The files are untrusted: their count and size are bounded, each is parsed on its own (a broken
 * request file is reported by path and line, the rest imports), and each passes
 * `findUnsafeShape` before it is read. Secrets stay out: secret variables are never read, and
 * variables and rows that look like secrets are left behind, named only. Never throws.
 */
import { MAX_FOLDER_DEPTH } from '../../collections/collection-schema';
import type { Collection, CollectionItem } from '../../collections/model';
import { isCredentialName } from '../../redaction/secret-patterns';
import { fail, ok, type Result } from '../../vocabulary/errors';
import type { NameValue } from '../../vocabulary/terms';
import type { FileImport } from '../import-file';
import { ImportNotes, quoteName } from '../importing/import-notes';
import { isObject, type JsonObject } from '../importing/untrusted-json';
import { yamlMapping } from '../importing/yaml-file';
import { type Directory, findRoot } from './opencollection-folder-tree';
import {
  COLLECTION_FILE,
  type CollectionFile,
  checkImportSize,
  ENVIRONMENTS_DIR,
  FOLDER_FILE,
  parseYaml,
  YAML_EXTENSION,
} from './opencollection-format';
import { readCollectionAuth } from './opencollection-read-auth';
import {
  itemName,
  type ReadContext,
  readHeaders,
  readRequestFile,
  textAt,
} from './opencollection-read-request';

const HINT =
  'Pick a zip of the collection folder (the one holding opencollection.yml), as Bruno 3 saves it in YAML.';

const NOTE = {
  environments: 'Environments were not imported: a profile holds these settings',
  broken: 'Files that are not valid YAML were not imported',
  aliases:
    'Files whose aliases (*name) expand too far to be read were not imported (an alias bomb?): write the repeated parts out, or remove the aliases',
  unsafe: 'Files with keys such as __proto__ or too deeply nested were not imported',
  otherFiles: 'Files that are not YAML were not imported',
  bru: 'Files in Bruno’s older .bru format were not imported',
  secretVariable: 'Variables named like credentials were not imported',
  collectionScripts: 'Collection and folder scripts were not imported',
  folderAuth: 'Folders with their own authentication now use the collection’s',
  inheritedHeaders:
    'Headers of the collection and its folders were added to each request below them',
  flattened: `Folders nested deeper than ${MAX_FOLDER_DEPTH} levels were merged into their parent`,
} as const;

/** A parsed YAML mapping, or null with the reason noted. */
function parseFile(path: string, text: string, notes: ImportNotes): JsonObject | null {
  return yamlMapping(path, parseYaml(text), notes, NOTE);
}

interface Walk {
  context: ReadContext;
  newId: () => string;
}

function seqOf(data: JsonObject | null): number {
  const seq = isObject(data?.info) ? data.info.seq : undefined;
  return typeof seq === 'number' && Number.isFinite(seq) ? seq : Number.POSITIVE_INFINITY;
}

/** The items of one directory, in `seq` order (then by name), folders and requests together. */
function readDirectory(
  directory: Directory,
  path: string,
  depth: number,
  walk: Walk,
): CollectionItem[] {
  const { notes } = walk.context;
  const entries: { seq: number; name: string; item: () => CollectionItem[] }[] = [];
  for (const [name, text] of directory.files) {
    if (name === FOLDER_FILE || (depth === 0 && name === COLLECTION_FILE)) continue;
    const filePath = `${path}${name}`;
    if (!name.endsWith(YAML_EXTENSION)) {
      if (name.endsWith('.bru')) notes.add(NOTE.bru, quoteName(filePath));
      else if (!name.startsWith('.')) notes.add(NOTE.otherFiles, quoteName(filePath));
      continue;
    }
    const data = parseFile(filePath, text, notes);
    if (data === null) continue;
    const fallback = name.slice(0, -YAML_EXTENSION.length);
    entries.push({
      seq: seqOf(data),
      name,
      item: () => {
        const request = readRequestFile(data, fallback, walk.newId(), walk.context);
        return request === null ? [] : [request];
      },
    });
  }
  for (const [name, child] of directory.folders) {
    if (name.startsWith('.') || (depth === 0 && name === ENVIRONMENTS_DIR)) continue;
    const folderText = child.files.get(FOLDER_FILE);
    const data =
      folderText === undefined
        ? null
        : parseFile(`${path}${name}/${FOLDER_FILE}`, folderText, notes);
    entries.push({
      seq: seqOf(data),
      name,
      item: () => readFolder(child, name, data, `${path}${name}/`, depth, walk),
    });
  }
  entries.sort((a, b) => a.seq - b.seq || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return entries.flatMap((entry) => entry.item());
}

function readFolder(
  directory: Directory,
  directoryName: string,
  data: JsonObject | null,
  path: string,
  depth: number,
  walk: Walk,
): CollectionItem[] {
  const { context } = walk;
  const name = itemName(
    isObject(data?.info) ? data.info.name : undefined,
    directoryName,
    context.notes,
  );
  const defaults = isObject(data?.request) ? data.request : {};
  if (defaults.auth !== undefined && defaults.auth !== 'inherit')
    context.notes.add(NOTE.folderAuth, quoteName(name));
  if (defaults.scripts !== undefined) context.notes.add(NOTE.collectionScripts, quoteName(name));
  const headers = readHeaders(defaults.headers, quoteName(name), context.notes);
  if (headers.length > 0) context.notes.add(NOTE.inheritedHeaders, quoteName(name));
  const inherited = context.inheritedHeaders;
  context.inheritedHeaders = [...inherited, ...headers];
  const items = readDirectory(directory, path, depth + 1, walk);
  context.inheritedHeaders = inherited;
  if (depth + 1 > MAX_FOLDER_DEPTH) {
    context.notes.add(NOTE.flattened, quoteName(name));
    return items;
  }
  return [{ kind: 'folder', id: walk.newId(), name, items }];
}

/** The contract headers exactly as the export writes them: the profile sets them again. */
function withoutOwnHeaders(headers: unknown): unknown[] {
  const own = (entry: unknown) =>
    isObject(entry) &&
    ((textAt(entry.name).toLowerCase() === 'content-type' &&
      textAt(entry.value) === 'application/json') ||
      (textAt(entry.name).toLowerCase() === 'companyid' &&
        textAt(entry.value) === '{{companyId}}'));
  return Array.isArray(headers) ? headers.filter((entry) => !own(entry)) : [];
}

function readVariables(list: unknown, notes: ImportNotes): NameValue[] {
  const rows: NameValue[] = [];
  for (const entry of Array.isArray(list) ? list.filter(isObject) : []) {
    const name = textAt(entry.name).trim();
    if (name === '' || entry.disabled === true) continue;
    if (entry.secret === true || isCredentialName(name))
      notes.add(NOTE.secretVariable, quoteName(name));
    else rows.push({ name, value: textAt(entry.value) });
  }
  return rows;
}

/**
 * The collection in the files of an OpenCollection folder, or a refusal that says what to pick.
 * `written`: paths the caller wrote there itself (a folder sync's own environment files), which
 * the summary does not list as not imported.
 */
export function importOpenCollection(
  files: readonly CollectionFile[],
  newId: () => string,
  written: ReadonlySet<string> = new Set(),
): Result<FileImport> {
  const size = checkImportSize(files, HINT);
  if (!size.ok) return size;
  const found = findRoot(files);
  if (found === null) {
    const bru = files.some(({ path }) => path.endsWith('bruno.json') || path.endsWith('.bru'));
    return fail(
      'bad_message',
      bru
        ? 'This is a Bruno collection in the older .bru format; only the YAML format (OpenCollection, Bruno 3) is read.'
        : `There is no ${COLLECTION_FILE} in what was picked, so it is no OpenCollection (Bruno) collection.`,
      bru
        ? 'In Bruno 3, save the collection in the YAML format, then zip its folder and import that.'
        : HINT,
    );
  }
  const notes = new ImportNotes();
  const top = found.root.files.get(COLLECTION_FILE) ?? '';
  const collectionPath =
    found.prefix === '' ? COLLECTION_FILE : `${found.prefix}/${COLLECTION_FILE}`;
  const parsed = parseYaml(top);
  if (!parsed.ok) {
    return fail(
      'bad_message',
      parsed.aliases
        ? `${collectionPath} was refused: ${parsed.reason}.`
        : `${collectionPath} is not valid YAML: line ${parsed.line}, ${parsed.reason}.`,
      'Fix the file at that line (an editor with YAML support shows the problem), or save the collection again in Bruno.',
    );
  }
  const data = parseFile(collectionPath, top, notes);
  if (data === null) return fail('bad_message', `${collectionPath} holds no collection.`, HINT);
  const defaults = isObject(data.request) ? data.request : {};
  const auth = readCollectionAuth(defaults.auth, notes);
  if (defaults.scripts !== undefined) notes.add(NOTE.collectionScripts, quoteName(COLLECTION_FILE));
  const context: ReadContext = { notes, variables: new Map(), inheritedHeaders: [] };
  const headers = readHeaders(
    withoutOwnHeaders(defaults.headers),
    quoteName(COLLECTION_FILE),
    notes,
  );
  if (headers.length > 0) notes.add(NOTE.inheritedHeaders, quoteName(COLLECTION_FILE));
  context.inheritedHeaders = headers;
  const variables = readVariables(defaults.variables, notes);
  const items = readDirectory(found.root, '', 0, { context, newId });
  for (const [name, value] of context.variables) {
    if (!variables.some((row) => row.name === name)) variables.push({ name, value });
  }
  const environments = found.root.folders.get(ENVIRONMENTS_DIR);
  const environmentsPath =
    found.prefix === '' ? ENVIRONMENTS_DIR : `${found.prefix}/${ENVIRONMENTS_DIR}`;
  for (const name of environments?.files.keys() ?? [])
    if (!written.has(`${environmentsPath}/${name}`)) notes.add(NOTE.environments, quoteName(name));
  const info = isObject(data.info) ? data.info : {};
  const collection: Collection = {
    id: newId(),
    name: itemName(info.name, 'Imported collection', notes),
    auth,
    variables,
    items,
  };
  return ok({ collection, summary: notes.lines() });
}
