/**
 * Export for Postman 12: a collection as Postman's collection schema v3 folder, the files a team
 * keeps in git (`postman/collections/<Collection>/…`) and one environment
 * (`postman/environments/<Profile>.environment.yaml`). It is made from the v2.1 collection the
 * Postman export builds (postman-export.ts), the way `postman collection migrate` makes v3 from
 * v2.1: the same requests, headers, query, bodies, variables, test scripts (our assertions as
 * `pm.test` checks, carried values set from the answer) and, for OAuth, the same token script as
 * the collection's `http:beforeRequest` script. So one builder decides what leaves, and the
 * export secret linter that ran on it covers this export too.
 *
 * Invariant: no secret is written. The v2.1 builder already left every secret variable empty; the
 * environment lists the credentials as `type: secret` with empty values, to be passed with
 * `postman collection run … --env-var apiKey=…`. The output is deterministic.
 */
import { AUTH_VARIABLES } from '../../collections/model';
import { FolderNames, safeStem } from '../opencollection/opencollection-file-names';
import type { CollectionFile, YamlMap, YamlValue } from '../opencollection/opencollection-format';
import { toYaml } from '../opencollection/opencollection-format';
import { postmanIdFor } from '../postman/postman-export';
import type {
  PostmanCollectionJson,
  PostmanEvent,
  PostmanItem,
  PostmanKeyValue,
  PostmanRequestItem,
} from '../postman/postman-format';
import { isSecretName } from '../postman/postman-names';
import { CARRY_SET_LINE, TEST_SCRIPT_MARKER } from '../postman/postman-test-script';
import { environmentFile } from './postman-v3-environment';
import {
  COLLECTIONS_DIR,
  DEFINITION_FILE,
  KIND_COLLECTION,
  KIND_REQUEST,
  ORDER_STEP,
  POSTMAN_DIR,
  REQUEST_SUFFIX,
  RESOURCES_DIR,
  SCRIPT_AFTER,
  SCRIPT_BEFORE,
  SCRIPT_HTTP_BEFORE,
  SCRIPT_LANGUAGE,
} from './postman-v3-format';

/** What Export for Postman 12 writes: files whose paths start at the repository's root. */
export interface PostmanV3Export {
  /** The collection's folder, `postman/collections/<Collection>`. */
  collectionPath: string;
  /** The environment file, `postman/environments/<Profile>.environment.yaml`. */
  environmentPath: string;
  files: CollectionFile[];
}

/**
 * Rows as a map, Postman's own spelling, when every key is there once; as a list of
 * `{key, value}` otherwise (a map cannot hold `a=1&a=2`).
 */
function rows(list: readonly PostmanKeyValue[]): YamlValue {
  const keys = new Set(list.map(({ key }) => key));
  if (keys.size === list.length && !keys.has('__proto__')) {
    const map: YamlMap = {};
    for (const { key, value } of list) map[key] = value ?? '';
    return map;
  }
  return list.map(({ key, value }) => ({ key, value: value ?? '' }));
}

/**
 * A carried value is set as a local variable too (`pm.variables.set`): locals win over the
 * environment, as the panel's carried values win over the profile's, and last for the run.
 */
const CARRY_V3_LINES = [
  '  const text = typeof value === "string" ? value : JSON.stringify(value);',
  '  pm.variables.set(name, text);',
  '  pm.collectionVariables.set(name, text);',
];

/**
 * Our test script without the helper functions it does not call: the shared prelude is written
 * for every check there is, and a thousand requests would each carry all of it into git.
 * Helpers are `function name(…) {` blocks ending at a `}` line; one is kept when a kept line
 * names it (a call, or a reference such as `parts.map(operand)`), so `read` keeps `own`.
 */
