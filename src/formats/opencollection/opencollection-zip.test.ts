import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { brunoSample } from '../../testing/fixtures/opencollection/opencollection-samples';
import { exportOpenCollection } from './opencollection-export';
import { importOpenCollection } from './opencollection-import';
import { looksLikeZip, unzipCollectionFolder, zipCollectionFolder } from './opencollection-zip';

function sampleFiles() {
  const result = exportOpenCollection(brunoSample(), { environments: [], storedSecrets: [] });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('the collection folder as a zip', () => {
  it('holds one folder named after the collection, the same bytes every time', () => {
    const files = sampleFiles();
    const zip = zipCollectionFolder('orders-walkthrough', files);
    expect(zipCollectionFolder('orders-walkthrough', files)).toEqual(zip);
    expect(looksLikeZip(zip)).toBe(true);
    expect(Object.keys(unzipSync(zip))).toEqual(
      files.map(({ path }) => `orders-walkthrough/${path}`),
    );
  });

  it('imports back through unzip and the OpenCollection import', () => {
    const unzipped = unzipCollectionFolder(zipCollectionFolder('orders', sampleFiles()));
    if (!unzipped.ok) throw new Error(unzipped.error.message);
    const imported = importOpenCollection(unzipped.value.files, () => 'id');
    if (!imported.ok) throw new Error(imported.error.message);
    expect(imported.value.collection.name).toBe('Orders walkthrough');
    expect(imported.value.collection.items.map(({ name }) => name)).toEqual([
      'List products',
      'Orders',
      'Company',
    ]);
  });

  it('skips entries that climb out of the archive and macOS resource forks', () => {
    const zip = zipSync({
      'c/opencollection.yml': strToU8('opencollection: 1.0.0\n'),
      '../evil.yml': strToU8('x: 1'),
      '/abs.yml': strToU8('x: 1'),
      '__MACOSX/c/._opencollection.yml': strToU8('junk'),
    });
    const unzipped = unzipCollectionFolder(zip);
    expect(unzipped.ok && unzipped.value.files.map(({ path }) => path)).toEqual([
      'c/opencollection.yml',
    ]);
  });

  it('refuses what is not a zip, saying what to do', () => {
    const bytes = strToU8('PK\u0003\u0004 but not really');
    expect(looksLikeZip(bytes)).toBe(true);
    const unzipped = unzipCollectionFolder(bytes);
    expect(unzipped.ok).toBe(false);
    if (!unzipped.ok) expect(unzipped.error.hint).toContain('Zip the collection folder');
    expect(looksLikeZip(strToU8('{"a":1}'))).toBe(false);
  });
});
