/**
 * A collection folder in and out of a `.zip` (fflate): what Export for Bruno downloads and what
 * Import collection accepts. The archive holds one folder named after the collection, so that
 * unpacking it gives the folder `bru run` is started in. Entries carry a fixed date, so the same
 * files give the same archive.
 *
 * An archive is untrusted: entries are counted and their declared sizes summed before anything
 * is inflated, entries that climb out of the archive (`..`, absolute paths) and macOS resource
 * forks are skipped, and text is decoded as UTF-8. Loaded lazily: the panel's start-up budget
 * does not carry it.
 */
import { strToU8, type Unzipped, unzipSync, type Zippable, zipSync } from 'fflate';
import { fail, ok, type Result } from '../../vocabulary/errors';
import { type CollectionFile, MAX_IMPORT_CHARS, MAX_IMPORT_FILES } from './opencollection-format';

/** DOS time starts in 1980; any fixed date keeps the archive reproducible. */
const FIXED_DATE = new Date(Date.UTC(1980, 0, 1));

const ZIP_HINT =
  'Zip the collection folder (the one holding opencollection.yml) again and import the new zip.';

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

/** The text files of an archive, or a refusal that says what is wrong with it. */
export function unzipCollectionFolder(bytes: Uint8Array): Result<CollectionFile[]> {
  let count = 0;
  let total = 0;
  let unzipped: Unzipped;
  try {
    unzipped = unzipSync(bytes, {
      filter: (entry) => {
        if (entry.name.endsWith('/') || !isInside(entry.name)) return false;
        count += 1;
        total += entry.originalSize;
        return count <= MAX_IMPORT_FILES && total <= MAX_IMPORT_CHARS;
      },
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return fail(
      'bad_message',
      `The zip file could not be read (${reason.slice(0, 120)}).`,
      ZIP_HINT,
    );
  }
  if (count > MAX_IMPORT_FILES || total > MAX_IMPORT_CHARS) {
    return fail(
      'bad_message',
      `The zip file holds more than ${MAX_IMPORT_FILES.toLocaleString('en')} files or ${MAX_IMPORT_CHARS / 1024 / 1024} MB, more than an import may have.`,
      'Zip only the collection folder, without other files beside it.',
    );
  }
  const decoder = new TextDecoder('utf-8');
  const files = Object.entries(unzipped).map(([path, data]) => ({
    path: path.replace(/\\/g, '/'),
    text: decoder.decode(data),
  }));
  return ok(files);
}
