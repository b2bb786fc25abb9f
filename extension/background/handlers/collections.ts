/**
 * Saved collections, kept in `storage.local`, and their way in and out of the extension. Nothing
 * leaves without the secret linter's consent: every export is checked against every stored secret
 * and access token, and refused (naming the field) when it finds one or something that looks like
 * one. Nothing is kept with a stored secret in it either (src/collections/secrets-at-rest.ts): a
 * save that holds one is refused, an import has it masked and says where. Imports are validated
 * completely before anything is written.
 */
import * as v from 'valibot';
import { mergeOnImport, nameClash } from '../../../src/collections/collection-ops';
import { CollectionSchema, validateCollection } from '../../../src/collections/collection-schema';
import type { Collection } from '../../../src/collections/model';
import { maskStoredSecrets, refuseStoredSecrets } from '../../../src/collections/secrets-at-rest';
import type { FileImport } from '../../../src/formats/import-file';
import { IMPORT_MAX_CHARS, type ImportOutcome } from '../../../src/protocol/messages';
import { unpackText } from '../../../src/protocol/packed-text';
import type { Handlers } from '../../../src/protocol/router';
import type { KnownSecrets } from '../../../src/redaction/known-secret-redaction';
import { fail, ok, type Result } from '../../../src/vocabulary/errors';
import { browser } from '../ext';
import { type WorkerFormats, workerFormats } from '../lazy-formats';
import { phaseTimes } from '../phase-times';
import { fullRedactor, knownSecrets, replyRedactor } from '../stores/known-secrets';
import {
  loadActiveProfileId,
  loadProfiles,
  readKey,
  StorageError,
  serially,
  write,
} from '../stores/storage';

/**
 * Collections are stored as one JSON string, not as an object tree: Chrome converts every stored
 * object node on write, which took 0.7 s for a 10 000-request collection; a string is one value.
 */
const StoredCollections = v.pipe(v.string(), v.parseJson(), v.array(CollectionSchema));
const loadCollections = (): Promise<Collection[]> => readKey('collections', StoredCollections, []);
const storeCollections = (collections: readonly Collection[]) =>
  write({ collections: JSON.stringify(collections) });

function notFound(id: string): Result<never> {
  return fail(
    'not_found',
    `There is no collection with id ${id.slice(0, 64)}.`,
    'It may have been deleted in another window.',
  );
}

/** What each use of the saved secrets says while the lock holds them. */
const LOCKED_REASONS = {
  export: {
    message:
      'The saved secrets are locked, and every export is first checked against them so that no saved secret leaks into the file.',
    hint: 'Unlock with your passphrase (the banner under the toolbar), then export again.',
  },
  save: {
    message:
      'The saved secrets are locked, and every saved request is first checked against them so that no saved secret is written into a collection.',
    hint: 'Unlock with your passphrase (the banner under the toolbar), then save again. Your request is still in the composer.',
  },
  import: {
    message:
      'The saved secrets are locked, and every import is first checked against them so that no saved secret is written into a collection.',
    hint: 'Unlock with your passphrase (the banner under the toolbar), then import again.',
  },
};

/**
 * Every saved secret and held token (with OAuth profiles' client id and secret pairs, whose base64
 * is a form of the secret), which no collection may hold; while locked, why not.
 */
async function secretsToCheck(use: keyof typeof LOCKED_REASONS): Promise<Result<KnownSecrets>> {
  try {
    return ok(await knownSecrets());
  } catch (error) {
    if (!(error instanceof StorageError) || error.appError.code !== 'vault_locked') throw error;
    const { message, hint } = LOCKED_REASONS[use];
    return fail('vault_locked', message, hint);
  }
}

function fileName(collection: Collection, format: 'native' | 'postman'): string {
  const slug =
    collection.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'collection';
  return format === 'native' ? `${slug}.partner-api.json` : `${slug}.postman_collection.json`;
}

