/**
 * Import collection and Import Bruno folder as plain functions, loaded with the Collections tab: the
 * picked file is read (an OpenAPI document or a Bruno or Postman 12 zip here, asking first what an
 * OpenAPI document's operations outside /v1 become; any other file by the worker, sent packed), or
 * the picked folder; it is stored, and a name clash asks whether to replace, keep both or cancel;
 * the summary says what came along and what the document suggests for a profile. Every step shows
 * in the collections slice's `import`; a refusal shows as the slice's error, and nothing is stored.
 */
import type { ProfilePrefill } from '../service/profile/profile-input';
import type { AppError } from '../vocabulary/errors';
import type { CommandDeps } from './ask';
import { reloadCollections } from './collection-commands';
import type { ImportProgress, ParsedImport, PendingImport } from './collections-state';
import type { PickedFile } from './import-reading';

/** The readers load with the first import, like the formats they call. */
const readers = () => import('./import-reading');

/** A zip's first bytes: `PK\x03\x04`, or `PK\x05\x06` for an empty archive. */
async function isZip(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  return head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5);
}

/**
 * The profile an imported OpenAPI document suggests: its name, the auth method its security
 * schemes fit, the token URL's origin as Auth URL and the server as Base URL. Null when it
 * suggests nothing a profile could use.
 */
function suggestedProfile(parsed: ParsedImport): ProfilePrefill | null {
  const { suggestedAuth = null, suggestedBaseUrl = null, collection } = parsed;
  if (suggestedAuth === null && suggestedBaseUrl === null) return null;
  return {
    name: collection.name,
    ...(suggestedAuth === null ? {} : { authMethod: suggestedAuth.method }),
    ...(suggestedAuth?.authUrl ? { authUrl: suggestedAuth.authUrl } : {}),
    ...(suggestedBaseUrl === null ? {} : { baseUrl: suggestedBaseUrl }),
  };
}

const progress = ({ dispatch }: CommandDeps, set: Partial<ImportProgress>) =>
  dispatch({ type: 'collections/import', set });

function refused(deps: CommandDeps, error: AppError): void {
  progress(deps, { reading: false });
  deps.dispatch({ type: 'collections/error', error });
}

/** Stores what was read; a name clash is asked about first (`onClash: 'ask'`). */
async function store(
  deps: CommandDeps,
  pending: PendingImport,
  onClash: 'ask' | 'replace' | 'keep-both',
): Promise<void> {
  progress(deps, { clash: null, reading: false });
  // Loaded with the first import, like the file reader: nothing else in the panel packs text.
  const { packText } = await import('../protocol/packed-text');
  const reply =
    'text' in pending
      ? await deps.ask('collections/import', { packed: await packText(pending.text), onClash })
      : await deps.ask('collections/import-parsed', {
          collection: pending.parsed.collection,
          summary: pending.parsed.summary,
          onClash,
        });
  if (!reply.ok) return refused(deps, reply.error);
  if (reply.value.outcome === 'clash') {
    return progress(deps, { clash: { name: reply.value.name, pending } });
  }
  deps.dispatch({ type: 'collections/error', error: null });
  progress(deps, {
    summary: {
      lines: [`Imported “${reply.value.name}”.`, ...reply.value.summary],
      suggested: 'parsed' in pending ? suggestedProfile(pending.parsed) : null,
    },
  });
  await reloadCollections(deps);
}

/** Import collection: a picked file (a zip is a Bruno or Postman 12 folder). */
export async function importFile(deps: CommandDeps, file: Blob): Promise<void> {
  progress(deps, { reading: true });
  if (await isZip(file)) {
    const { readImportZip } = await readers();
    const parsed = await readImportZip(new Uint8Array(await file.arrayBuffer()), deps.newId);
    if (!parsed.ok) return refused(deps, parsed.error);
    return store(deps, { parsed: parsed.value }, 'ask');
  }
  const text = await file.text();
  const { readImportFile } = await readers();
  const read = await readImportFile(text, deps.newId);
  if ('send' in read) return store(deps, { text }, 'ask');
  if (!read.parsed.ok) return refused(deps, read.parsed.error);
  if (read.parsed.value.outsideV1 > 0) {
    return progress(deps, { reading: false, outside: { text, parsed: read.parsed.value } });
  }
  await store(deps, { parsed: read.parsed.value }, 'ask');
}

/** Import Bruno folder: the picked folder's files. */
export async function importFolder(deps: CommandDeps, files: readonly PickedFile[]): Promise<void> {
  progress(deps, { reading: true });
  const { readImportFolder } = await readers();
  const parsed = await readImportFolder(files, deps.newId);
  if (!parsed.ok) return refused(deps, parsed.error);
  await store(deps, { parsed: parsed.value }, 'ask');
}

/** The answer to a name clash: replace the collection, keep both, or cancel the import. */
export async function resolveClash(
  deps: CommandDeps,
  choice: 'replace' | 'keep-both' | 'cancel',
): Promise<void> {
  const { clash } = deps.get().collections.import;
  if (clash === null) return;
  if (choice === 'cancel') return progress(deps, { clash: null });
  await store(deps, clash.pending, choice);
}

/** The choice for operations outside /v1: import as read, or read again without them. */
export async function resolveOutside(
  deps: CommandDeps,
  choice: 'under-v1' | 'leave-out' | 'cancel',
): Promise<void> {
  const { outside } = deps.get().collections.import;
  if (outside === null) return;
  progress(deps, { outside: null });
  if (choice === 'cancel') return;
  if (choice === 'under-v1') return store(deps, { parsed: outside.parsed }, 'ask');
  const { readImportFile } = await readers();
  const read = await readImportFile(outside.text, deps.newId, 'leave-out');
  if ('send' in read) return;
  if (!read.parsed.ok) return refused(deps, read.parsed.error);
  await store(deps, { parsed: read.parsed.value }, 'ask');
}

export const dismissSummary = (deps: CommandDeps) => progress(deps, { summary: null });
