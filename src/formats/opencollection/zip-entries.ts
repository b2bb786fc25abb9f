/**
 * The entries of an untrusted zip, read from its central directory and checked before anything
 * is inflated, then inflated one by one with their declared sizes held to. A zip bomb packs many
 * entries onto one compressed stream (200 entries sharing one 100 MB stream froze the panel for
 * 155 s) or declares small sizes for large streams (fflate then cut the entry silently). So:
 * entries may not overlap (each local header and its compressed data lie apart from every other,
 * before the central directory); the declared inflated sizes of the entries read may not sum to
 * more than MAX_ZIP_INFLATED_BYTES; each entry is inflated into a buffer one byte longer than it
 * declares, so one that inflates to another size is found (and named, not read) at a cost bounded
 * by what it declared. ZIP64 and split archives are refused: a collection folder never needs them.
 */
import { inflateSync } from 'fflate';
import { fail, ok, type Result } from '../../vocabulary/errors';

/** What all the entries read may inflate to together: the import's own bound on its text. */
export const MAX_ZIP_INFLATED_BYTES = 32 * 1024 * 1024;
/** The most entries a zip may list (more is refused before any is read). */
export const MAX_ZIP_ENTRIES = 20_000;

export interface ZipEntry {
  name: string;
  data: Uint8Array;
}

/** The entries read, and the names of those that were not (with why). */
export interface ZipContents {
  entries: ZipEntry[];
  cut: { name: string; why: string }[];
}

const HINT =
  'Zip the collection folder (the one holding opencollection.yml) again with an ordinary zip tool and import the new zip.';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

interface Listed {
  name: string;
  method: number;
  flags: number;
  packed: number;
  declared: number;
  headerAt: number;
}

function refuse(why: string): Result<never> {
  return fail('bad_message', `The zip file was refused: ${why}.`, HINT);
}

/** The offset of the end-of-central-directory record, searched from the end, or -1. */
function findEnd(view: DataView): number {
  const last = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let at = view.byteLength - 22; at >= last; at -= 1) {
    if (view.getUint32(at, true) === EOCD) return at;
  }
  return -1;
}

function listEntries(
  bytes: Uint8Array,
  view: DataView,
): Result<{ listed: Listed[]; cdAt: number }> {
  const end = findEnd(view);
  if (end < 0) return refuse('it has no central directory (it is cut short, or not a zip)');
  const count = view.getUint16(end + 10, true);
  const cdSize = view.getUint32(end + 12, true);
  const cdAt = view.getUint32(end + 16, true);
  if (view.getUint16(end + 4, true) !== 0 || view.getUint16(end + 6, true) !== 0)
    return refuse('it is split across several files');
  if (count === 0xffff || cdAt === 0xffffffff || cdSize === 0xffffffff)
    return refuse('it is a ZIP64 archive, which a collection folder never needs');
  if (count > MAX_ZIP_ENTRIES) return refuse(`it lists more than ${MAX_ZIP_ENTRIES} entries`);
  if (cdAt + cdSize > end) return refuse('its central directory lies outside the file');
  const decoder = new TextDecoder('utf-8');
  const listed: Listed[] = [];
  let at = cdAt;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > end || view.getUint32(at, true) !== CENTRAL)
      return refuse('its central directory is damaged');
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    if (at + 46 + nameLength > end) return refuse('its central directory is damaged');
    listed.push({
      flags: view.getUint16(at + 8, true),
      method: view.getUint16(at + 10, true),
      packed: view.getUint32(at + 20, true),
      declared: view.getUint32(at + 24, true),
      headerAt: view.getUint32(at + 42, true),
      name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return ok({ listed, cdAt });
}

/** Where each entry's compressed data lies; refused when one overlaps another. */
function placeEntries(
  view: DataView,
  listed: readonly Listed[],
  cdAt: number,
): Result<{ entry: Listed; dataAt: number }[]> {
  const placed = listed.map((entry) => {
    const at = entry.headerAt;
    if (at + 30 > cdAt || view.getUint32(at, true) !== LOCAL) return null;
    const dataAt = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    return dataAt + entry.packed > cdAt ? null : { entry, dataAt };
  });
  const broken = listed.find((_, index) => placed[index] === null);
  if (broken !== undefined)
    return refuse(`the entry "${broken.name.slice(0, 120)}" lies outside the file`);
  const sorted = (placed as { entry: Listed; dataAt: number }[])
    .slice()
    .sort((a, b) => a.entry.headerAt - b.entry.headerAt);
  for (let index = 1; index < sorted.length; index += 1) {
    const before = sorted[index - 1];
    const after = sorted[index];
    if (
      before !== undefined &&
      after !== undefined &&
      after.entry.headerAt < before.dataAt + before.entry.packed
    )
      return refuse(
        `its entries "${before.entry.name.slice(0, 80)}" and "${after.entry.name.slice(0, 80)}" share the same bytes (a "zip bomb")`,
      );
  }
  return ok(placed as { entry: Listed; dataAt: number }[]);
}

/** The bytes of one entry, or why they are not read. */
function inflateEntry(bytes: Uint8Array, entry: Listed, dataAt: number): Uint8Array | string {
  if ((entry.flags & 1) !== 0) return 'it is encrypted';
  const packed = bytes.subarray(dataAt, dataAt + entry.packed);
  if (entry.method === 0) {
    return entry.packed === entry.declared ? packed.slice() : 'its sizes do not agree';
  }
  if (entry.method !== 8) return 'it is compressed in a way that is not read (only deflate)';
  let data: Uint8Array;
  try {
    data = inflateSync(packed, { out: new Uint8Array(entry.declared + 1) });
  } catch (error) {
    return `its data is damaged (${error instanceof Error ? error.message.slice(0, 80) : 'unreadable'})`;
  }
  return data.length === entry.declared
    ? data
    : 'it inflates to another size than the zip declares for it';
}

/**
 * The entries `wanted` accepts (by name), checked as the header says; an entry that cannot be read
 * as declared is named in `cut`, the others are read.
 */
export function readZipEntries(
  bytes: Uint8Array,
  wanted: (name: string) => boolean,
): Result<ZipContents> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 22) return refuse('it is too short to be a zip');
  const list = listEntries(bytes, view);
  if (!list.ok) return list;
  const placed = placeEntries(view, list.value.listed, list.value.cdAt);
  if (!placed.ok) return placed;
  const kept = placed.value.filter(({ entry }) => wanted(entry.name));
  const total = kept.reduce((sum, { entry }) => sum + entry.declared, 0);
  if (total > MAX_ZIP_INFLATED_BYTES)
    return refuse(
      `its files would inflate to more than the ${MAX_ZIP_INFLATED_BYTES / 1024 / 1024} MB an import may have`,
    );
  const contents: ZipContents = { entries: [], cut: [] };
  for (const { entry, dataAt } of kept) {
    const data = inflateEntry(bytes, entry, dataAt);
    if (typeof data === 'string') contents.cut.push({ name: entry.name, why: data });
    else contents.entries.push({ name: entry.name, data });
  }
  return ok(contents);
}