/**
 * The saved collections, with every held secret masked: none is saved any more, but a collection
 * saved before that rule may hold one. The panel never sees it, and it does not stay at rest
 * either: the masked collections are written back (while locked the secrets are unknown, so this
 * waits for the unlock). Searched whole first: masking string by string costs ten times as much.
 */
export const listCollections: Handlers['collections/list'] = () =>
  serially(async () => {
    const collections = await loadCollections();
    const redactor = await replyRedactor();
    if (redactor.holds(JSON.stringify(collections)) === null) return ok({ collections });
    const masked = redactor.deep(collections);
    await storeCollections(masked);
    return ok({ collections: masked });
  });

export const putCollection: Handlers['collections/put'] = ({ collection: input }) =>
  serially(async () => {
    // The schema has run; the limits (item count, folder depth, unique ids) are checked here.
    const checked = validateCollection(input);
    if (!checked.ok) return checked;
    const collection = checked.value;
    const secrets = await secretsToCheck('save');
    if (!secrets.ok) return secrets;
    const clean = refuseStoredSecrets(collection, secrets.value.secrets, secrets.value.pairs);
    if (!clean.ok) return clean;
    const all = await loadCollections();
    const index = all.findIndex((item) => item.id === collection.id);
    await storeCollections(index === -1 ? [...all, collection] : all.with(index, collection));
    return ok({ collection });
  });

export const deleteCollection: Handlers['collections/delete'] = ({ id }) =>
  serially(async () => {
    const all = await loadCollections();
    if (!all.some((item) => item.id === id)) return notFound(id);
    await storeCollections(all.filter((item) => item.id !== id));
    return ok({ id });
  });

/** What every export starts from: the saved collection, every secret it must not hold, the formats. */
async function exportInputs(
  id: string,
): Promise<Result<{ collection: Collection; secrets: KnownSecrets; formats: WorkerFormats }>> {
  const collection = (await loadCollections()).find((item) => item.id === id);
  if (collection === undefined) return notFound(id);
  const secrets = await secretsToCheck('export');
  if (!secrets.ok) return secrets;
  const formats = workerFormats();
  if (!formats.ok) return formats;
  return ok({ collection, secrets: secrets.value, formats: formats.value });
}

export const exportCollectionHandler: Handlers['collections/export'] = async ({ id, format }) => {
  const inputs = await exportInputs(id);
  if (!inputs.ok) return inputs;
  const { collection, secrets, formats } = inputs.value;
  const { exportCollection, exportPostman, lintForSecrets } = formats;
  const clean = lintForSecrets(collection, secrets.secrets, secrets.pairs);
  if (!clean.ok) return clean;
  // Postman exports carry the active profile's non-secret settings, so only secrets are left to fill.
  const profiles = await loadProfiles();
  const activeId = await loadActiveProfileId();
  const active = profiles.find((profile) => profile.id === activeId) ?? profiles[0];
  const values = active && {
    baseUrl: active.baseUrl,
    authUrl: active.authUrl,
    companyId: active.companyId,
    clientId: active.clientId,
  };
  const text =
    format === 'native'
      ? exportCollection(collection)
      : exportPostman(collection, {
          ...(values === undefined ? {} : { values }),
          profileVariables: active?.variables ?? [],
          storedSecrets: secrets.secrets,
          pairs: secrets.pairs,
        });
  return ok({ fileName: fileName(collection, format), text });
};

/**
 * Export for Bruno: the collection's OpenCollection folder, with an environment for each profile
 * the user chose (Connect folder chooses none: each profile of the collection's auth method, or
 * the active profile when none has it). The export linter
 * runs inside `exportOpenCollection`, against every stored secret; the panel zips the files.
 */
