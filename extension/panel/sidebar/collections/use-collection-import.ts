/**
 * Import collection, as the Collections tab runs it: the picked file is read (an OpenAPI document
 * in the panel, asking first what to do with operations outside /v1; any other file by the
 * worker), stored, and a name clash asks whether to replace, keep both or cancel; the summary
 * says what came along and what the document suggests for a profile.
 */
import { useState } from 'preact/hooks';
import type { OpenApiImport } from '../../../../src/formats/openapi/openapi-import';
import type { ProfilePrefill } from '../../../../src/service/profile/profile-input';
import type { CollectionsState } from '../../state/use-collections';
import { ask } from '../../state/worker-client';

/** What an import waits on while a name clash is asked about: its text, or what the panel read. */
type Pending = { text: string } | { parsed: OpenApiImport };

/**
 * The profile an imported OpenAPI document suggests: its name, the auth method its security
 * schemes fit, the token URL's origin as Auth URL and the server as Base URL. Null when it
 * suggests nothing a profile could use.
 */
function suggestedProfile(parsed: OpenApiImport): ProfilePrefill | null {
  const { suggestedAuth, suggestedBaseUrl, collection } = parsed;
  if (suggestedAuth === null && suggestedBaseUrl === null) return null;
  return {
    name: collection.name,
    ...(suggestedAuth === null ? {} : { authMethod: suggestedAuth.method }),
    ...(suggestedAuth?.authUrl ? { authUrl: suggestedAuth.authUrl } : {}),
    ...(suggestedBaseUrl === null ? {} : { baseUrl: suggestedBaseUrl }),
  };
}

export function useCollectionImport(state: CollectionsState) {
  const [clash, setClash] = useState<{ name: string; pending: Pending } | null>(null);
  const [summary, setSummary] = useState<{
    lines: string[];
    suggested: ProfilePrefill | null;
  } | null>(null);
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
    const text = await file.text();
    const { readImportFile } = await import('./read-import-file');
    const read = await readImportFile(text);
    setReading(false);
    if ('send' in read) return store({ text }, 'ask');
    if (!read.parsed.ok) return state.setError(read.parsed.error);
    if (read.parsed.value.outsideV1 > 0) return setOutside({ text, parsed: read.parsed.value });
    await store({ parsed: read.parsed.value }, 'ask');
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
    importOutside,
  };
}
