/**
 * Import collection and Import Bruno folder, as the Collections tab runs them: the picked file is
 * read (an OpenAPI document or a Bruno zip in the panel, asking first what an OpenAPI document's
 * operations outside /v1 become; any other file by the worker), or the picked folder, stored, and a name clash asks whether to replace, keep both or cancel; the summary
 * says what came along and what the document suggests for a profile.
 */
import { useState } from 'preact/hooks';
import type { FileImport } from '../../../../src/formats/import-file';
import type { OpenApiImport } from '../../../../src/formats/openapi/openapi-import';
import type { ProfilePrefill } from '../../../../src/service/profile/profile-input';
import type { CollectionsState } from '../../state/use-collections';
import { ask } from '../../state/worker-client';

/** A collection the panel read itself (OpenAPI, a Bruno zip or folder), with what OpenAPI suggests. */
type Parsed = FileImport & Partial<Pick<OpenApiImport, 'suggestedAuth' | 'suggestedBaseUrl'>>;

/** What an import waits on while a name clash is asked about: its text, or what the panel read. */
type Pending = { text: string } | { parsed: Parsed };

/** A zip's first bytes: `PK\x03\x04`, or `PK\x05\x06` for an empty archive. */
async function isZip(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  return head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5);
}

/**
 * The profile an imported OpenAPI document suggests: its name, the auth method its security
 * schemes fit, the token URL's origin as Auth URL and the server as Base URL. Null when it
 * suggests nothing a profile could use.
 */
function suggestedProfile(parsed: Parsed): ProfilePrefill | null {
  const { suggestedAuth = null, suggestedBaseUrl = null, collection } = parsed;
  if (suggestedAuth === null && suggestedBaseUrl === null) return null;
  return {
    name: collection.name,
    ...(suggestedAuth === null ? {} : { authMethod: suggestedAuth.method }),
    ...(suggestedAuth?.authUrl ? { authUrl: suggestedAuth.authUrl } : {}),
    ...(suggestedBaseUrl === null ? {} : { baseUrl: suggestedBaseUrl }),
  };
}

/** What an import did, in lines, and the profile an OpenAPI document suggests. */
export interface ImportSummaryLines {
  lines: string[];
  suggested: ProfilePrefill | null;
}

export function useCollectionImport(state: CollectionsState) {
  const [clash, setClash] = useState<{ name: string; pending: Pending } | null>(null);
  const [summary, setSummary] = useState<ImportSummaryLines | null>(null);
  const [reading, setReading] = useState(false);
  const [outside, setOutside] = useState<{ text: string; parsed: OpenApiImport } | null>(null);

  async function store(pending: Pending, onClash: 'ask' | 'replace' | 'keep-both') {
    setClash(null);
    // Loaded with the first import, like the file reader: nothing else in the panel packs text.
    const { packText } = await import('../../../../src/protocol/packed-text');
    const reply =
      'text' in pending
        ? await ask('collections/import', { packed: await packText(pending.text), onClash })
        : await ask('collections/import-parsed', {
            collection: pending.parsed.collection,
            summary: pending.parsed.summary,
            onClash,
          });
    if (!reply.ok) return state.setError(reply.error);
    if (reply.value.outcome === 'clash') return setClash({ name: reply.value.name, pending });
    state.setError(null);
    setSummary({
      lines: [`Imported “${reply.value.name}”.`, ...reply.value.summary],
      suggested: 'parsed' in pending ? suggestedProfile(pending.parsed) : null,
    });
    await state.reload();
  }

  async function onFile(event: Event) {
    const input = event.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (file === undefined) return;
    setReading(true);
    if (await isZip(file)) {
      const { readImportZip } = await import('./read-import-file');
      const parsed = await readImportZip(new Uint8Array(await file.arrayBuffer()));
      setReading(false);
      return parsed.ok ? store({ parsed: parsed.value }, 'ask') : state.setError(parsed.error);
    }
    const text = await file.text();
    const { readImportFile } = await import('./read-import-file');
    const read = await readImportFile(text);
    setReading(false);
    if ('send' in read) return store({ text }, 'ask');
    if (!read.parsed.ok) return state.setError(read.parsed.error);
    if (read.parsed.value.outsideV1 > 0) return setOutside({ text, parsed: read.parsed.value });
    await store({ parsed: read.parsed.value }, 'ask');
  }

  /** Import Bruno folder: the files of a picked OpenCollection folder. */
  async function onFolder(event: Event) {
    const input = event.currentTarget as HTMLInputElement;
    const picked = [...(input.files ?? [])];
    input.value = '';
    if (picked.length === 0) return;
    setReading(true);
    const { readImportFolder } = await import('./read-import-file');
    const parsed = await readImportFolder(picked);
    setReading(false);
    return parsed.ok ? store({ parsed: parsed.value }, 'ask') : state.setError(parsed.error);
  }

  /** The choice for operations outside /v1 was made: import as read, or read again without them. */
  async function importOutside(leaveOut: boolean) {
    if (outside === null) return;
    setOutside(null);
    if (!leaveOut) return store({ parsed: outside.parsed }, 'ask');
    const { readImportFile } = await import('./read-import-file');
    const read = await readImportFile(outside.text, 'leave-out');
    if ('send' in read) return;
    if (!read.parsed.ok) return state.setError(read.parsed.error);
    await store({ parsed: read.parsed.value }, 'ask');
  }

  return {
    reading,
    clash,
    setClash,
    summary,
    setSummary,
    outside,
    setOutside,
    store,
    onFile,
    onFolder,
    importOutside,
  };
}
