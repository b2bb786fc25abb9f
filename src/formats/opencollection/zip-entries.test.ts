/**
 * The zip reader against hostile zips written byte by byte: entries sharing one compressed stream,
 * sizes that lie, declared sizes past the bound. What each read costs is counted, not timed (a
 * time limit fails on a loaded machine): fflate's inflateSync is wrapped to count its calls and the
 * bytes it may write, which the reader bounds by the sizes the zip declares.
 */
import { deflateSync, strToU8 } from 'fflate';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { unzipCollectionFolder } from './opencollection-zip';
import { MAX_ZIP_INFLATED_BYTES } from './zip-entries';

/** Every inflate the reader asks for: the size of the buffer it may fill. */
const inflates = vi.hoisted((): number[] => []);
vi.mock('fflate', async (importOriginal) => {
  const real = await importOriginal<typeof import('fflate')>();
  return {
    ...real,
    inflateSync: (data: Uint8Array, options?: { out?: Uint8Array }) => {
      // Without an output buffer the inflated size would be unbounded: count it as such.
      inflates.push(options?.out?.length ?? Number.POSITIVE_INFINITY);
      return real.inflateSync(data, options);
    },
  };
});
beforeEach(() => {
  inflates.length = 0;
});

interface HandEntry {
  name: string;
  /** The bytes stored (deflated unless `stored`). */
  packed: Uint8Array;
  /** The inflated size the headers declare. */
  declared: number;
  stored?: boolean;
  /** Point this entry's central record at an earlier entry's local header (by index). */
  sharesWith?: number;
}

/** A zip written byte by byte, so that it can lie as a hostile one does. */
function handZip(entries: readonly HandEntry[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const offsets: number[] = [];
  let at = 0;
  const records: Uint8Array[] = [];
  for (const entry of entries) {
    const name = strToU8(entry.name);
    const method = entry.stored ? 0 : 8;
    if (entry.sharesWith === undefined) {
      const local = new Uint8Array(30 + name.length);
      const view = new DataView(local.buffer);
      view.setUint32(0, 0x04034b50, true);
      view.setUint16(4, 20, true);
      view.setUint16(8, method, true);
      view.setUint32(18, entry.packed.length, true);
      view.setUint32(22, entry.declared, true);
      view.setUint16(26, name.length, true);
      local.set(name, 30);
      offsets.push(at);
      parts.push(local, entry.packed);
      at += local.length + entry.packed.length;
    } else offsets.push(offsets[entry.sharesWith] ?? 0);
    const central = new Uint8Array(46 + name.length);
    const view = new DataView(central.buffer);
    view.setUint32(0, 0x02014b50, true);
    view.setUint16(4, 20, true);
    view.setUint16(6, 20, true);
    view.setUint16(10, method, true);
    view.setUint32(20, entry.packed.length, true);
    view.setUint32(24, entry.declared, true);
    view.setUint16(28, name.length, true);
    view.setUint32(42, offsets.at(-1) ?? 0, true);
    central.set(name, 46);
    records.push(central);
  }
  const cdSize = records.reduce((sum, record) => sum + record.length, 0);
  const end = new Uint8Array(22);
  const view = new DataView(end.buffer);
  view.setUint32(0, 0x06054b50, true);
  view.setUint16(8, entries.length, true);
  view.setUint16(10, entries.length, true);
  view.setUint32(12, cdSize, true);
  view.setUint32(16, at, true);
  const all = [...parts, ...records, end];
  const bytes = new Uint8Array(all.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of all) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

const TOP = strToU8('opencollection: 1.0.0\ninfo:\n  name: Team\n');
const top = (): HandEntry => ({
  name: 'team/opencollection.yml',
  packed: deflateSync(TOP),
  declared: TOP.length,
});

describe('a hostile zip', () => {
  it('refuses 200 entries that share one compressed stream, at once', () => {
    const stream = deflateSync(new Uint8Array(20 * 1024 * 1024));
    const entries: HandEntry[] = [top(), { name: 'team/r0.yml', packed: stream, declared: 4096 }];
    for (let index = 1; index < 200; index += 1)
      entries.push({ name: `team/r${index}.yml`, packed: stream, declared: 4096, sharesWith: 1 });
    const zip = handZip(entries);
    const unzipped = unzipCollectionFolder(zip);
    // Refused from the central directory alone (reading them took 155 s): nothing inflated.
    expect(inflates).toEqual([]);
    expect(unzipped.ok).toBe(false);
    if (!unzipped.ok) {
      expect(unzipped.error.message).toContain('share the same bytes (a "zip bomb")');
      expect(unzipped.error.message).toContain('"team/r0.yml" and "team/r1.yml"');
      expect(unzipped.error.hint).toContain('Zip the collection folder');
    }
  });

  it('names, and does not read, an entry whose real size is not the declared one', () => {
    const big = deflateSync(new Uint8Array(5 * 1024 * 1024).fill(0x61));
    const small = strToU8('info:\n  name: Fine\n  type: http\n');
    const zip = handZip([
      top(),
      { name: 'team/liar.yml', packed: big, declared: 10 },
      { name: 'team/short.yml', packed: deflateSync(small), declared: small.length + 50 },
      { name: 'team/stored.yml', packed: small, declared: small.length + 1, stored: true },
      { name: 'team/fine.yml', packed: deflateSync(small), declared: small.length },
    ]);
    const unzipped = unzipCollectionFolder(zip);
    // The liar's 5 MB are never inflated: each inflate may write one byte more than declared.
    expect(inflates).toEqual([TOP.length + 1, 10 + 1, small.length + 50 + 1, small.length + 1]);
    if (!unzipped.ok) throw new Error(unzipped.error.message);
    expect(unzipped.value.files.map(({ path }) => path)).toEqual([
      'team/opencollection.yml',
      'team/fine.yml',
    ]);
    const [line] = unzipped.value.summary;
    expect(unzipped.value.summary).toHaveLength(1);
    expect(line).toContain('were not imported (3)');
    expect(line).toContain('"team/liar.yml" (it inflates to another size than the zip declares');
    expect(line).toContain('"team/short.yml"');
    expect(line).toContain('"team/stored.yml" (its sizes do not agree)');
  });

  it('refuses entries that together would inflate past the bound, before inflating any', () => {
    const half = MAX_ZIP_INFLATED_BYTES / 2 + 1;
    const packed = deflateSync(new Uint8Array(16));
    const zip = handZip([
      top(),
      { name: 'team/a.yml', packed, declared: half },
      { name: 'team/b.yml', packed, declared: half },
    ]);
    const unzipped = unzipCollectionFolder(zip);
    expect(inflates).toEqual([]);
    expect(unzipped.ok).toBe(false);
    if (!unzipped.ok)
      expect(unzipped.error.message).toContain('would inflate to more than the 32 MB');
  });

  it('reads an honest zip written the same way', () => {
    const unzipped = unzipCollectionFolder(handZip([top()]));
    expect(unzipped.ok && unzipped.value).toEqual({
      files: [{ path: 'team/opencollection.yml', text: new TextDecoder().decode(TOP) }],
      summary: [],
    });
  });
});
