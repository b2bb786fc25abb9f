/**
 * A collection folder in and out of a `.zip` (fflate): what Export for Bruno downloads and what
 * Import collection accepts. The archive holds one folder named after the collection, so that
 * unpacking it gives the folder `bru run` is started in. Entries carry a fixed date, so the same
 * files give the same archive.
 *
 * An archive is untrusted: its entries are checked before anything is inflated (zip-entries.ts:
 * no overlapping entries, a bound on what they inflate to, declared and real sizes held to, an
 * entry that breaks them named in the summary), entries that climb out of the archive (`..`,
 * absolute paths) and macOS resource forks are skipped, and text is decoded as UTF-8. Loaded lazily: the panel's start-up budget
 * does not carry it.
 */
import { strToU8, type Zippable, zipSync } from 'fflate';
import { fail, ok, type Result } from '../../vocabulary/errors';
import { type CollectionFile, MAX_IMPORT_FILES } from './opencollection-format';
import { readZipEntries } from './zip-entries';

/** DOS time starts in 1980; any fixed date keeps the archive reproducible. */
const FIXED_DATE = new Date(Date.UTC(1980, 0, 1));

/** The archive of `files` under one folder named `folder`. */
export function zipCollectionFolder(
  folder: string,
  files: readonly CollectionFile[],
): Uint8Array<ArrayBuffer> {
  const entries: Zippable = {};
  for (const { path, text } of files) entries[`${folder}/${path}`] = strToU8(text);
  // fflate allocates its output itself, never on a SharedArrayBuffer.
  return zipSync(entries, { level: 6, mtime: FIXED_DATE }) as Uint8Array<ArrayBuffer>;
}

function isInside(path: string): boolean {
  return (
    !path.startsWith('/') &&
    !/^[A-Za-z]:/.test(path) &&
    !path.split(/[\\/]/).includes('..') &&
    !path.startsWith('__MACOSX/')
  );
}

/** `PK\x03\x04` (or an empty archive's `PK\x05\x06`): the bytes a zip file starts with. */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);
}

/** The text files of an archive, and a summary line naming the entries that could not be read. */
export interface UnzippedFolder {
  files: CollectionFile[];
  /** Empty, or one line naming every entry that was not read as its header declares. */
  summary: string[];
}

/** The text files of an archive, or a refusal that says what is wrong with it. */
export function unzipCollectionFolder(bytes: Uint8Array): Result<UnzippedFolder> {
  let count = 0;
  const read = readZipEntries(bytes, (name) => {
    if (name.endsWith('/') || !isInside(name)) return false;
    count += 1;
    return true;
  });
  if (!read.ok) return read;
  if (count > MAX_IMPORT_FILES) {
    return fail(
      'bad_message',
      `The zip file holds more than ${MAX_IMPORT_FILES.toLocaleString('en')} files, more than an import may have.`,
      'Zip only the collection folder, without other files beside it.',
    );
  }
  const decoder = new TextDecoder('utf-8');
  const files = read.value.entries.map(({ name, data }) => ({
    path: name.replace(/\\/g, '/'),
    text: decoder.decode(data),
  }));
  const { cut } = read.value;
  const summary =
    cut.length === 0
      ? []
      : [
          `Zip entries that could not be read as the zip declares them were not imported (${cut.length}): ${cut
            .slice(0, 20)
            .map(({ name, why }) => `"${name.slice(0, 120)}" (${why})`)
            .join(
              ', ',
            )}${cut.length > 20 ? ', …' : ''}. Zip the folder again with an ordinary zip tool.`,
        ];
  return ok({ files, summary });
}