function withoutUnusedHelpers(lines: readonly string[]): string[] {
  if (lines[0] !== TEST_SCRIPT_MARKER) return [...lines];
  const blocks = new Map<string, { start: number; end: number }>();
  for (let at = 0; at < lines.length; at++) {
    const name = /^function ([A-Za-z]+)\(/.exec(lines[at] ?? '')?.[1];
    if (name === undefined) continue;
    const end = lines.indexOf('}', at);
    if (end < 0) return [...lines];
    blocks.set(name, { start: at, end });
    at = end;
  }
  const inBlock = new Set<number>();
  for (const { start, end } of blocks.values())
    for (let at = start; at <= end; at++) inBlock.add(at);
  const used = new Set<string>();
  const visit = (text: string) => {
    for (const [name, block] of blocks) {
      if (used.has(name) || !new RegExp(`\\b${name}\\b`).test(text)) continue;
      used.add(name);
      visit(lines.slice(block.start + 1, block.end + 1).join('\n'));
    }
  };
  visit(lines.filter((_line, at) => !inBlock.has(at)).join('\n'));
  const dropped = new Set<number>();
  for (const [name, { start, end }] of blocks)
    if (!used.has(name)) for (let at = start; at <= end; at++) dropped.add(at);
  return lines.filter((_line, at) => !dropped.has(at));
}

function scripts(events: readonly PostmanEvent[] | undefined, collection: boolean): YamlValue[] {
  return (events ?? []).map(({ listen, script }) => ({
    type:
      listen === 'prerequest' ? (collection ? SCRIPT_HTTP_BEFORE : SCRIPT_BEFORE) : SCRIPT_AFTER,
    code: withoutUnusedHelpers(script.exec)
      .flatMap((line) => (line === CARRY_SET_LINE ? CARRY_V3_LINES : [line]))
      .join('\n'),
    language: SCRIPT_LANGUAGE,
  }));
}

function requestFile(item: PostmanRequestItem, stem: string, order: number): string {
  const { request } = item;
  const query = request.url.query ?? [];
  const file: YamlMap = {
    $kind: KIND_REQUEST,
    id: item.id,
    name: item.name === stem ? undefined : item.name,
    url: request.url.raw,
    method: request.method,
    headers: request.header.length > 0 ? rows(request.header) : undefined,
    // The url keeps its query and queryParams repeats it: Postman sends queryParams when the two
    // differ, and its workspace lint warns about that.
    queryParams: query.length > 0 ? rows(query) : undefined,
    body: request.body === undefined ? undefined : { type: 'json', content: request.body.raw },
    scripts: item.event === undefined ? undefined : scripts(item.event, false),
    order,
  };
  return toYaml(file);
}

function folderFile(id: string, name: string, stem: string, order: number): string {
  return toYaml({ $kind: KIND_COLLECTION, id, name: name === stem ? undefined : name, order });
}

function addItems(items: readonly PostmanItem[], dir: string, into: CollectionFile[]): void {
  const names = new FolderNames([RESOURCES_DIR]);
  items.forEach((item, index) => {
    const order = (index + 1) * ORDER_STEP;
    const stem = names.claim(item.name, '', 'item');
    if ('item' in item) {
      const path = `${dir}/${stem}`;
      into.push({
        path: `${path}/${RESOURCES_DIR}/${DEFINITION_FILE}`,
        text: folderFile(item.id, item.name, stem, order),
      });
      addItems(item.item, path, into);
    } else {
      into.push({ path: `${dir}/${stem}${REQUEST_SUFFIX}`, text: requestFile(item, stem, order) });
    }
  });
}

/** What the collection's description says: where the secrets go, and the command that runs it. */
export function v3Description(secrets: readonly string[]): string {
  return [
    'Exported by Partner API DevTools for Postman 12 (collection schema v3). Secrets are not part of these files.',
    `Set ${secrets.join(', ')} in the environment, or pass them when you run the collection:`,
    `postman collection run postman/collections/<collection> -e postman/environments/<environment>.environment.yaml ${secrets.map((name) => `--env-var ${name}=…`).join(' ')}`,
  ].join('\n');
}

/** The credentials of an export of this kind: the variables that are always written empty. */
export function exportSecrets(json: PostmanCollectionJson): string[] {
  return json.auth.type === 'apikey' ? [AUTH_VARIABLES.apiKey] : [AUTH_VARIABLES.clientSecret];
}

function definitionFile(json: PostmanCollectionJson): string {
  const auth: YamlMap =
    json.auth.type === 'apikey'
      ? {
          id: postmanIdFor(`${json.info._postman_id} apikey`),
          type: 'apikey',
          name: 'apikey auth',
          credentials: rows(json.auth.apikey.filter(({ key }) => key !== 'type')),
        }
      : { id: '', type: 'noauth', name: 'No Auth' };
  return toYaml({
    $kind: KIND_COLLECTION,
    id: json.info._postman_id,
    name: json.info.name,
    description: v3Description(exportSecrets(json)),
    variables: rows(json.variable),
    scripts: json.event === undefined ? undefined : scripts(json.event, true),
    auth: [auth],
  });
}

/** The settings a run needs, from the collection's variables; credentials empty and secret. */
function environmentRows(
  json: PostmanCollectionJson,
): { key: string; value: string; secret: boolean }[] {
  const settings = new Set<string>(Object.values(AUTH_VARIABLES));
  return json.variable
    .filter(({ key }) => settings.has(key))
    .map(({ key, value }) => {
      const secret = isSecretName(key);
      return { key, value: secret ? '' : (value ?? ''), secret };
    });
}

/**
 * The v3 files of a v2.1 export. `environmentName`: the profile whose settings the v2.1 export
 * carries (its name names the environment file).
 */
export function exportPostmanV3(
  json: PostmanCollectionJson,
  environmentName: string,
): PostmanV3Export {
  const collectionStem = safeStem(json.info.name, 'Collection');
  const collectionPath = `${POSTMAN_DIR}/${COLLECTIONS_DIR}/${collectionStem}`;
  const files: CollectionFile[] = [
    { path: `${collectionPath}/${RESOURCES_DIR}/${DEFINITION_FILE}`, text: definitionFile(json) },
  ];
  addItems(json.item, collectionPath, files);
  const environment = environmentFile(environmentName, environmentRows(json));
  files.push(environment);
  return { collectionPath, environmentPath: environment.path, files };
}