export const exportFolderHandler: Handlers['collections/export-folder'] = async ({
  id,
  profileIds,
}) => {
  const inputs = await exportInputs(id);
  if (!inputs.ok) return inputs;
  const { collection, secrets, formats } = inputs.value;
  const profiles = await loadProfiles();
  const activeId = await loadActiveProfileId();
  const chosen = formats.environmentProfiles(
    profiles,
    collection.auth.method,
    activeId,
    profileIds,
  );
  const files = formats.exportOpenCollection(collection, {
    environments: chosen.map(({ name, baseUrl, authUrl, companyId, clientId, variables }) => ({
      name,
      baseUrl,
      authUrl,
      companyId,
      clientId,
      variables,
    })),
    storedSecrets: secrets.secrets,
    pairs: secrets.pairs,
  });
  if (!files.ok) return files;
  return ok({ folder: formats.safeStem(collection.name, 'collection'), files: files.value });
};

/** Stores an imported collection, or answers "clash" when its name is taken and the user is asked. */
function storeImported(
  imported: FileImport,
  onClash: 'ask' | 'replace' | 'keep-both',
): Promise<Result<ImportOutcome>> {
  return serially(() => phaseTimes.time('import-store', () => mergeAndStore(imported, onClash)));
}

async function mergeAndStore(
  imported: FileImport,
  onClash: 'ask' | 'replace' | 'keep-both',
): Promise<Result<ImportOutcome>> {
  const secrets = await secretsToCheck('import');
  if (!secrets.ok) return secrets;
  const redactor = await fullRedactor();
  const masked = maskStoredSecrets(imported.collection, secrets.value.secrets, redactor.deep);
  if (!masked.ok) return masked;
  const { collection } = masked.value;
  const summary = [...imported.summary, ...masked.value.notes];
  const existing = await loadCollections();
  const clash = nameClash(existing, collection);
  if (clash !== null && onClash === 'ask')
    return ok({ outcome: 'clash' as const, name: clash.name });
  const choice = onClash === 'replace' ? 'replace' : 'keep-both';
  const merged = mergeOnImport(existing, collection, choice, () => crypto.randomUUID());
  await storeCollections(merged.collections);
  // The panel reloads the list; sending a 10 000-request collection back here would only cost.
  const { id, name } = merged.imported;
  return ok({ outcome: 'imported' as const, id, name, summary });
}

export const importCollectionHandler: Handlers['collections/import'] = async (payload) => {
  const { onClash } = payload;
  const text =
    'text' in payload
      ? ok(payload.text)
      : await phaseTimes.time('import-unpack', () => unpackText(payload.packed, IMPORT_MAX_CHARS));
  if (!text.ok) return text;
  const formats = workerFormats();
  if (!formats.ok) return formats;
  // The file's kind picks the importer; a kind that is not imported is refused by name.
  const readStart = performance.now();
  const parsed = formats.value.importCollectionFile(text.value, () => crypto.randomUUID());
  phaseTimes.add('import-read', performance.now() - readStart);
  return parsed.ok ? storeImported(parsed.value, onClash) : parsed;
};

export const importParsedHandler: Handlers['collections/import-parsed'] = async ({
  collection: input,
  summary,
  onClash,
}) => {
  // The schema has run; the limits (item count, folder depth, unique ids) are checked here.
  const checked = validateCollection(input);
  return checked.ok ? storeImported({ collection: checked.value, summary }, onClash) : checked;
};

/** The page that asks for a collection's folder: a tab, since DevTools refuses pickers. */
const CONNECT_FOLDER_PAGE = 'extension/connect-folder/connect-folder.html';

/** Connect folder: opens the tab that asks for the folder (or for access to it again). */
export const connectFolderHandler: Handlers['collections/connect-folder'] = async ({
  id,
  reconnect,
}) => {
  const collection = (await loadCollections()).find((item) => item.id === id);
  if (collection === undefined) return notFound(id);
  const query = new URLSearchParams({ collection: id, name: collection.name });
  if (reconnect) query.set('reconnect', '1');
  await browser.tabs.create({ url: browser.runtime.getURL(`${CONNECT_FOLDER_PAGE}?${query}`) });
  return ok({ opened: true as const });
};
