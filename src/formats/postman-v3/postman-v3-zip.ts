/**
 * The zip Export for Postman 12 downloads: the v3 files at the archive's root (`postman/…`), so
 * that unpacking it at the root of a repository puts the collection where Postman 12 looks for it.
 * Entries carry a fixed date, so the same files give the same archive. They are stored, not
 * deflated: deflating a thousand small files one by one took longer than their size is worth (a
 * 1 000-request collection is about 0.7 MB of YAML). Reading a zip back is
 * opencollection-zip.ts's job (the same checks for every archive an import takes).
 */
import { strToU8, type Zippable, zipSync } from 'fflate';
import type { CollectionFile } from '../opencollection/opencollection-format';

/** DOS time starts in 1980; any fixed date keeps the archive reproducible. */
const FIXED_DATE = new Date(Date.UTC(1980, 0, 1));

export function zipPostmanV3(files: readonly CollectionFile[]): Uint8Array<ArrayBuffer> {
  const entries: Zippable = {};
  for (const { path, text } of files) entries[path] = strToU8(text);
  // fflate allocates its output itself, never on a SharedArrayBuffer.
  return zipSync(entries, { level: 0, mtime: FIXED_DATE }) as Uint8Array<ArrayBuffer>;
}
