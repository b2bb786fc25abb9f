/**
 * What `npm run package` zips (scripts/package.ts): a browser's build with its manifest at the
 * zip's root and every file byte for byte, the same bytes from one run to the next, and the
 * sources AMO asks for without any build output or installed package. Runs on the builds
 * `npm test` makes first (`npm run build:firefox` when running this alone).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { filesUnder, sourceFiles, zipFiles } from '../../scripts/package';

const ROOT = join(import.meta.dirname, '..', '..');
const DIST_FIREFOX = join(ROOT, 'dist-firefox');

describe('the add-on zip', () => {
  it('holds the build as it is, manifest at the root, the same bytes each time', () => {
    expect(existsSync(join(DIST_FIREFOX, 'manifest.json'))).toBe(true);
    const files = filesUnder(DIST_FIREFOX);
    const zip = zipFiles(DIST_FIREFOX, files);
    const unzipped = unzipSync(zip);
    expect(Object.keys(unzipped).sort()).toEqual(files);
    expect(files).toContain('manifest.json');
    for (const file of files) {
      expect(Buffer.from(unzipped[file] ?? []).equals(readFileSync(join(DIST_FIREFOX, file)))).toBe(
        true,
      );
    }
    expect(Buffer.from(zipFiles(DIST_FIREFOX, files)).equals(Buffer.from(zip))).toBe(true);
  });
});

describe('the sources zip', () => {
  const sources = sourceFiles(ROOT);

  it('has what a reviewer needs to build the add-on the same way', () => {
    for (const file of [
      'package.json',
      'package-lock.json',
      'manifest.json',
      'vite.config.ts',
      'scripts/firefox-manifest.ts',
      'README.md',
      'docs/firefox.md',
    ]) {
      expect(sources).toContain(file);
    }
  });

  it('leaves out builds, packages and caches', () => {
    const generated = sources.filter((file) =>
      /^(dist|dist-firefox|packages|node_modules|\.cache|test-results)\//.test(file),
    );
    expect(generated).toEqual([]);
  });
});
